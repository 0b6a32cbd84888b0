"""The plugins' game observers (`unbroken_game_event`), as one game's front end calls them.

Every front end that plays or re-plays a game — the full-screen and text
games, `unbroken sim` and `sim --record`, `unbroken verify`, Continue — shows
each event to the observers with the state right after it. With no observer
nothing is copied or called.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from unbroken.core.events import Event
from unbroken.core.game import Game
from unbroken.core.reducer import apply_event
from unbroken.core.state import GameState, copy_state

if TYPE_CHECKING:
    from unbroken.plugins import Plugins

#: An observer that takes longer than this on one event is switched off (seconds).
SLOW_OBSERVER = 0.5

#: An observer: called with `event=` and `state=` (pluggy passes each implementation
#: the arguments it asks for).
Observer = Callable[..., Any]


def _copy(state: GameState) -> GameState:
    """Return an independent copy of a game state (tests count the copies made)."""
    return copy_state(state)


class Observers:
    """The plugins' `unbroken_game_event` observers of one game.

    Each sees every event with the state right after that event. One that
    raises, or takes longer than SLOW_OBSERVER on an event, is named in a
    notice and switched off for the rest of the game; the game goes on.
    With no observer, `watch` is never needed: `bool(observers)` is False.
    """

    def __init__(self, observers: Iterable[tuple[str, Observer]] = ()) -> None:
        self.active: list[tuple[str, Observer]] = list(observers)
        self.notices: list[str] = []

    @classmethod
    def of(cls, plugins: Plugins | None) -> Observers:
        """Return the observers of the plugins on (none without plugins)."""
        return cls(plugins.observers if plugins is not None else ())

    def __bool__(self) -> bool:
        return bool(self.active)

    def before(self, game: Game) -> GameState | None:
        """Return what `watch` needs of the game before a decision (None: nobody watches)."""
        return _copy(game.state) if self.active else None

    def watch(self, before: GameState | None, events: Sequence[Event]) -> None:
        """Show each event to every observer with the state right after it.

        `before` is the state before the first of `events` (from `before()`); it
        is brought forward event by event, never the game's own state.
        """
        if before is None or not self.active:
            return
        state = before
        for event in events:
            apply_event(state, event)
            for name, observer in list(self.active):
                self._call(name, observer, event, state)
            if not self.active:
                return

    def _call(self, name: str, observer: Observer, event: Event, state: GameState) -> None:
        start = time.perf_counter()
        try:
            observer(event=event, state=state)
        except Exception as exc:  # a plugin's code: named and switched off, never a crash
            from unbroken.plugins import observer_failure

            self._off(observer, observer_failure(name, observer, exc))
            return
        spent = time.perf_counter() - start
        if spent > SLOW_OBSERVER:
            self._off(
                observer,
                f"plugin {name!r}: unbroken_game_event took {spent:.1f} s on one event "
                f"(more than {SLOW_OBSERVER} s)",
            )

    def _off(self, observer: Observer, why: str) -> None:
        self.active = [(n, o) for n, o in self.active if o is not observer]
        self.notices.append(f"{why}; it is switched off for the rest of this game")
