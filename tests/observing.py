"""In-process plugins for the tests of every front end and of the plugin host: observers
that keep each event they are shown (with the state, encoded at once, as the state goes
on), and the set-up that makes such plugins the ones on (`loaded_with`, `installed`)."""

from __future__ import annotations

import warnings
from typing import Any

import msgspec
import pytest

from unbroken import hookimpl, plugins
from unbroken.core.events import Event
from unbroken.core.reducer import fold
from unbroken.core.state import GameState
from unbroken.plugins import Plugins, load_plugins


class Watcher:
    """Observes with both arguments: every (event, state-after-it as JSON)."""

    __version__ = "0.1.0"

    def __init__(self) -> None:
        self.seen: list[tuple[Event, bytes]] = []

    @hookimpl
    def unbroken_game_event(self, event: Event, state: GameState) -> None:
        """Keep the event and the state right after it."""
        self.seen.append((event, msgspec.json.encode(state)))


class EventsOnly:
    """Observes with the event alone (pluggy lets an implementation take fewer arguments)."""

    __version__ = "0.1.0"

    def __init__(self) -> None:
        self.events: list[Event] = []

    @hookimpl
    def unbroken_game_event(self, event: Event) -> None:
        """Keep the event."""
        self.events.append(event)


def loaded_with(*extra: tuple[str, object]) -> Plugins:
    """Return the base game with these in-process plugins (no installed ones)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return load_plugins(["base", *(name for name, _ in extra)], extra=list(extra))


def installed(monkeypatch: pytest.MonkeyPatch, loaded: Plugins) -> Plugins:
    """Make `loaded` the plugins on for every command and screen."""
    monkeypatch.setattr(plugins, "current_plugins", lambda: loaded)
    monkeypatch.setattr(plugins, "_load_cached", lambda names, strict: loaded)
    return loaded


def assert_saw_game(watcher: Watcher, events: list[Event]) -> None:
    """Assert the watcher saw exactly `events`, each with the state right after it."""
    assert [e for e, _ in watcher.seen] == events
    for i, (_, state) in enumerate(watcher.seen):
        assert state == msgspec.json.encode(fold(events[: i + 1])), f"state after event {i + 1}"


def encoded(value: Any) -> bytes:
    return msgspec.json.encode(value)


def analyses_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the analyses made from now on (each call of the advisor's `analyze`, which
    still runs): `unbroken analyze` reusing a kept one makes none."""
    from unbroken.advisor import analysis

    calls: list[int] = []
    real = analysis.analyze

    def counted(*args: Any, **kwargs: Any) -> analysis.Analysis:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(analysis, "analyze", counted)
    return calls
