"""The monster's rules laid out on the stage's pages (`m` at 80x24): a page ends between
rules, each rule whole on one page (round 19)."""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field

from rich.text import Text

from unbroken.tui.panel import NBSP


def rule_pages(rules: list[list[Text]], rows: int) -> list[list[Text]]:
    """Return the rules' lines (one list a rule) in pages of at most `rows` lines: each
    rule goes on the first page with room for it (round 10: the Gutter Wolf's page 1 of 3
    held two lines and a blank row, a three-line rule sent to the next), else a new one;
    a rule longer than a page goes whole on one of its own, longer (round 19: a rule went
    on over two pages)."""
    pages: list[list[Text]] = [[]]
    at = -1
    for before, rule in zip([[], *rules], rules, strict=False):
        # A rule's part after one ending "…" (`rule_parts`) on a page after that one's.
        after = at if goes_on(before, rule) else -1
        fits = (
            k
            for k, page in enumerate(pages)
            if k > after and (not page or len(page) + len(rule) <= rows)
        )
        at = next(fits, len(pages))
        if at == len(pages):
            pages.append([])
        pages[at].extend(rule)
    return pages


#: The mark at the end of a part of a rule longer than a page (`rule_parts`), and at
#: the start of the next part: it goes on.
CONTINUED = "…"


def goes_on(before: list[Text], rule: list[Text]) -> bool:
    """Return whether `rule` is the part of a rule after `before` (`rule_parts`)."""
    return bool(before and rule) and (
        before[-1].plain.endswith(f" {CONTINUED}") and rule[0].plain.lstrip().startswith(CONTINUED)
    )


def rule_parts(words: str, width: int, indent: str, most: int) -> list[list[str]]:
    """Return a rule's words wrapped to `width` as a panel wraps them (`Panel.wrapped`:
    the lines after the first indented), in parts of at most `most` lines (under 3: one
    part, a page of `m` keeps the table's six rows under it), the parts as long as each
    other: each part but the last ends
    "…" on its last line, the words that would not fit beside it moved on, and each but
    the first starts "…" in its first line's indent (#28 round 37, 37a-4: a row of "…"
    alone ended "rules 2 of 3", and "rules 3 of 3" began "downgraded, then the Survivor"
    with nothing to show that it went on)."""

    def wrap(said: str, first: str) -> list[str]:
        if not 0 < width < len(first + said):
            return [first + said]
        return textwrap.wrap(
            said,
            width,
            initial_indent=first,
            subsequent_indent=indent,
            break_on_hyphens=False,
        )

    tokens = WORD.findall(words)
    parts: list[list[str]] = []
    first = ""
    while True:
        lines = wrap(" ".join(tokens), first)
        if most < 3 or len(lines) <= most:
            parts.append(lines)
            break
        # As many lines a part as the parts need, not a last part of a word or two.
        size = -(-len(lines) // -(-len(lines) // most))
        part = lines[:size]
        said = WORD.findall(part[-1])
        # The last line's words that leave no room for " …" go on to the next part.
        while len(said) > 1 and len(part[-1]) + 2 > width:
            said.pop()
            part[-1] = part[-1][: part[-1].rstrip().rindex(" ")].rstrip()
        part[-1] += f" {CONTINUED}"
        parts.append(part)
        tokens = tokens[sum(len(WORD.findall(line)) for line in part) - 1 :]
        first = f"{indent[:-1]}{CONTINUED}"
    return [[line.replace(NBSP, " ") for line in part] for part in parts]


#: A word as `textwrap` keeps it whole (the words held together by NBSP one word).
WORD = re.compile(r"[^ \t\n\r\f\v]+")


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
    its title ("rules 2 of 3"): the one kind of rule it holds, the ambush or the trickery
    it says alone; "rules" where it holds a keyword or a rule of the monster's own, or
    several kinds (an ambush and a trickery); else "table" (its rows in full; #28 round
    15: pages that held rows alone or a trickery's cost were titled "rules"). Named by its
    first kind, the Kobold's page of its ambush and trickery was "ambush 1 of 1" where the
    Orc's two pages of the same were "rules 1 of 2" (#28 round 34, 34a-7)."""
    kinds = {word for word in held if word != TABLE}
    if not kinds:
        return TABLE
    return kinds.pop() if len(kinds) == 1 else RULES


@dataclass
class Laid:
    """`m`'s pages laid out (`lay_out`): each page's rule lines, the head's words it says
    above them, the table rows it shows whole in place, the lines it takes, and what it
    holds (RULES, "ambush", "trickery" or TABLE, for its title)."""

    lines: list[list[Text]]
    tops: list[list[Text]]
    shows: list[set[int]]
    used: list[int]
    words: list[str]
    #: The rows each page keeps blank for the die's words, under its table.
    blank: list[int] = field(default_factory=list)

    def new_page(self) -> int:
        """Add an empty page; return its index."""
        self.blank.append(0)
        self.lines.append([])
        self.tops.append([])
        self.shows.append(set())
        self.used.append(0)
        return len(self.used) - 1

    def put(self, page: int, lines: list[Text]) -> None:
        """Put the head's words (`lines`) at the top of a page, or, a row kept blank for
        the die's words, under its table, not over it (#28 round 27: a blank row under the
        Ghoul's "die ⚅ 6 (monster's combat roll)", over its "1 MISS")."""
        if any(line.plain.strip() for line in lines):
            self.tops[page].extend(lines)
        else:
            self.blank[page] += len(lines)
        self.used[page] += len(lines)

    def holds(self, page: int) -> str:
        """Return what the page holds first, to find it again where the pages are laid
        out anew: its first rule's first line, else the first table row it shows whole
        ("row 3"), else the first of the head's words it says."""
        lines = [line.plain for line in self.lines[page] + self.tops[page] if line.plain.strip()]
        shows = sorted(self.shows[page])
        if self.lines[page]:
            return lines[0]
        return f"row {shows[0]}" if shows else next(iter(lines), "")

    def title(self, page: int, key: str) -> str:
        """Return the page's title: what it holds and its place among the pages of that
        kind, the rules' pages first, then the table's ("rules 2 of 2 (m: table)", then
        "table 1 of 3 (m: next)"; #28 round 16: one count mixed "rules 1 of 4" with
        "table 2 of 4"), and what `key` does next."""
        table = [k for k, word in enumerate(self.words) if word == TABLE]
        ruled = [k for k in range(len(self.words)) if k not in table]
        kinds = {self.words[k] for k in ruled}
        word = TABLE if page in table else kinds.pop() if len(kinds) == 1 else RULES
        group = table if page in table else ruled
        if page + 1 == len(self.words):
            go_on = "fold"
        else:
            go_on = "next" if page + 1 in group else "table"
        return f"{word} {group.index(page) + 1} of {len(group)} ({key}: {go_on})"


def words_on_top(
    laid: Laid,
    heads: list[list[Text]],
    slot: bool,
    cut_rows: list[tuple[int, int, int]],
    rules: list[list[Text]],
    rows: int,
) -> list[list[Text]] | None:
    """Put the head's words (`heads`; `slot`: the first is the die's, its words' rest or
    a row kept blank for them) at the top of a first page of a monster without rules,
    with its first table row cut (`cut_rows`, as `lay_out` has them) where it fits with
    them (#28 round 26: the Gnoll's danger track only on "table 2 of 2"). The die's row goes
    too where it fits, else on the first page with room after the rows (`lay_out`): it
    takes the same rows whether the die rolls or has landed, so the pages stay as they
    were (round 13), and kept blank it goes under that page's table, not over it.
    Return the die's row where it is still to go, None where none went there."""
    _, extra, first = min(cut_rows)
    size = extra if first < 0 else len(rules[first])
    die, words = (heads[:1], heads[1:]) if slot else ([], heads)
    if sum(map(len, heads)) + size <= rows:
        words, die = heads, []
    elif not any(line.plain.strip() for lines in words for line in lines):
        return None
    elif sum(map(len, words)) > rows:
        return None
    # Where the first row whole does not go with them, the words still top the first
    # page, its rows cut, that row whole on the next (#28 round 27: the Wight's "table 1
    # of 2" showed its row 3 whole and no danger track, said on "table 2 of 2").
    k = laid.new_page()
    for lines in words:
        laid.put(k, lines)
    return die


def lay_out(
    rules: list[list[Text]],
    kinds: list[str],
    heads: list[list[Text]],
    cut_rows: list[tuple[int, int, int]],
    rows: int,
    slot: bool = False,
) -> Laid:
    """Lay `m`'s pages out, `rows` lines a page: the head's words (`heads`) at the top of
    the first (else, where they would fill it alone, on the first page with room after the
    rules), then the rules (`rules`, what each is in `kinds`, the table rows said as
    rules last, TABLE) as `rule_pages` lays them (a blank row kept for the die's words on
    the first page with room, else none), then the table rows cut to one
    row in row order (`cut_rows`: each one's number, the rows it takes more whole, and
    its index in `rules` where it is said as a rule, else -1): each on the last page
    where it has room, else on a new one, shown whole in place or said as a rule (#28
    round 16: the rows came out of order, 4, 3, 6). With no rules the head's words go
    over the first page's rows, its first row whole with them where it fits, else on the
    next page (round 27); after the rows only where they would fill a page alone."""
    said = next((k for k, kind in enumerate(kinds) if kind == TABLE), len(rules))
    laid = Laid([], [], [], [], [])
    # The head's words first, at the top of the first page (#28 round 19: the Wyvern's
    # danger track went to the table's page, after its ambush filled the first), then
    # the rules: the pages hold them as `rule_pages` lays them out after the head's.
    words = [lines for lines in heads if any(line.plain.strip() for line in lines)]
    said_top = {id(line) for lines in words for line in lines}
    pages = rule_pages([*words, *rules[:said]], rows)
    late: list[list[Text]] = []  # the head's words after the rules, where they fit
    if words and (said or cut_rows) and all(id(line) in said_top for line in pages[0]):
        # Not the head's words alone over the rules (#28 round 13: a page of only "…ord"),
        # nor over the table (round 20: the Troglodyte, no rules, had a "rules 1 of 1" of
        # its danger track and a blank row): with the table's rows where it has none.
        pages, late = rule_pages(rules[:said], rows), words
    for page in pages:
        if page or said or not cut_rows:
            k = laid.new_page()
            for line in page:
                (laid.tops if id(line) in said_top else laid.lines)[k].append(line)
            laid.used[k] = len(page)

    def head_words() -> None:
        # A blank row kept for the die's words goes on a page with room, never on one of
        # its own (#28 round 19: the Gutter Wolf's "rules 2 of 2" was blank rows).
        for lines in heads:
            if id(lines[0]) in said_top and not any(lines is w for w in late):
                continue
            k = next((k for k, n in enumerate(laid.used) if n + len(lines) <= rows), -1)
            if k < 0 and any(lines is w for w in late):
                k = laid.new_page()
            if k >= 0:
                laid.put(k, lines)

    on_top = None  # no rules: the die's row still to go, the words over the rows
    if said or not cut_rows:
        head_words()
    elif heads:
        on_top = words_on_top(laid, heads, slot, cut_rows, rules, rows)
    ruled = len(laid.used) if said else 0  # the pages of the rules (and the head's words)
    for number, extra, first in sorted(cut_rows):
        for part in [None] if first < 0 else [rules[first]]:
            size = extra if part is None else len(part)
            k = len(laid.used) - 1
            # A row whole in place goes on the table's pages, not the rules' (35b-6: the
            # Basilisk's GAZE rows whole only on "rules 3 of 3", its "table 1 of 1" cut).
            full = k < 0 or laid.used[k] + size > rows or (part is None and k < ruled)
            k = laid.new_page() if full else k
            laid.used[k] += size
            if part is None:
                laid.shows[k].add(number)
            else:
                laid.lines[k].extend(part)
    for lines in on_top or []:  # on the first page with room, under its table if blank
        k = next((k for k, n in enumerate(laid.used) if n + len(lines) <= rows), -1)
        if k < 0 and any(line.plain.strip() for line in lines):
            k = laid.new_page()
        if k >= 0:
            laid.put(k, lines)
    if not said and cut_rows and on_top is None:  # no rules: the head's words after the rows
        head_words()
        alone = len(laid.used) - 1
        if alone > 0 and not laid.shows[alone] and len(laid.shows[alone - 1]) > 1:
            # Not a page of the head's words alone over the rows cut again: the last row
            # whole on the page before goes with them where it fits (#28 round 21: the
            # Wererat's "table 2 of 2" added only "(a 7-sided die)" to page 1's rows).
            last = max(laid.shows[alone - 1])
            size = next(extra for number, extra, _ in cut_rows if number == last)
            if laid.used[alone] + size <= rows:
                laid.shows[alone - 1].discard(last)
                laid.used[alone - 1] -= size
                laid.shows[alone].add(last)
                laid.used[alone] += size
    if not laid.used:
        laid.new_page()
    for k, page in enumerate(laid.lines):
        held = [kind for rule, kind in zip(rules, kinds, strict=True) if page_holds(page, rule)]
        held += [TABLE] if laid.shows[k] else []
        laid.words.append(page_word(held) if held else RULES if said else TABLE)
    return laid


def lay_out_die(
    rules: list[list[Text]],
    kinds: list[str],
    heads: list[list[Text]],
    cut_rows: list[tuple[int, int, int]],
    rows: int,
    most: int,
    size: int,
) -> tuple[Laid, int]:
    """Lay `m`'s pages out (`lay_out`) with the first of `heads` the die's words' rest,
    `size` rows kept for it on the first page with room whether it says words now or none
    (blank, under the page's table): the pages are laid out without it, so the page count
    and what each page holds stay as the die shows its words (#28 round 20; round 28: the
    Shaman's "table 1 of 1" became "table 1 of 2" as "keep which?" took a row no page had
    kept: a blank row went only where a page had room, else nowhere, the words on a new
    page). Where no page has room the pages are taller, as far as `most` rows (else the
    row is not kept). The words are said on each other page with room for them too.
    Return the pages and their rows. Words longer than `size` rows end "…"."""
    die, rest = heads[0], heads[1:]
    if not any(line.plain.strip() for line in die):
        die = []
    if len(die) > size:  # cut to the rows kept, said so
        die = [*die[: size - 1], Text(f"{die[size - 1].plain.rstrip()[:-1]}…", style="dim")]
    laid = lay_out(rules, kinds, rest, cut_rows, rows)
    for tall in range(rows, max(rows, most) + 1):
        kept = next((k for k, used in enumerate(laid.used) if used + size <= tall), -1)
        if kept >= 0:
            break
    else:
        tall = rows
    for k, used in enumerate(laid.used):
        if k == kept:  # the words in the rows kept, any left blank under the table
            laid.blank[k] += size - len(die)
            laid.used[k] += size
        elif not die or used + len(die) > tall:
            continue
        else:
            laid.used[k] += len(die)
        laid.tops[k][0:0] = die
    return laid, tall
