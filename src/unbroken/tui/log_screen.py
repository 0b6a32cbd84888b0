"""The full log of a game, full screen (`l`): split from tui/help."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import RichLog

from unbroken.tui.footer import KeysFooter


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
        yield FullLog(self.lines, id="full-log", wrap=True, markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#full-log", RichLog).focus()


class FullLog(RichLog):
    """The log's lines wrapped to the width they are shown at, again at each resize.

    A RichLog wraps a line once, when it is written, to the width it has then: written
    on its first resize, before its scrollbars were laid out, the lines came out wider
    than the room left beside the scrollbar and lost their last letters (#28).

    It opens at the newest line, as a terminal or a log viewer does (28a-8: the player had
    to press End to see the round that had just passed); written again at a resize, it
    stays at the newest line if it was there, else at the line the reader had on top."""

    def __init__(self, lines: list[str], **options: Any) -> None:
        super().__init__(**options)
        self.said = lines
        #: Whether the log has not been written yet (it then opens at the newest line).
        self.fresh = True

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.rewrite)

    def rewrite(self) -> None:
        """Write every line again, wrapped to the width beside the scrollbar, a column's
        gap before it."""
        # a column's gap before the scrollbar (28b-15: "time lost██"): the log's right
        # padding is beyond the bar, as the New game description's and `i`'s card's is
        width = self.scrollable_content_region.width - 1
        if width <= 0:
            return
        newest = self.fresh or self.scroll_y >= self.max_scroll_y
        # the reader's top line, as a share of the lines: wrapped again, it moves
        top = self.scroll_y / max(1, len(self.lines))
        self.fresh = False
        self.clear()
        for line in self.said:
            self.write(line, width=width, scroll_end=False)
        if newest:
            self.scroll_end(animate=False)
        else:
            self.scroll_to(y=round(top * len(self.lines)), animate=False)
