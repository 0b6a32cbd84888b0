"""The monster's rules cut into the stage's pages (`m` at 80x24): a page ends between
rules, or a rule longer than a page at a sentence's or a clause's end, marked "…"."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable

from rich.text import Text


def rule_pages(
    rules: list[list[Text]], rows: int, chained: frozenset[int] = frozenset()
) -> list[list[Text]]:
    """Return the rules' lines (one list a rule) in pages of at most `rows` lines: each
    rule goes on the first page with room for it (round 10: the Gutter Wolf's page 1 of 3
    held two lines and a blank row, a three-line rule sent to the next), else a new one;
    a rule longer than a page goes on over the next. The rules whose index is in
    `chained` go on from the one before (a rule's parts, `rule_parts`): a rule in parts
    goes on the last page or a new one and each part on the next, so that they read on."""
    pages: list[list[Text]] = [[]]
    closed = False  # the last page ends in a part that goes on
    for i, rule in enumerate(rules):
        # A rule in parts goes on the last page or a new one, its parts one after another.
        parted = i in chained or i + 1 in chained
        fits = (
            k
            for k in range(len(pages) - 1 if parted else 0, len(pages))
            if not (closed and k == len(pages) - 1)
            and (not pages[k] or len(pages[k]) + len(rule) <= rows)
        )
        at = next(fits, len(pages))
        if at == len(pages):
            pages.append([])
        for line in rule:
            if len(pages[at]) == rows:
                pages.append([])
                at = len(pages) - 1
            pages[at].append(line)
        closed = i + 1 in chained
    return pages


def first_room(used: list[int], lines: int, rows: int) -> int:
    """Return the first page with room for `lines` more (`used`: each page's lines; a page
    of `rows`), else a new one's index (added to `used`), and count them on it."""
    k = next((k for k, n in enumerate(used) if n + lines <= rows), len(used))
    if k == len(used):
        used.append(0)
    used[k] += lines
    return k


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

    # A part ending at a clause's end fills half the page at least, else it ends between
    # words (#28 round 13: "Grab the Weapon: …" alone on a page of two rows, "5 DEFEND: …"
    # on a page of one).
    def fills(body: str) -> bool:
        return 2 * len(shown(body, False)) >= rows * width

    while rest and rows > 0 and not fits(rest, True):
        end = _part_end(rest, lambda body: fits(body, False), fills)
        parts.append(shown(rest[:end].rstrip(), False))
        rest = rest[end:].lstrip()
    return [*parts, shown(rest, True)] if rest or not parts else parts


def _part_end(text: str, fits: Callable[[str], bool], fills: Callable[[str], bool] = bool) -> int:
    """Return where the longest start of `text` that `fits` ends, at the best break of
    `_BREAKS` that has one (a clause's end: one that `fills` its page; a word longer than
    a page: cut where it fits; at least 1)."""
    for k, pattern in enumerate(_BREAKS):
        ends = [b.start() for b in pattern.finditer(text) if b.start() and fits(text[: b.start()])]
        if ends and (k != 1 or fills(text[: ends[-1]])):
            return ends[-1]
    end = 1
    while end < len(text) and fits(text[: end + 1]):
        end += 1
    return end


#: A monster's rule on the stage's pages: its words, the length of its bold head, its
#: style, and what it is: RULES (a keyword's or its own), "ambush" or "trickery" (what
#: that step does), TABLE (a table row said in full).
Said = tuple[str, int, str, str]
RULES = "rules"
TABLE = "table"


def page_holds(page: list[Text], rule: list[Text]) -> bool:
    """Return whether a page (`rule_pages`) holds any line of a rule (the same lines)."""
    return any(line is said for line in rule for said in page)


def page_word(held: list[str]) -> str:
    """Return the word for a page of `m` by what it holds (each rule's kind, `Said`), for
    its title ("rules 2 of 3"): "rules" where it holds a keyword or a rule of the
    monster's own, else the ambush or trickery it says, else "table" (its rows in full;
    #28 round 15: pages that held rows alone or a trickery's cost were titled "rules")."""
    return next((word for word in (RULES, "ambush", "trickery") if word in held), TABLE)
