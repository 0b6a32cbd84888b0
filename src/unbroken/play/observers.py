"""The plugins' game observers (`unbroken_game_event`), as one game's front end calls them.

Every front end that plays or re-plays a game — the full-screen and text
games, `unbroken sim` and `sim --record`, `unbroken verify`, Continue — shows
each event to the observers with the state right after it. With no observer
nothing is copied or called.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from unbroken.core.events import Event
from unbroken.core.game import Game
from unbroken.core.handlers import TookTooLong
from unbroken.core.reducer import apply_event
from unbroken.core.state import GameState, copy_state
from unbroken.plugins import observer_failure
from unbroken.plugins.reporting import _where
from unbroken.plugins.time_limits import Leash

if TYPE_CHECKING:
    from unbroken.plugins import Plugins
    from unbroken.plugins.time_limits import Leash

#: An observer that takes longer than this on one event is given up on and switched off
#: (seconds; the game waits no longer than this for it).
SLOW_OBSERVER = 0.5

#: An observer: called with `event=` and `state=` (pluggy passes each implementation
#: the arguments it asks for).
Observer = Callable[..., Any]


def _copy(state: GameState) -> GameState:
    """Return an independent copy of a game state (tests count the copies made)."""
    return copy_state(state)


class Observers:
    """The plugins' `unbroken_game_event` observers of one game.

    Each sees every event with the state right after that event, in a thread
    of its own (a plugins.limits.Leash) that the game waits for at most
    SLOW_OBSERVER seconds per event. One that raises is named in a notice and
    switched off for the rest of the game; one that runs past the limit (asleep
    or looping) is given up on at once, named with its line, and switched off
    for the rest of the run (`plugins.observers` loses it). The game goes on.
    With no observer, `watch` is never needed: `bool(observers)` is False.
    """

    def __init__(
        self, observers: Iterable[tuple[str, Observer]] = (), plugins: Plugins | None = None
    ) -> None:
        self.active: list[tuple[str, Observer]] = list(observers)
        self.notices: list[str] = []
        self._plugins = plugins
        #: One Leash per observer, kept with the plugins so that games share its thread.
        self._leashes: dict[Observer, Leash] = plugins.leashes if plugins is not None else {}

    @classmethod
    def of(cls, plugins: Plugins | None) -> Observers:
        """Return the observers of the plugins on (none without plugins)."""
        return cls(plugins.observers, plugins) if plugins is not None else cls()

    def __bool__(self) -> bool:
        return bool(self.active)

    def before(self, game: Game) -> GameState | None:
        """Return what `watch` needs of the game before a decision (None: nobody watches)."""
        return _copy(game.state) if self.active else None

    def watch(self, before: GameState | None, events: Sequence[Event]) -> None:
        """Show each event to every observer with the state right after it.

        `before` is the state before the first of `events` (from `before()`); it
        is brought forward event by event, never the game's own state (each
        observer but the last gets a copy of its own).
        """
        if before is None or not self.active:
            return
        events = list(events)
        watching = list(self.active)
        for i, (name, observer) in enumerate(watching):
            state = before if i == len(watching) - 1 else _copy(before)
            self._show(name, observer, state, events)

    def _show(self, name: str, observer: Observer, state: GameState, events: list[Event]) -> None:

        def batch(mark: Callable[[], None]) -> None:
            for event in events:
                apply_event(state, event)
                mark()
                observer(event=event, state=state)

        leash = self._leashes.get(observer)
        if leash is None:
            leash = self._leashes[observer] = Leash()
        try:
            leash.run(SLOW_OBSERVER, batch)
        except TookTooLong as exc:  # asleep or looping: never waited for again this run
            where = _where(exc, getattr(observer, "__module__", "") or "")
            self._off(
                observer, f"plugin {name!r}: unbroken_game_event {exc} on one event{where}", "run"
            )
            if self._plugins is not None and (name, observer) in self._plugins.observers:
                self._plugins.observers.remove((name, observer))
        except (Exception, SystemExit) as exc:  # a plugin's code: named and switched off
            self._off(observer, observer_failure(name, observer, exc))

    def _off(self, observer: Observer, why: str, rest: str = "game") -> None:
        self.active = [(n, o) for n, o in self.active if o is not observer]
        self.notices.append(f"{why}; it is switched off for the rest of this {rest}")
