"""Offering to switch off a plugin whose effect handler keeps failing (#29).

A handler that fails refuses the decision, and one that always fails would refuse
every decision it is part of: the game could only be quit. The full-screen game asks,
as `unbroken play` does, whether to switch the plugin's handlers off for the rest of
the game (GameSession.switch_off: recorded, so the game replays the same).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

if TYPE_CHECKING:
    from unbroken.core.handlers import HandlerError


class SwitchOffScreen(ModalScreen[bool]):
    """Asks whether to switch off plugin `plugin`'s effect handlers; dismissed with the answer."""

    DEFAULT_CSS = """
    SwitchOffScreen { align: center middle; }
    #switch-off {
        width: 70; height: auto; border: thick $error; padding: 1 2; background: $surface;
    }
    """

    BINDINGS = [
        Binding("y", "answer(True)", "Switch it off"),
        Binding("n", "answer(False)", "Keep it on"),
        Binding("escape", "answer(False)", "Keep it on", show=False),
    ]

    def __init__(self, error: str, plugin: str) -> None:
        super().__init__()
        self.error = error
        self.plugin = plugin

    def compose(self) -> ComposeResult:
        with Vertical(id="switch-off"):
            yield Static(f"{self.error}. The decision was not made.")
            yield Static(
                f"\nSwitch off the effect handlers of plugin {self.plugin!r} for the rest of "
                "this game and go on? Its cards stay; their handlers do nothing.\n\n"
                "y  switch them off      n  keep them on and choose again"
            )

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


def offer_switch_off(screen: Any, exc: HandlerError) -> None:
    """Ask on `screen` (a GameScreen) whether to switch off the failing handler's plugin;
    a refusal that names no plugin's handler is only told."""
    plugin = exc.handler.split(":", 1)[0] if ":" in exc.handler else ""
    if not plugin:
        screen.notify(f"{exc}. The decision was not made.", severity="error", timeout=12)
        return

    def answered(yes: bool | None) -> None:
        if yes:
            names = screen.session.switch_off(plugin)
            screen.notify(f"Switched off for this game: {', '.join(names)}. Choose again.")
            screen.tell(screen.session.take_notices())
            screen.refresh_all()

    screen.app.push_screen(SwitchOffScreen(str(exc), plugin), answered)
