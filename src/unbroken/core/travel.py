"""The Travel Phase (R-TRAVEL-1..7), skill draws and Response windows, as flow steps."""

from __future__ import annotations

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core import rng
from unbroken.core.flow import Run, step
from unbroken.core.state import Queued


@step("travel.preparation")
def preparation(run: Run, _: str) -> None:
    """R-TRAVEL-1: wait for General/Travel actions, or Explore / Fight now."""
    run.enter("travel", "preparation")
    run.wait("preparation")


@step("travel.after_action")
def after_action(run: Run, _: str) -> None:
    """R-TRAVEL-1: an action that brings time to 0 starts the ambush at once."""
    if run.s.time_track and run.s.res.get("time", 0) <= 0:
        run.push("combat.ambush")
    else:
        run.push("travel.preparation")


def reveal_count(run: Run) -> int:
    """Return how many cards the Exploration step reveals (R-TRAVEL-5, R-TRAVEL-7)."""
    if run.s.committed:
        return 1
    delta = sum(int(mod.amount) for mod in run.modifiers(m.RevealDelta))
    return max(1, run.rules.settings.reveal + run.s.reveal_bonus + delta)


@step("travel.exploration")
def exploration(run: Run, _: str) -> None:
    """R-TRAVEL-5: reveal cards (reshuffling the discard when the deck runs out)."""
    s = run.s
    run.enter("travel", "exploration")
    want = reveal_count(run)
    while want > 0:
        if not s.encounter_deck:
            if not s.encounter_discard:
                break
            order = rng.shuffled(
                s.seed, "encounters", s.counters["encounters"], s.encounter_discard
            )
            run.emit(ev.DeckShuffled("encounters", order, from_discard=True))
        cards = s.encounter_deck[:want]
        run.emit(ev.EncountersRevealed(cards))
        want -= len(cards)
    if not s.revealed:
        run.push("travel.preparation")
        return
    run.wait("choose_encounter")


@step("travel.exploration_end")
def exploration_end(run: Run, _: str) -> None:
    """R-TRAVEL-6: discard the card, lose its time; at 0 time the monster ambushes."""
    s = run.s
    card = run.rules.encounters[s.chosen]
    run.emit(ev.EncounterDiscarded(card.id))
    run.lose({"time": card.time}, card.id)
    if s.res.get("time", 0) <= 0:
        run.push("combat.ambush")
    else:
        run.push("travel.preparation")


@step("skills.gain")
def skills_gain(run: Run, arg: str) -> None:
    """Before drawing skills to keep one, offer before_skill_gain Responses."""
    run.push(f"skills.draw:{arg}")
    run.fire("before_skill_gain")


@step("skills.draw")
def skills_draw(run: Run, arg: str) -> None:
    """R-REWARD-1 / R-SKILL-1: draw skills (reshuffling the discard) and keep one."""
    s = run.s
    want = int(arg)
    while want > 0:
        if not s.skill_deck:
            if not s.skill_discard:
                break
            order = rng.shuffled(s.seed, "skills", s.counters["skills"], s.skill_discard)
            run.emit(ev.DeckShuffled("skills", order, from_discard=True))
        cards = s.skill_deck[:want]
        run.emit(ev.SkillsDrawn(cards))
        want -= len(cards)
    if s.choices:
        run.wait("choose_skill")


@step("window")
def window(run: Run, trigger: str) -> None:
    """A trigger fired: offer the optional Responses usable now, if any (R-EFFECT-2)."""
    if run.optional_responses(trigger, fresh=True):
        run.emit(ev.TriggerOpened(trigger))
        run.wait("response", trigger)


@step("rewindow")
def rewindow(run: Run, trigger: str) -> None:
    """After one Response: offer the ones not yet used at this trigger."""
    if run.optional_responses(trigger):
        run.wait("response", trigger)


@step("window.close")
def window_close(run: Run, trigger: str) -> None:
    """The player is done with Responses before the mandatory ones: note which were used.

    The window after the mandatory Responses (window.again) offers only the
    others: each Response fires at most once per trigger (R-EFFECT-2).
    """
    used = ",".join(run.s.used) if run.s.trigger == trigger else ""
    again = f"window.again:{trigger}"
    for i in range(len(run.then) - 1, -1, -1):
        if run.then[i].step == again:
            run.then[i] = Queued(step=f"{again}|{used}")
            break


@step("window.again")
def window_again(run: Run, arg: str) -> None:
    """After the mandatory Responses: offer the optional ones not yet used (R-EFFECT-2)."""
    trigger, _, used = arg.partition("|")
    spent = [key for key in used.split(",") if key]
    left = [
        (src, a)
        for src, a, _ in run.optional_responses(trigger, fresh=True)
        if f"{src}/{a.id}" not in spent
    ]
    if left:
        run.emit(ev.TriggerOpened(trigger, spent))
        run.wait("response", trigger)


@step("condition.roll_instead")
def roll_instead(run: Run, arg: str) -> None:
    """A condition's roll may be replaced by a payment (the Basilisk's metal)."""
    cid = arg.partition("/")[0]
    run.emit(ev.ChoicesOffered([cid, arg]))
    run.wait("roll_instead")
