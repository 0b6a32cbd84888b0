"""Turns that pass without a key, shown step by step.

One key press can play several rolls: the monster's turn, a Paralyzed check
that loses the player's turn, the monster's turn again. The game screen shows
each roll as a beat of its own (the stage, the die and the log lines of that
roll), at the roll animation's pace; a key skips to the end, unless it comes within the
pace's `stray` seconds of the key that set them passing (`skip_words` says so).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, NamedTuple

from unbroken.core import events as ev
from unbroken.core.history import combat_opened, level_ability_uses
from unbroken.core.query import Query
from unbroken.core.reducer import fold
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState, copy_state
from unbroken.tui.dice import DIE_FACES, shown_roll, shown_text
from unbroken.tui.rolling import ROLL_SECONDS
from unbroken.tui.sheet_rows import ROLLING, applied_row
from unbroken.tui.widgets import draw_table

if TYPE_CHECKING:
    from textual.timer import Timer

    from unbroken.tui.game import GameScreen

#: How long each beat stays on screen (the die rolls for the first part of it).
BEAT_SECONDS = 0.9


def skip_words(stray: float) -> str:
    """Return the prompt while rounds pass on their own: which key skips them, the first
    `stray` seconds' excepted (#28 round 26: "any key: skip" where a key within 3 s of
    the one that set them passing does not)."""
    return f"Rounds pass on their own… (a key{f' after {stray:g} s' if stray else ''}: skip)"


class Beat(NamedTuple):
    """One step of a decision's events: the state after it, its own events, and every
    event of the decision up to its end (for the die's result)."""

    state: GameState
    events: list[ev.Event]
    so_far: list[ev.Event]
    #: The decision's events up to the state shown: what the Display marks changed since
    #: the player chose (31b-11: SE 16 → 14 over a Fast hit and round 1 read "▼−1" while
    #: the rounds passed, "▼−2" once the player's turn came); None: `so_far`.
    seen: list[ev.Event] | None = None


def beats(before: GameState, events: list[ev.Event]) -> list[Beat]:
    """Return a decision's events cut into beats: what the player's action did, then one
    beat from each die roll to the next. A decision with fewer than two rolls is one beat
    (the stage's usual roll animation shows it)."""
    rolls = [i for i, e in enumerate(events) if isinstance(e, ev.DieRolled)]
    if len(rolls) < 2:
        return [Beat(fold(events, copy_state(before)), list(events), list(events))]
    cuts = [0, *rolls] if rolls[0] > 0 else rolls
    cuts.append(len(events))
    out = []
    state = copy_state(before)
    for start, end in zip(cuts, cuts[1:], strict=False):
        part = events[start:end]
        # Shown as the roll left it: before the next round starts (and clears the
        # table's marked row); the game goes on from the whole part.
        shown = next(
            (i for i, e in enumerate(part) if i and isinstance(e, ev.RoundStarted)), len(part)
        )
        seen = fold(part[:shown], copy_state(state))
        state = fold(part, state)
        out.append(Beat(seen, part, events[:end], events[: start + shown]))
    return out


def beat_roll(beat: Beat) -> ev.DieRolled | None:
    """Return the roll a beat shows (its first event when it starts with one)."""
    first = beat.events[0] if beat.events else None
    return first if isinstance(first, ev.DieRolled) else None


def locked(rules: Ruleset, steps: list[Beat]) -> list[Beat]:
    """Return the beats with those after a condition took every turn left (Paralyzed at 6
    tokens, `core.query.turn_lock`) made one: no roll can change those turns, so they are
    not shown one by one at the die's pace (28a-20: 13 rounds, about 30 s), and the log
    says them in one line (words.lost_rounds)."""
    first = next((i for i, b in enumerate(steps) if Query(rules, b.state).turn_lock()), len(steps))
    rest = steps[first + 1 :]  # the beat the lock began in is shown alone
    if len(rest) < 2:
        return steps
    events = [e for beat in rest for e in beat.events]
    return [*steps[: first + 1], Beat(rest[-1].state, events, rest[-1].so_far, rest[-1].seen)]


class Passing:
    """The beats of a decision being shown, how many are shown, and since when."""

    def __init__(self, steps: list[Beat], start: float) -> None:
        self.steps = steps
        #: When the key was pressed (bench/tui.py's key-to-frame).
        self.start = start
        self.shown = 0
        self.since = 0.0


class RoundsShown:
    """The game screen's rounds passing on their own: each beat's log lines and table
    drawn once, its die rolling (the screen's one die timer), the next beat after
    BEAT_SECONDS; a key ends them (`skip`, `end`), and the decision's outcome follows."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        #: The beats being shown (None: none).
        self.passing: Passing | None = None
        self._clock: Timer | None = None

    @property
    def shown(self) -> bool:
        return self.passing is not None

    def start(self, steps: list[Beat], start: float) -> None:
        """Show the beats of a decision one by one (`start`: when its key was pressed);
        those after a condition took every turn left (`locked`) as one."""
        self.screen.rolling.stop()
        self.passing = Passing(locked(self.screen.game.ruleset, steps), start)
        self.screen.decision_panel.clear(skip_words(self.screen.pace.stray))
        self.next_beat()

    def next_beat(self) -> None:
        """Show the next beat: its log lines and the table once, its die rolling, then
        landing; the next beat after BEAT_SECONDS."""
        passing = self.passing
        assert passing is not None
        beat = passing.steps[passing.shown]
        passing.shown += 1
        passing.since = time.monotonic()
        screen = self.screen
        screen.narrate(beat.events)
        roll = beat_roll(beat)
        self.show_beat(beat, rolling=roll is not None)
        if roll is not None:
            screen.rolling.roll(roll.value, lambda: self.show_beat(beat, False), ROLL_SECONDS)
        self.hold()
        self._clock = screen.set_timer(BEAT_SECONDS, self.beat_over)

    def show_beat(self, beat: Beat, rolling: bool) -> None:
        """Draw the table as a beat left it (`rolling`: its die still rolling)."""
        game = self.screen.game
        roll = beat_roll(beat)
        if rolling and roll is not None:
            die, row = DIE_FACES[(roll.value - 1) % 6], ROLLING  # a row would tell it
        else:
            shown = shown_roll([beat.so_far])
            die = shown_text(shown, game.ruleset, beat.state.level, beat.state)
            row = applied_row(beat.events)
        uses = level_ability_uses(reversed(game.events))
        opened = combat_opened(reversed(game.events))
        # The Display marks what changed since the player chose, at every beat (31b-11).
        marked = beat.so_far if beat.seen is None else beat.seen
        draw_table(self.screen, beat.state, game.ruleset, marked, uses, die, row, None, opened)

    def redraw(self) -> bool:
        """Draw the beat on show again (a resize); return whether one is on show."""
        passing = self.passing
        if passing is not None and passing.shown:
            self.show_beat(passing.steps[passing.shown - 1], rolling=False)
        return passing is not None

    def beat_over(self) -> None:
        """The beat's time is up: the next one, or the decision's outcome after the last."""
        passing = self.passing
        if passing is None:
            return
        if passing.shown < len(passing.steps):
            self.next_beat()
        else:
            self.end()

    def hold(self) -> None:
        """Hold the beats where they are: no next beat by the clock."""
        if self._clock is not None:
            self._clock.stop()
            self._clock = None

    def skip(self) -> None:
        """A key while the beats are shown: skip to their end, unless it comes within the
        pace's `stray` seconds of the key that set them passing (a double tap's second, a
        hurried confirm: it was not pressed to skip rounds not yet seen)."""
        passing = self.passing
        if passing is not None and time.perf_counter() - passing.start >= self.screen.pace.stray:
            self.end()

    def end(self) -> None:
        """Skip to the end of the beats: their log lines, then the decision's outcome."""
        passing = self.passing
        if passing is None:
            return
        self.screen.rolling.stop()
        self.hold()
        for beat in passing.steps[passing.shown :]:
            self.screen.narrate(beat.events)
        passing.shown = len(passing.steps)
        self.screen.finish([e for beat in passing.steps for e in beat.events], passing.start)
