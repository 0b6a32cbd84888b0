"""One section of help drawn line by line, the search's first match marked."""

from __future__ import annotations

import functools
import re
import textwrap
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget

from unbroken.tui.help_search import first_match

if TYPE_CHECKING:
    from rich.console import Console

#: The mark of the section shown in the contents (as the New game screen marks its choice).
MARK = "▶ "


def contents_entry(title: str, marked: bool, width: int) -> str:
    """Return a title as the contents list it, marked (`MARK`) or not, wrapped to `width`
    with its next lines under its words, as a book's contents (#28 round 16: "6. Weapons,
    skills," went on at column 1, "abilities and conditions")."""
    number = re.match(r"\d+\.\s+", title)
    hang = " " * (len(MARK) + (len(number[0]) if number else 2))
    lead = MARK if marked else " " * len(MARK)
    lines = textwrap.wrap(title, max(width, 12), initial_indent=lead, subsequent_indent=hang)
    return "\n".join(lines)


#: How the line holding the search's first match is marked.
MARKED = Style(reverse=True)


#: Stands for a space no wrap breaks at while Rich lays a section out (its wrap breaks at
#: every whitespace, the no-break space too): one cell that is no whitespace, drawn as a
#: space (`_drawn`).
NO_BREAK = "\ue000"


def no_word_alone(source: str) -> str:
    """Return the Markdown `source` with the last two words of every table cell joined by a
    space no wrap breaks at: a cell wrapped to a narrower column never leaves its last word
    alone on a row (#28 round 26: the viewer's keys read "one decision back or" / "on" once
    the help's scrollbar came). They stand joined by `NO_BREAK`, drawn as a space."""
    lines = source.split("\n")
    for i, line in enumerate(lines):
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        cells = line.split("|")
        for k, cell in enumerate(cells[1:-1], start=1):
            words = cell.strip().rsplit(" ", 1)
            if len(words) == 2 and all(words):
                cells[k] = cell.replace(" ".join(words), NO_BREAK.join(words))
        lines[i] = "|".join(cells)
    return "\n".join(lines)


@functools.lru_cache(maxsize=64)
def _drawn(console: Console, source: str, width: int) -> tuple[Strip, ...]:
    """Return the Markdown `source` drawn by Rich at `width`, line by line (kept: drawing
    a section is the costly part of opening help, and it is the same every time)."""
    from rich.markdown import Markdown

    options = console.options.update_width(width)
    lines = console.render_lines(Markdown(no_word_alone(source)), options, pad=True)
    spaced = (
        [Segment(text.replace(NO_BREAK, " "), style, control) for text, style, control in line]
        for line in lines
    )
    return tuple(Strip(line, width) for line in spaced)


class SectionText(Widget):
    """One section of help, its Markdown drawn by Rich once per width, line by line.

    Textual's Markdown widget mounts a widget per block and made `?` the one
    slow key (about 350 ms); a Static measured and drew the Markdown twice on
    every opening. Here it is drawn once for a width and kept, so opening help
    again, or coming back to a section, draws nothing new (bench/tui.py).
    """

    DEFAULT_CSS = "SectionText { height: auto; }"

    #: The Markdown source shown.
    source = ""
    #: What the search finds (its first match in the section is marked), and that line
    #: for the width last drawn: (width, line or None).
    found: list[re.Pattern[str]] = []
    _marked: tuple[int, int | None] = (0, None)

    def show(self, source: str, found: list[re.Pattern[str]] | None = None) -> None:
        """Show the Markdown `source`, the first line holding a word of the search
        (`found`) marked."""
        self.source = source
        self.found = found or []
        self._marked = (0, None)
        self.refresh(layout=True)

    def match_line(self, width: int = 0) -> int | None:
        """Return the line holding the search's first match at `width` (the widget's
        own when 0), None when nothing is searched or no line holds it whole."""
        width = width or self.content_size.width
        if not self.found or width <= 0:
            return None
        if self._marked[0] != width:
            found = first_match([line.text for line in self.lines(width)], self.found)
            self._marked = (width, found)
        return self._marked[1]

    def lines(self, width: int) -> tuple[Strip, ...]:
        """Return the section drawn at `width` (nothing when it has no width yet)."""
        return _drawn(self.app.console, self.source, width) if width > 0 else ()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        lines = self.lines(width)
        if y >= len(lines):
            return Strip.blank(width, self.rich_style)
        strip = lines[y].apply_style(self.rich_style)
        return strip.apply_style(MARKED) if y == self.match_line(width) else strip
