"""Text whose names a wrap never splits between rows: the New game screen's
description fold cut "Same abilities and start as Kirilla el" from "Kaer" (28b-15), a wrap
breaking at every space, the no-break one too. A name's spaces stand as `NO_BREAK`
(one cell, no whitespace) while Textual lays the text out at the width it is drawn at
(`HeldStatic`), and are drawn as spaces."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.text import Text
from textual.strip import Strip
from textual.widgets import Static

from unbroken.tui.help_text import NO_BREAK

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset


def held(text: Text, names: Iterable[str]) -> Text:
    """Return `text` with the spaces of each of `names` in it held (`NO_BREAK`), its styles
    as they were; the longest names first ("Kirilla el Kaer" before a shorter one in it)."""
    plain = text.plain
    for name in sorted({n for n in names if " " in n}, key=len, reverse=True):
        plain = plain.replace(name, name.replace(" ", NO_BREAK))
    out = text.copy()
    out.plain = plain  # the same length: every style stays where it was
    return out


def names_in_play(rules: Ruleset) -> set[str]:
    """Return the names a description may say: the characters', their classes', their
    abilities' and the weapons'."""
    names = {c.name for c in rules.characters.values()}
    names |= {c.name for c in rules.classes.values()}
    names |= {a.name for c in rules.classes.values() for a in c.abilities}
    return names | {w.name for w in rules.weapons.values()}


#: The rows a fold may give up to end at a sentence's end (`sentence_fold`).
NEAR = 3


def sentence_fold(rows: list[str], room: int, near: int = NEAR) -> int:
    """Return how many of `rows` to show above a fold with `room` rows: all of them when
    they fit; else `room`, or fewer, down to `near` rows fewer, so that the last one shown
    ends a sentence (29b-21: "Same abilities and start as" above "… (PgDn: more)"; 29a-18:
    "…ignore armor. Patience" read as an ability named Patience)."""
    if len(rows) <= room:
        return len(rows)
    for shown in range(room, max(1, room - near) - 1, -1):
        if rows[shown - 1].rstrip().rstrip(")\"'’”").endswith((".", "!", "?")):
            return shown
    return room


class HeldStatic(Static):
    """A Static whose held names (`held`) Textual's wrap keeps whole on a row, at whatever
    width it is laid out, drawn with spaces (a name wider than a row is broken at its width)."""

    @property
    def rows(self) -> list[str]:
        """Return the rows the text is laid out in, as drawn."""
        return [self.render_line(y).text for y in range(self.size.height)]

    @property
    def said(self) -> str:
        """Return the text shown, as the player reads it (its held names spaced)."""
        return str(self.render()).replace(NO_BREAK, " ")

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        if NO_BREAK not in strip.text:
            return strip
        spaced = [Segment(s.text.replace(NO_BREAK, " "), s.style, s.control) for s in strip]
        return Strip(spaced, strip.cell_length)
