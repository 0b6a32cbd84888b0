"""The Travel Phase (R-TRAVEL-1..7) and skill draws, as flow steps."""

from __future__ import annotations

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core import rng, steps
from unbroken.core.payment import lose
from unbroken.core.resolver import Resolver, step
from unbroken.core.responses import fire
from unbroken.core.state import DecisionKind, Phase, StepName

# Enum members read once: on Python 3.11 each `Phase.TRAVEL` costs about 100 ns (EnumType's
# attribute hook), and these steps run at most decisions.
_TRAVEL = Phase.TRAVEL
_STEP_PREPARATION, _STEP_EXPLORATION = StepName.PREPARATION, StepName.EXPLORATION
_ASK_PREPARATION = DecisionKind.PREPARATION
_ASK_ENCOUNTER, _ASK_SKILL = DecisionKind.CHOOSE_ENCOUNTER, DecisionKind.CHOOSE_SKILL


@step(steps.Preparation)
def preparation(r: Resolver, _: steps.Preparation) -> None:
    """R-TRAVEL-1: wait for General/Travel actions, or Explore / Fight now."""
    r.enter(_TRAVEL, _STEP_PREPARATION)
    r.wait(_ASK_PREPARATION)


@step(steps.AfterAction)
def after_action(r: Resolver, _: steps.AfterAction) -> None:
    """R-TRAVEL-1: an action that brings time to 0 starts the ambush at once."""
    if r.state.time_track and r.state.res.get("time", 0) <= 0:
        r.push(steps.AMBUSH)
    else:
        r.push(steps.PREPARATION)


def reveal_count(r: Resolver) -> int:
    """Return how many cards the Exploration step reveals (R-TRAVEL-5, R-TRAVEL-7)."""
    if r.state.committed:
        return 1
    delta = sum(int(mod.amount) for mod in r.modifiers(m.RevealDelta))
    return max(1, r.rules.settings.reveal + r.state.reveal_bonus + delta)


@step(steps.Exploration)
def exploration(r: Resolver, _: steps.Exploration) -> None:
    """R-TRAVEL-5: reveal cards (reshuffling the discard when the deck runs out)."""
    s = r.state
    r.enter(_TRAVEL, _STEP_EXPLORATION)
    want = reveal_count(r)
    while want > 0:
        if not s.encounter_deck:
            if not s.encounter_discard:
                break
            order = rng.shuffled(
                s.seed, "encounters", s.counters["encounters"], s.encounter_discard
            )
            r.emit(ev.DeckShuffled("encounters", order, from_discard=True))
        cards = s.encounter_deck[:want]
        r.emit(ev.EncountersRevealed(cards))
        want -= len(cards)
    if not s.revealed:
        r.push(steps.PREPARATION)
        return
    r.wait(_ASK_ENCOUNTER)


@step(steps.ExplorationEnd)
def exploration_end(r: Resolver, _: steps.ExplorationEnd) -> None:
    """R-TRAVEL-6: discard the card, lose its time; at 0 time the monster ambushes."""
    s = r.state
    card = r.rules.encounters[s.chosen]
    r.emit(ev.EncounterDiscarded(card.id))
    lose(r, {"time": card.time}, card.id)
    if s.res.get("time", 0) <= 0:
        r.push(steps.AMBUSH)
    else:
        r.push(steps.PREPARATION)


@step(steps.SkillsGain)
def skills_gain(r: Resolver, at: steps.SkillsGain) -> None:
    """Before drawing skills to keep one, offer before_skill_gain Responses."""
    r.push(steps.SkillsDraw(at.count))
    fire(r, "before_skill_gain")


@step(steps.SkillsDraw)
def skills_draw(r: Resolver, at: steps.SkillsDraw) -> None:
    """R-REWARD-1 / R-SKILL-1: draw skills (reshuffling the discard) and keep one."""
    s = r.state
    want = at.count
    while want > 0:
        if not s.skill_deck:
            if not s.skill_discard:
                break
            order = rng.shuffled(s.seed, "skills", s.counters["skills"], s.skill_discard)
            r.emit(ev.DeckShuffled("skills", order, from_discard=True))
        cards = s.skill_deck[:want]
        r.emit(ev.SkillsDrawn(cards))
        want -= len(cards)
    if s.choices:
        r.wait(_ASK_SKILL)
