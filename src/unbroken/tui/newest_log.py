"""The table's log panel: its newest lines in sight, each shown from its first row."""

from __future__ import annotations

from bisect import bisect_left
from typing import Self

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual.strip import Strip
from textual.widgets import RichLog


class NewestLog(RichLog):
    """The table's log: it keeps its newest line in sight, as lines come and as its rows
    change (the options coming back under it took rows after it had scrolled to its end,
    #28 round 8), until the player scrolls it up; scrolled back to the end, it follows
    again (Textual's anchor).

    At its end, a line whose first rows are above the panel is left out (its rows
    blank): its tail read as a stray fragment ("used.", "Idol.": #28 round 29)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        #: The rows (of `lines`) each line of the log starts on, in order.
        self.starts: list[int] = []

    def on_mount(self) -> None:
        self.anchor()

    def write(self, content: RenderableType | object, *args: object, **kwargs: object) -> Self:
        """Write `content` (lines split at "\\n"), noting the row each of its lines starts on."""
        if not self._size_known:  # written again once the size is known
            return super().write(content, *args, **kwargs)  # type: ignore[arg-type]
        before = len(self.lines)
        super().write(content, *args, **kwargs)  # type: ignore[arg-type]
        if self.max_lines is not None or len(self.lines) == before:
            return self
        parts = content.split("\n") if isinstance(content, (str, Text)) else [content]
        texts = [Text(part) if isinstance(part, str) else part for part in parts]
        # The width RichLog wraps at: the widest line's, cut to the panel's.
        widest = max((cell_len(t.plain) for t in texts if isinstance(t, Text)), default=1)
        width = max(min(widest, self.scrollable_content_region.width), self.min_width, 1)
        row, starts = before, []
        for text in texts:
            starts.append(row)
            if isinstance(text, Text):
                row += max(1, len(text.wrap(self.app.console, width)))
        # Wrapped as RichLog wraps it; where the rows differ, the content is one line.
        self.starts += starts if row == len(self.lines) else [before]
        return self

    def clear(self) -> Self:
        self.starts = []
        return super().clear()

    def render_line(self, y: int) -> Strip:
        """Return row `y` of the panel: blank where it is a line's tail above the first
        line that starts in sight, when the log is at its end."""
        top = round(self.scroll_offset.y)
        height = self.scrollable_content_region.height
        if top and top >= self.max_scroll_y and self.starts:
            first = bisect_left(self.starts, top)
            if first < len(self.starts) and top + y < self.starts[first] < top + height:
                return Strip.blank(self.scrollable_content_region.width, self.rich_style)
        return super().render_line(y)
