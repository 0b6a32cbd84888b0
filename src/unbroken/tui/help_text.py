"""One section of help drawn line by line, the search's first match marked."""

from __future__ import annotations

import functools
import re
import textwrap
from typing import TYPE_CHECKING

from rich.cells import cell_len
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


#: Stands for the first letter of a table row while Rich lays a section out: where it is
#: drawn, that row starts (drawn as the letter it stands for, `_laid_out`).
ROW = "\ue001"


def rows_marked(source: str) -> tuple[str, list[str]]:
    """Return the Markdown `source` with the first letter of every table row's first cell
    put as `ROW`, and those letters in order (a letter of one cell only: a row whose first
    cell starts otherwise, "`" or "*", is not marked)."""
    lines = source.split("\n")
    letters = []
    for i, line in enumerate(lines):
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        at = len(line) - len(line[1:].lstrip()) if len(line) > 1 else 0
        letter = line[at : at + 1]
        if letter and (letter.isalnum() or letter in "←→↑↓()?/%+-") and cell_len(letter) == 1:
            lines[i] = line[:at] + ROW + line[at + 1 :]
            letters.append(letter)
    return "\n".join(lines), letters


@functools.lru_cache(maxsize=64)
def _laid_out(
    console: Console, source: str, width: int
) -> tuple[tuple[Strip, ...], frozenset[int]]:
    """Return the Markdown `source` drawn by Rich at `width`, line by line, and the lines
    where a table's row starts (kept: drawing a section is the costly part of opening help,
    and it is the same every time)."""
    from rich.markdown import Markdown

    options = console.options.update_width(width)
    marked, letters = rows_marked(no_word_alone(source))
    lines = console.render_lines(Markdown(marked), options, pad=True)
    starts = set()
    spaced = []
    for y, line in enumerate(lines):
        segments = []
        for text, style, control in line:
            while ROW in text and letters:
                text = text.replace(ROW, letters.pop(0), 1)
                starts.add(y)
            segments.append(Segment(text.replace(NO_BREAK, " "), style, control))
        spaced.append(Strip(segments, width))
    return tuple(spaced), frozenset(starts)


def _drawn(console: Console, source: str, width: int) -> tuple[Strip, ...]:
    """Return the Markdown `source` drawn by Rich at `width`, line by line."""
    return _laid_out(console, source, width)[0]


def row_start(lines: list[str], starts: frozenset[int], y: int) -> int:
    """Return the line where the table row holding line `y` starts (`starts`: the rows'
    first lines), or `y` itself when it is no table row's (a blank line ends a table)."""
    for up in range(y, -1, -1):
        if up in starts:
            return up
        if not lines[up].strip():
            break
    return y


#: A line ending so ends its sentence: the next line starts one.
SENTENCE_ENDS = (".", "!", "?", '."', ".)", ".*")


def sentence_top(lines: list[str], y: int, room: int = 0) -> int:
    """Return the line a view should open at to show line `y` (a search's match) from the
    start of a sentence: the nearest line at or above it that starts one (the section's
    first, one after a blank line or a sentence's end, a list item's) within `room` lines
    of it (0: any), else the line above it (31b-15: "/starve" opened the screen's section
    at "it. food 0 (eat 3) −6 SE…", the sentence before's tail)."""
    lowest = max(0, y - room + 1) if room > 0 else 0
    for up in range(y, lowest - 1, -1):
        text, before = lines[up].strip(), lines[up - 1].rstrip() if up else ""
        if up == 0 or not before.strip() or text.startswith(("•", "- ", "#")):
            return up
        if before.endswith(SENTENCE_ENDS):
            return up
    return max(0, y - 1)


def scrolled_width(pane: Widget, section: Widget) -> int:
    """Return the width of the `section`'s lines in its `pane` once the pane scrolls: the
    pane's content less its vertical scrollbar (drawn or not yet) and the section's own
    padding, border and margin (46 columns at 80x24, where the lines are 48 wide until
    the bar is drawn)."""
    room = pane.content_region.width - pane.styles.scrollbar_size_vertical
    return room - section.styles.gutter.width - section.styles.margin.width


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

    def match_top(self, width: int = 0, room: int = 0) -> int | None:
        """Return the line a view should start at to show the search's first match whole:
        its table row's first line (#28 round 27: "/costly" opened the keys at "Fight always:
        a key marks a", the row's start above the view), else the start of its sentence
        within `room` lines (the view's height; 0: any), else the line above the match."""
        width = width or self.content_size.width
        y = self.match_line(width)
        if y is None:
            return None
        laid, starts = _laid_out(self.app.console, self.source, width)
        texts = [line.text for line in laid]
        top = row_start(texts, starts, y)
        return top if top in starts else sentence_top(texts, y, room)

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
