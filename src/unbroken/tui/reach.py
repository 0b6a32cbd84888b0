"""How the screens reach the Unbroken app, typed: `game_app(screen)` (no cast).

The app's class registers itself here (`tui/app.py`): this module does not import
it, as the app imports the screens that call `game_app`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message_pump import MessagePump

if TYPE_CHECKING:
    from unbroken.tui.app import UnbrokenApp

#: The Unbroken app's class, once `tui/app.py` has registered it.
_APP: list[type[UnbrokenApp]] = []


def register_app(cls: type[UnbrokenApp]) -> None:
    """Say which class the Unbroken app is (tui/app.py, once it is defined)."""
    _APP[:] = [cls]


def game_app(node: MessagePump) -> UnbrokenApp:
    """Return the app a screen or widget runs in: the Unbroken app, whose settings,
    rules and navigation the screens use (a TypeError in any other app)."""
    app = node.app
    if not _APP or not isinstance(app, _APP[0]):
        raise TypeError(f"{type(node).__name__} runs in the Unbroken app, not {type(app).__name__}")
    return app
