"""The positions of a recording for the viewer, any of them at once (`Timeline`)."""

from __future__ import annotations

from pathlib import Path

import msgspec

from unbroken.core import events as ev
from unbroken.core.actions import Action
from unbroken.core.events import Event
from unbroken.core.reducer import fold
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.replay.codec import encode
from unbroken.replay.errors import ReplayError
from unbroken.replay.format import SNAPSHOT_EVERY, Footer, Header
from unbroken.replay.reader import Recording, read_recording
from unbroken.replay.verify import recorded_ruleset


class Timeline:
    """Positions of a recording for the viewer: 0 is after setup, i after decision i.

    `state_at` folds events from the nearest snapshot (one every
    SNAPSHOT_EVERY positions), so any position — back or forward — is instant.
    The timeline folds the recorded events and does not re-run the engine; use
    `replay`/`verify_file` to check a recording against the engine.
    """

    def __init__(
        self, source: Path | str | Recording, ruleset: Ruleset, every: int = SNAPSHOT_EVERY
    ) -> None:
        self.recording = source if isinstance(source, Recording) else read_recording(source)
        #: The rules of the recording (its plugins, when they differ from those on).
        self.ruleset = recorded_ruleset(self.recording, ruleset)
        self.every = every
        rec = self.recording
        self._events: list[list[Event]] = [rec.setup] + [d.events for d in rec.decisions]
        self._snapshots: list[bytes] = []
        state = GameState()
        for i, events in enumerate(self._events):
            try:
                fold(events, state)
            except Exception as exc:  # noqa: BLE001 - the file is untrusted input
                # The timeline folds events without re-running the engine, so a
                # hand-edited event can break the reducer: report the line.
                line = rec.lines[i - 1] if i and rec.lines else 2 if not i else None
                where = "the setup events" if not i else f"the events of decision {i}"
                raise ReplayError(
                    rec.path, line, f"{where} cannot be applied ({type(exc).__name__}: {exc})"
                ) from None
            if i % every == 0:
                self._snapshots.append(encode(state))

    @property
    def header(self) -> Header:
        """Return the recording's header (seed, character, difficulty, plugins)."""
        return self.recording.header

    @property
    def footer(self) -> Footer | None:
        """Return the recording's footer (None: the game is unfinished)."""
        return self.recording.footer

    def __len__(self) -> int:
        return len(self._events)

    def _index(self, i: int) -> int:
        if not 0 <= i < len(self._events):
            raise IndexError(f"position {i} outside 0..{len(self._events) - 1}")
        return i

    def state_at(self, i: int) -> GameState:
        """Return a fresh copy of the state at position i (after decision i)."""
        i = self._index(i)
        base = i // self.every
        state = msgspec.json.decode(self._snapshots[base], type=GameState)
        for events in self._events[base * self.every + 1 : i + 1]:
            fold(events, state)
        return state

    def events_at(self, i: int) -> list[Event]:
        """Return the events of position i (the setup events at 0)."""
        return list(self._events[self._index(i)])

    def action_at(self, i: int) -> Action | None:
        """Return the action taken at decision i (None at position 0)."""
        i = self._index(i)
        return self.recording.decisions[i - 1].action if i else None

    def _is(self, kind: str, i: int) -> bool:
        for e in self._events[i]:
            if kind == "level" and isinstance(e, ev.LevelStarted):
                return True
            if kind == "battle" and isinstance(e, ev.BattleStarted):
                return True
            if kind == "death" and isinstance(e, ev.GameOver) and not e.won:
                return True
        return False

    def next_index(self, kind: str, i: int) -> int | None:
        """Return the first position after i where a level or battle starts, or death comes."""
        if kind not in ("level", "battle", "death"):
            raise ValueError(f"unknown kind {kind!r}: level, battle or death")
        return next((j for j in range(i + 1, len(self._events)) if self._is(kind, j)), None)

    def previous_index(self, kind: str, i: int) -> int | None:
        """Return the last position before i where a level or battle starts, or death comes."""
        if kind not in ("level", "battle", "death"):
            raise ValueError(f"unknown kind {kind!r}: level, battle or death")
        return next((j for j in range(i - 1, -1, -1) if self._is(kind, j)), None)
