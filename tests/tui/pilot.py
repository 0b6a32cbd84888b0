"""Shared by the Pilot tests: run an async test function with asyncio; the game screen."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen


def sync(test: Callable[[], Coroutine[Any, Any, None]]) -> Callable[[], None]:
    """Run an async Pilot test with asyncio (no pytest plugin needed)."""

    def run() -> None:
        asyncio.run(test())

    run.__name__ = test.__name__
    return run


def game_screen_of(app: UnbrokenApp) -> GameScreen:
    """Return the screen on top, checked to be the game screen."""
    screen = app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


def on_top(app: UnbrokenApp) -> object:
    """Return the screen on top now, for `is` and `isinstance` checks. Asked through a
    call, it is never narrowed: mypy would keep an `isinstance(app.screen, ...)` or an
    `app.screen is x` across the key presses that change the screen."""
    return app.screen
