"""A titled panel of the table, and the bars the panels draw."""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from rich.text import Text

from unbroken.tui.card_lines import CardLines
from unbroken.words.vocabulary import cut as cut  # the panels' lines are cut by it


def bar(value: int, cap: int, width: int) -> str:
    """Return a bar of `width` cells filled in proportion to value/cap, at least one cell
    for any value above 0 (#28 round 22: "time ░░░░░░  2 left" of 30 read as none left)."""
    filled = 0 if cap <= 0 else round(width * min(value, cap) / cap)
    if value > 0 and width > 0:
        filled = max(1, filled)
    return "█" * filled + "░" * (width - filled)


#: Between words a panel's line keeps on one row (`Panel.wrapped`): drawn as a space.
NBSP = "\u00a0"


class Panel(CardLines):
    """A titled panel of the table (the cards it names can be inspected: card_lines)."""

    #: Draws the panel again as last shown (a panel whose lines depend on its width).
    _redraw: Callable[[], None] | None = None

    def with_title(self, title: str) -> Panel:
        """Return the panel with a border title."""
        self.border_title = title
        return self

    def on_resize(self) -> None:
        if self._redraw is not None:
            self._redraw()

    def wrapped(self, line: str, indent: str = "   ") -> str:
        """Return `line` wrapped to the panel's width, the lines after the first indented."""
        width = self.size.width
        if not 0 < width < len(line):
            return line.replace(NBSP, " ")
        # Names whole: "Clear-Headed", never "Clear-" then "Headed" (#28 round 24).
        said = textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False)
        return "\n".join(said).replace(NBSP, " ")  # words held together (NBSP), spaced

    def append_wrapped(
        self, text: Text, line: str, style: str = "", head: int = 0, indent: str = "   "
    ) -> None:
        """Append `line` wrapped (and a newline); its first `head` characters in bold."""
        start = len(text)
        text.append(self.wrapped(line, indent) + "\n", style=style)
        if head:
            text.stylize("bold", start, start + head)
