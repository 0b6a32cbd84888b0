"""The table's log panel: its newest lines in sight, each shown from its first row, and
wrapped a column short of its scrollbar."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import Self

from rich.console import Console, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip
from textual.widgets import RichLog


class NewestLog(RichLog):
    """The table's log: it keeps its newest line in sight, as lines come and as its rows
    change (the options coming back under it took rows after it had scrolled to its end,
    #28 round 8), until the player scrolls it up; scrolled back to the end, it follows
    again (Textual's anchor).

    A line whose first rows are above the panel shows its tail marked as such ("▏…used.",
    `TAIL`): alone it read as a stray fragment ("used.", "Idol.": #28 round 29), "…used."
    beside the stage's line as that line's end (round 37), its rows left
    blank above the text read as lost text (round 30: 30a-4, 30b-5), and the lines under
    it moved up left blank rows under the newest (round 31, 31b-10).

    Its lines wrap a column short of where its scrollbar is, shown or not: they ran into
    it ("Slithering Snake.██", "spent in██": 30a-16), as the full log's (`l`) did."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        #: The rows (of `lines`) each line of the log starts on, in order.
        self.starts: list[int] = []
        #: The panel's top rows as marked (`marked_tail`), and what they were made for.
        self._tail: list[Strip] = []
        self._tail_key: tuple[int, ...] = ()

    def on_mount(self) -> None:
        self.anchor()

    def write(
        self,
        content: RenderableType | object,
        width: int | None = None,
        expand: bool = False,
        shrink: bool = True,
        scroll_end: bool | None = None,
        animate: bool = False,
    ) -> Self:
        """Write `content` (lines split at "\\n") wrapped at `width` (else short of the
        scrollbar), noting the row each of its lines starts on."""
        if not self._size_known:  # written again once the size is known
            return super().write(content, width, expand, shrink, scroll_end, animate)
        before = len(self.lines)
        width = self.wrap_width() if width is None else width
        super().write(content, width, expand, shrink, scroll_end, animate)
        if (self.auto_scroll if scroll_end is None else scroll_end) and not animate:
            # At its end now, not after the next refresh (RichLog's own scroll waits for it):
            # the frame that draws the step shows its newest line (31b-9: after "Taken for
            # you" the log stopped at "Skills drawn (level 3's skill): Iron Grip," with its
            # scrollbar mid-way, and caught up a second later).
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        if self.max_lines is not None or len(self.lines) == before:
            return self
        parts = content.split("\n") if isinstance(content, (str, Text)) else [content]
        texts = [Text(part) if isinstance(part, str) else part for part in parts]
        row, starts = before, []
        for text in texts:
            starts.append(row)
            if isinstance(text, Text):
                row += max(1, len(text.wrap(self.app.console, width)))
        # Wrapped as RichLog wraps it; where the rows differ, the content is one line.
        self.starts += starts if row == len(self.lines) else [before]
        return self

    def wrap_width(self) -> int:
        """Return the width the log's lines wrap at: the panel's but for its scrollbar's
        columns (kept before it comes) and a column's gap before them."""
        bar = 0 if self.show_vertical_scrollbar else self.styles.scrollbar_size_vertical
        return max(1, self.scrollable_content_region.width - bar - 1)

    def clear(self) -> Self:
        self.starts = []
        return super().clear()

    def render_line(self, y: int) -> Strip:
        """Return row `y` of the panel: where its top rows are the tail of a line begun
        above, that tail marked as such ("▏…used.") and wrapped again with the mark's cells
        counted, every row in its place, the newest at the bottom (31b-10: the lines moved
        up over a tail left a blank row under the newest, after a resize and often
        otherwise)."""
        tail = self.marked_tail()
        if y < len(tail):
            scroll_x = round(self.scroll_offset.x)
            width = self.scrollable_content_region.width
            row = tail[y].crop_extend(scroll_x, scroll_x + width, self.rich_style)
            return row.apply_style(self.rich_style)
        return super().render_line(y)

    def marked_tail(self) -> list[Strip]:
        """Return the panel's top rows where they are the tail of a line begun above it:
        that tail marked "▏…" and wrapped again with the mark's cells counted, on as many
        rows, its words whole (33a-2: "…every result it could lead to is …" / "better
        than this one.", its "no" cut for the mark's cell), the words of its first row
        that no longer fit gone above with the rest; [] where the top row is a line's
        first."""
        top = round(self.scroll_offset.y)
        height = self.scrollable_content_region.height
        key = (top, height, len(self.lines), self._start_line, self.wrap_width())
        if self._tail_key != key:
            self._tail_key = key
            self._tail = []
            if self.tail_on_top():
                at = bisect_right(self.starts, top)
                end = self.starts[at] if at < len(self.starts) else len(self.lines)
                rows = self.lines[top : min(end, top + height)]
                self._tail = marked(rows, self.wrap_width(), self.app.console)
        return self._tail

    def tail_on_top(self) -> bool:
        """Return whether the panel's top row is not the first of a line: the tail of one
        begun above it."""
        top = round(self.scroll_offset.y)
        if not self.starts or top >= len(self.lines) or top <= self.starts[0]:
            return False
        at = bisect_left(self.starts, top)
        return not (at < len(self.starts) and self.starts[at] == top)


#: How a tail begun above the panel starts: a rule at the log's edge, then "…" (#28
#: round 37, 37a-9: " • Gambling Goblins: 1 cunning -> …Thrower, Quick Study." read the
#: stage's line and the log's top row as one line, a column apart).
RULE = "▏"
TAIL = f"{RULE}…"


def tail_mark(style: Style | None) -> Text:
    """Return the mark a tail begun above starts with (`TAIL`), its "…" in `style`, the
    rule dim, as the footer draws its own."""
    return Text.assemble((RULE, "dim"), ("…", style or ""))


def marked(rows: list[Strip], width: int, console: Console) -> list[Strip]:
    """Return `rows`, the tail of a line, marked "▏…" where it starts and wrapped again at
    `width` on as many rows: all its words where they fit so, else those of its first
    row that do not (they go above with the line's rest). Every word whole, the last
    row's end where it was (33a-2, 33b-2: "…yet you would fig…" / "with it", the mark's
    cell had taken a word's end)."""
    parts = [Text.assemble(*((seg.text, seg.style or "") for seg in row)) for row in rows]
    for part in parts:
        part.rstrip()
    text = Text(" ").join(part for part in parts if part.plain)
    style = next((seg.style for seg in rows[0] if seg.text.strip()), None)
    starts = [match.start() for match in re.finditer(r"\S+", text.plain)]
    for start in starts:
        wrapped = (tail_mark(style) + text[start:]).wrap(console, width)
        if len(wrapped) == len(rows):
            return [Strip(line.render(console)) for line in wrapped]
        if len(wrapped) < len(rows):
            break  # (wrapped at another width)
    return [continued(rows[0], width), *rows[1:]]


def continued(strip: Strip, width: int) -> Strip:
    """Return a row of a line begun above it marked "▏…" where it starts, in `width` cells
    of text at most (its last word's "…" where it lacks the cell: a column's gap kept
    before the scrollbar, 30a-16): where `marked` cannot wrap the tail again (one word
    wider than the row, or rows wrapped at another width)."""
    length = strip.cell_length
    text = strip.text.rstrip()
    first = next(iter(strip), None)
    style = first.style if first is not None else None
    if len(text) + len(TAIL) > width:  # a full row: its end goes, said so
        body = [*strip.crop(0, width - len(TAIL) - 1), Segment("…", style)]
    else:
        body = list(strip.crop(0, len(text)))
    row = Strip([Segment(RULE, Style(dim=True)), Segment("…", style), *body])
    return row.extend_cell_length(length).crop(0, length)
