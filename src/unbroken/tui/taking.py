"""Taking the player's decision on the game screen: the option's key (or Enter) applied
through the session, the rounds that passed without a key shown a beat at a time
(tui/passing.py), the answers that need no choice taken for the player (the options'
keys held a beat after them), then the decision's outcome drawn: the die rolled, the
table and the next decision."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from unbroken.core import events as ev
from unbroken.core.handlers import HandlerError
from unbroken.core.state import copy_state
from unbroken.tui.answers import shows_cards
from unbroken.tui.careful import TAKEN
from unbroken.tui.dice import die_update
from unbroken.tui.hints import HintBox
from unbroken.tui.option_rows import OPTION_KEYS, keys_of
from unbroken.tui.passing import beats
from unbroken.tui.rolling import ROLL_SECONDS
from unbroken.tui.stage import StagePanel
from unbroken.tui.switching import offer_switch_off
from unbroken.words.actions import option_text
from unbroken.words.mark_causes import change_causes
from unbroken.words.option_notes import double_tap, new_question_not_now, not_now
from unbroken.words.passing import passed_line
from unbroken.words.taken import with_ambush

if TYPE_CHECKING:
    from unbroken.tui.game import GameScreen


#: What a key on the options says while they wait a beat after decisions taken for the player.
CHANGED = "not taken: the options changed (decisions were taken for you)."
#: What the key taking a mark says when it comes right on the key that marked it, after
#: decisions taken for the player (36b-4: a pair typed ahead for the question before).
TOO_SOON = "not taken: pressed right after its mark (decisions were taken for you)."


def enter_on_none(screen: GameScreen) -> None:
    """Enter on the options with none highlighted (every one dimmed while the keys wait a
    beat after decisions taken for the player) selects nothing: say why, as an option's key
    does (a key is never eaten unsaid: 34a-1's probe, Enter did nothing and said nothing)."""
    panel = screen.decision_panel
    if screen.focused is not panel or panel.highlighted is not None or not screen.offered:
        return
    if panel.taken_for_you:
        screen.say(f"Enter {CHANGED} Look, then choose.", 3)
    else:
        screen.say("Enter: no option highlighted; ↑ or ↓ picks one.", 3)


def stale(screen: GameScreen, pressed: float | None, key: str) -> bool:
    """Return whether a key read at `pressed` came before the question now offered was
    drawn (`shown_at`): pressed over the question before, it is said and does nothing."""
    if pressed is None or pressed >= screen.shown_at:
        return False
    screen.say(f"{key} not taken: pressed before this question showed. Read it, then press.")
    return True


def key_on_none(screen: GameScreen, key: str, pressed: float | None = None) -> None:
    """An option's key past the options offered (read at `pressed`) says which keys there
    are (33a-8: `3` with two options did nothing, silently); the same key right after it
    took an option says it was meant for that one (37a-8: a double tap's second)."""
    keys = keys_of(len(screen.offered))
    took = screen.decision_panel.double_tap(key, pressed)
    if took:
        screen.say(double_tap(key, took, keys=keys))
    else:
        screen.say(f"{key}: no option {key} here ({keys}).")


def apply_option(
    screen: GameScreen, index: int, enter: bool = False, pressed: float | None = None
) -> None:
    """Apply the index-th option and show what it did (one that cannot be taken says why;
    `enter`: its key was Enter, on the option highlighted; `pressed`: when its key was
    read, None for a click or unknown)."""
    if not 0 <= index < len(screen.offered):
        return
    panel = screen.decision_panel
    changed = f"Not {CHANGED.removeprefix('not ')}"
    if panel.taken_for_you:  # aimed at the options before these
        screen.say(f"{changed} Look, then choose.", 3)
        return
    action, why = screen.offered[index]
    if why:
        # Its window still open, no key taken since: aimed at the options before these,
        # and said so (#28 round 29: a stray key got only "Not now: Attack with Pry"), that
        # alone: the dimmed row and the line under the list say why it cannot be taken
        # (round 32: both said in one notice ran together and were cut, "… (decisions
        # were taken for you). Not now: Resolve A Hard Lesson…").
        if panel.careful and panel.why == TAKEN and not panel.over:
            screen.say(f"{changed} Look, then choose.")
            return
        text = option_text(action, why, screen.game.state, screen.game.ruleset)
        decision = screen.game.decision
        key = "Enter" if enter else OPTION_KEYS[index]
        # A key in a new question's first moments, one answered before it: meant for
        # that one (35a-4: "1 1" took Dodge, the second got "Not now: Attack with Crush"
        # on a turn not yet seen); said so, with what the key is now.
        if panel.too_quick() and panel.last_answer is not None and decision is not None:
            screen.say(new_question_not_now(key, decision.prompt, text))
            return
        took = panel.double_tap(key, pressed)
        if took:  # the same key right after it took an option: meant for that one (37a-8)
            said = double_tap(key, took, text)
            width = screen.query_one("#right").size.width or 46  # as fit_hint reads it
            # The reason first, the cost after it only where the notice line has room
            # (38b-2: "… not now, pay 2 time, 1 ability … (l: all of it)").
            screen.say(
                said
                if screen.query_one(HintBox).whole(said, width)
                else double_tap(key, took, text, cost=False)
            )
            return
        screen.say(not_now(text))
        return
    if panel.typed_ahead(index):  # a pair's second key, typed ahead: its mark stays
        key = "Enter" if enter else OPTION_KEYS[index]
        screen.say(f"{key} {TOO_SOON} Look, then press {key} again.", 3)
        return
    if not panel.taking(index, enter, pressed):  # marked: the same key again takes it
        return
    start = time.perf_counter()
    # A hint is read once the player acts: it covers the Display, whose effort a
    # battle spends (playing a first game, the SE ran out unseen under one).
    screen.query_one(HintBox).dismiss()
    animate = screen.game_app.roll_animation
    before = copy_state(screen.game.state) if animate else None  # only the beats need it
    game = screen.game  # a Pass emits nothing: its line is said of the window it closed
    passed = passed_line(action, game.legal_actions(), game.state, game.ruleset)
    begun = len(screen.said)
    try:
        new = screen.session.apply(action)
    except HandlerError as exc:  # a plugin's code failed: the game is as it was
        screen.refresh_all()
        offer_switch_off(screen, exc)  # else one that always fails refuses every decision
        return
    if passed:
        screen.write(passed)
    screen.written.begun.append(begun)  # `u` cuts the log here
    screen.marked = None  # the Display marks this decision's changes, not the take-back's
    steps = beats(before, new) if before is not None else []
    if len(steps) > 1:  # rounds passed without a key: show them one by one
        screen.rounds.start(steps, start)
        return
    screen.narrate(new)
    show_outcome(screen, new, start)


def show_outcome(screen: GameScreen, new: list[ev.Event], start: float) -> None:
    """The option applied (`new`: its events; `start`: when its key came): take the
    answers that need no choice, then show the decision's outcome."""
    taken: list[str] = []
    try:
        new = [*new, *take_only_answers(screen, taken)]
    except HandlerError as exc:  # a plugin's code failed: the game is as it was
        screen.refresh_all()
        offer_switch_off(screen, exc)  # else one that always fails refuses every decision
        return
    causes = change_causes(new, screen.game.ruleset) if taken else ""
    if causes:  # the Display's marks added up by cause where they are explained (36a-7)
        taken[-1] = f"{taken[-1]} {causes}"
    if taken and screen.settle_seconds > 0 and not screen.game.is_over:
        screen.decision_panel.hold(taken, screen.settle_seconds, shows_cards(new))
    screen.tell(screen.session.take_notices())
    screen.last = new
    _, roll = die_update(new)
    stage = screen.query_one(StagePanel)
    if roll is not None and screen.game_app.roll_animation and not screen.rounds.shown:
        screen.rolling.roll(roll.value, screen.landed, ROLL_SECONDS)
    else:
        screen.rolling.stop()
        stage.set_reactive(StagePanel.die, screen.rolled())
    screen.rounds.passing = None
    screen.refresh_all()
    # bench/tui.py reads these: from the key to the next frame drawn.
    latencies = screen.game_app.frame_latencies
    screen.call_after_refresh(lambda: latencies.append(time.perf_counter() - start))
    screen.show_if_over()


def take_only_answers(screen: GameScreen, taken: list[str] | None = None) -> list[ev.Event]:
    """Take each following decision taken for the player (a single answer, a pointless
    one: the settings), saying so in the log (and in `taken`); return their events."""

    def tell(line: str, events: list[ev.Event]) -> None:
        screen.write(line)
        said = screen.narrate(events)
        if taken is not None:  # the prompt says an ambush that came with it too (30a-19)
            taken.append(with_ambush(line, said))

    return screen.session.take_for_player(tell)
