"""How the screens reach the Unbroken app, typed: `game_app(screen)` (no cast)."""

from __future__ import annotations

from textual.message_pump import MessagePump

from unbroken.tui.app import UnbrokenApp  # tui.app imports the screens only when it opens them


def game_app(node: MessagePump) -> UnbrokenApp:
    """Return the app a screen or widget runs in: the Unbroken app, whose settings,
    rules and navigation the screens use (a TypeError in any other app)."""
    app = node.app
    if not isinstance(app, UnbrokenApp):
        raise TypeError(f"{type(node).__name__} runs in the Unbroken app, not {type(app).__name__}")
    return app
