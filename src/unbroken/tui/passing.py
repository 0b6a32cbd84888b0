"""Turns that pass without a key, shown step by step.

One key press can play several rolls: the monster's turn, a Paralyzed check
that loses the player's turn, the monster's turn again. The game screen shows
each roll as a beat of its own (the stage, the die and the log lines of that
roll), at the roll animation's pace; any key skips to the end.
"""

from __future__ import annotations

from typing import NamedTuple

from unbroken.core import events as ev
from unbroken.core.reducer import fold
from unbroken.core.state import GameState, copy_state

#: How long each beat stays on screen (the die rolls for the first part of it).
BEAT_SECONDS = 0.9


class Beat(NamedTuple):
    """One step of a decision's events: the state after it, its own events, and every
    event of the decision up to its end (for the die's result)."""

    state: GameState
    events: list[ev.Event]
    so_far: list[ev.Event]


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
        out.append(Beat(seen, part, events[:end]))
    return out


def beat_roll(beat: Beat) -> ev.DieRolled | None:
    """Return the roll a beat shows (its first event when it starts with one)."""
    first = beat.events[0] if beat.events else None
    return first if isinstance(first, ev.DieRolled) else None


class Passing:
    """The beats of a decision being shown, how many are shown, and since when."""

    def __init__(self, steps: list[Beat], start: float) -> None:
        self.steps = steps
        #: When the key was pressed (bench/tui.py's key-to-frame).
        self.start = start
        self.shown = 0
        self.since = 0.0
