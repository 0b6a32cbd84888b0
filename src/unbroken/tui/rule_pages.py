"""The monster's rules cut into the stage's pages (`m` at 80x24): a page ends between
rules, or a rule longer than a page at a sentence's or a clause's end, marked "…"."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable

from rich.text import Text


def rule_pages(rules: list[list[Text]], rows: int) -> list[list[Text]]:
    """Return the rules' lines (one list a rule) in pages of at most `rows` lines: each
    rule starts a page unless it fits in what is left of the one before; a rule longer
    than a page goes on over the next."""
    pages: list[list[Text]] = [[]]
    for rule in rules:
        if pages[-1] and len(pages[-1]) + len(rule) > rows:
            pages.append([])
        for line in rule:
            if len(pages[-1]) == rows:
                pages.append([])
            pages[-1].append(line)
    return pages


#: Where a rule longer than a page may end a page, best first: a sentence's end, then a
#: clause's (after a comma, semicolon, colon or bracket, or before a bracket or dash),
#: then between words (a clause longer than a page).
_BREAKS = (
    re.compile(r"(?<=[.!?])\s+"),
    re.compile(r"(?<=[,;:)])\s+|\s+(?=[(—])"),
    re.compile(r"\s+"),
)
#: The mark at the end of a page a rule goes on from, and at the start of the next.
GOES_ON = "…"


def wrap_rule(line: str, width: int, indent: str) -> list[str]:
    """Return `line` wrapped as the stage wraps it (`Panel.wrapped`)."""
    if not 0 < width < len(line):
        return [line]
    return textwrap.wrap(line, width, subsequent_indent=indent)


def rule_parts(line: str, rows: int, width: int, indent: str = "  ") -> list[str]:
    """Return a rule's words in parts of at most `rows` lines at `width` (one part where
    it fits): each part but the last ends at a sentence's end where one fits, else at a
    clause's, with " …", and the next starts "  … " (a page never ends mid-sentence when
    a sentence fits in it, #28 round 8: "| trickery:", then "cannot be tricked")."""
    parts: list[str] = []
    rest = line

    def shown(body: str, last: bool) -> str:
        lead = f"{indent}{GOES_ON} " if parts else ""
        return f"{lead}{body}{'' if last else ' ' + GOES_ON}"

    def fits(body: str, last: bool) -> bool:
        return len(wrap_rule(shown(body, last), width, indent)) <= rows

    while rest and rows > 0 and not fits(rest, True):
        end = _part_end(rest, lambda body: fits(body, False))
        parts.append(shown(rest[:end].rstrip(), False))
        rest = rest[end:].lstrip()
    return [*parts, shown(rest, True)] if rest or not parts else parts


def _part_end(text: str, fits: Callable[[str], bool]) -> int:
    """Return where the longest start of `text` that `fits` ends, at the best break of
    `_BREAKS` that has one (a word longer than a page: cut where it fits; at least 1)."""
    for pattern in _BREAKS:
        ends = [b.start() for b in pattern.finditer(text) if b.start() and fits(text[: b.start()])]
        if ends:
            return ends[-1]
    end = 1
    while end < len(text) and fits(text[: end + 1]):
        end += 1
    return end
