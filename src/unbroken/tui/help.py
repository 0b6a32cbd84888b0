"""The help screen (keys and the rules) and the full log of a game."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Footer,
    RichLog,
)

if TYPE_CHECKING:
    pass


def rules_text() -> str:
    """Return docs/rules.md: from the wheel, or from a source checkout."""
    shipped = Path(__file__).resolve().parents[1] / "rules.md"
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    path = Path(__file__).resolve().parents[3] / "docs" / "rules.md"
    return path.read_text(encoding="utf-8") if path.is_file() else "The rules text is missing."


class LogScreen(Screen[None]):
    """The whole game so far in words, full screen (the game's log panel is a few lines)."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("l", "app.pop_screen", "Back", show=False),
    ]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        #: The lines the game screen's log has written (decisions taken for you too).
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield RichLog(id="full-log", wrap=True, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one("#full-log", RichLog)
        for line in self.lines:
            log.write(line)
        log.focus()


class HelpScreen(Screen[None]):
    """The rules (docs/rules.md) and the key bindings."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("q", "app.pop_screen", "Back")]

    KEYS = """\
## Keys

| key | does |
|---|---|
| 1-9, 0, a, b, … | take the decision with that key (0 is the tenth, then letters) |
| ↑ ↓ and Enter | move through the decisions and take one |
| (dimmed) | an action you have but cannot take now, with why; it keeps its key |
| ? | this help |
| u | take back the last decision, if it showed nothing new (no die roll, no card) |
| (none) | a decision with one possible answer is taken for you and said in the log |
| l | the whole log of the game so far (Esc comes back) |
| r | die roll animation on/off |
| Esc | back to the title: the game is saved, Continue resumes it |
| Ctrl+P | command palette (themes, quit) |
| Ctrl+Q | quit |

When a game ends: Enter goes to the title, `n` starts a new game, `s` plays
the same seed again and `w` watches the game's replay.
"""

    VIEWER_KEYS = """| in the replay viewer | does |
|---|---|
| ← → | one decision back or on |
| Home, End | the start, the end |
| l, b, d | the next level, battle or death |
| L, B, D (Shift) | back to the previous level or battle start, or death |
| Space | play or pause; at the end, play again from the start |
| + - | faster, slower |
| ? | this help |
| Esc, q | close the viewer (opened by `unbroken replay FILE`: quit) |
"""

    def __init__(self, viewer: bool = False) -> None:
        super().__init__()
        #: Opened from the replay viewer: its keys come first.
        self.viewer = viewer

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # imported here: it is slow to import

        keys = [self.KEYS, self.VIEWER_KEYS]
        if self.viewer:
            keys = ["## Keys\n\n" + self.VIEWER_KEYS, self.KEYS.replace("## Keys\n\n", "")]
        with VerticalScroll(id="help"):
            yield Markdown("\n".join(keys) + "\n" + rules_text())
        yield Footer()
