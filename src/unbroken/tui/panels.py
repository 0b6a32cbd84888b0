"""The Records screen's plugin panels (`unbroken_records_panels`): one screen lists them all."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from unbroken.tui.footer import KeysFooter
from unbroken.words.printable import printable

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset
    from unbroken.plugins.hookspecs import RecordsPanel


def panel_lines(panel: RecordsPanel, ruleset: Ruleset) -> list[str]:
    """Return a panel's heading and lines; a panel that fails says so in a line instead."""
    try:
        lines = [str(line) for line in panel.lines(ruleset)]
    except Exception as exc:  # a plugin's panel must not close the Records screen
        plugin = panel.name.split(":", 1)[0]
        lines = [f"plugin {plugin!r}: panel {panel.name!r} raised {type(exc).__name__}: {exc}"]
    return [panel.title, *lines]


class PanelsScreen(Screen[None]):
    """What plugins keep in the records beside the games (e.g. a campaign). Esc goes back to
    Records' table (it is opened from there alone)."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Table")]

    def __init__(self, panels: list[RecordsPanel], ruleset: Ruleset) -> None:
        super().__init__()
        self.panels = panels
        self.ruleset = ruleset

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="panels"):
            for panel in self.panels:
                title, *lines = (printable(line) for line in panel_lines(panel, self.ruleset))
                text = Text(title, style="bold")
                for line in lines:
                    text.append("\n" + line)
                yield Static(text, classes="panel")
        yield KeysFooter()
