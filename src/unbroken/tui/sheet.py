"""The monster's sheet on the stage, with its combat table (the stage shows it in combat).

At 80x24 the sheet sits in the left column beside the decisions, so it is kept
short: the monster's rules are abbreviated (what its ambush and trickery do
before the battle, its keywords and the names of its rules) above the six table
rows, each of which keeps one row (cut with "…" when the column is narrow). The
rules are in full only where the whole table stays in sight under them; else
`m` shows them in full a page at a time (each `m` the next, the last folds them
back), the six rows kept in sight under them. The pages are of one size for the
stage's height (the monster's name and numbers on one line, the die or the danger
track on the next, whatever the die shows), each rule on the first page with room
for it (round 10: pages were left half empty), and the title says "rules 2 of 4" (#28 round 7: the
page size followed the die's words, "3/8" became "3/4" and a page held one line).
The table rows cut to one row (where the rules folded cut them) are shown whole in
place after the rules, in row order, each on the last page with room for it (else said
in full; #28 round 11: the Kobold's pages held a row or two; round 16: rows 4, 3, 6),
the table's pages counted apart from the rules' ("rules 2 of 2 (m: table)", then
"table 1 of 3"),
the pages say the die's words where the head cuts them (between words) and the danger
track's gains first, at the top of the first page, unless alone they would fill it
(#28 round 19: the Wyvern's went to the table's page), and each rule whole on one
page, never over two (round 19): a page is as tall as its tallest rule where the Hand
keeps its title (round 24: the six rows on every page), and a rule longer still has a page
of its own over the table's first rows.
No page is empty (round 19: a row kept for the die's words made one). A row whole takes
its rows in place, under its result's name where under its words they would be more than
the page has (round 22: the Ogre's DEFEND said above the table left its STEAL row out).
A page never shows less of a row than the folded stage: rows whole folded are whole on
every page; where the folded stage says its rules and rows whole, `m` has no page to add
(#28 round 32: the Shrieking Fungus's DAZE row, whole folded, cut on its Trickery page).
"""

from __future__ import annotations

import textwrap

from rich.text import Text

from unbroken.core import model as m
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState, Phase
from unbroken.tui.card_lines import mark
from unbroken.tui.panel import bar, cut
from unbroken.tui.rule_pages import (
    RULES,
    TABLE,
    Said,
)
from unbroken.tui.sheet_head import danger_line, head_cut, held_cap, paged_head
from unbroken.tui.sheet_pages import PagedRules
from unbroken.tui.sheet_rows import (
    coming_rules,
    longest_lines,
    row_texts,
    same_rows,
    table_indent,
    table_lines,
)

#: The indent of a table row's lines whole in place where under its words they take too
#: many rows: under its result's name.
TIGHT = "   "


#: How the die says the monster it picked ("⚃ 4 picked the Ghoul", tui/dice.py).
PICKED = " picked the "


class MonsterSheet(PagedRules):
    """The monster's sheet: its head, its rules (folded, in full, or `m`'s pages) and its
    table; the stage (tui/stage.py) draws it in combat and turns its rules with `m`."""

    #: Whether the monster's rules are shown in full or as one line of names: as the
    #: player chose with `m`, or (None) in full only when all of the sheet fits.
    expanded: bool | None = None
    #: Whether the table's rows were drawn cut to one row each ("…"), some of them longer.
    rows_cut = False
    #: Whether they were so with the rules folded: else `m`'s pages need not unfold them
    #: (#28 round 16: the Gutter Wolf's last page showed the STEAL row as folded did).
    folded_cut = True
    #: Whether they are shown in full now (what `m` turns the other way).
    full = False
    #: Whether its rules in full fit above the whole table (else `m` shows them a part
    #: at a time, the table's rows cut to one row each so that all six stay in sight).
    fits = True
    #: Whether the monster has no rules of its own (no keyword, rule, ambush or trickery
    #: still to act): its table is shown whole where the Hand under it keeps its rows
    #: (`rows_free`), and `m` then says it has none (round 10: its rows were cut, "(m:
    #: read)"); else cut to a row each, as with rules (#28 round 28: the Hobgoblin).
    bare = False
    #: The rows the folded rules keep for `m`'s hint, now in the title (`folded_rules`).
    hint_rows = 0
    #: Whether the folded rules say them whole (no keyword, no rule of its own): with its
    #: table's rows whole too, `m` has nothing to add (`folded_rules`).
    said_whole = False
    #: The head's lines the pages say whole: the die's where cut to one line, the danger
    #: track's (the die takes its line once it shows).
    head_said: list[str] = []  # noqa: RUF012 (each draw sets its own)
    #: The table's rows that say what an earlier row says (its number), `same_rows`.
    same: dict[int, int] = {}  # noqa: RUF012 (each draw sets its own)
    #: The battle and screen size (`room_key`) where `m` last showed pages: they are
    #: measured for the rows' longest words while it shows them (36b-2).
    paged_in: tuple[object, ...] = ()
    #: The table's rows the pages lay out whole there: those cut when they first showed,
    #: each for its longest words; a row whose words grow later is cut on them, "…" (36b-2).
    laid_rows: frozenset[int] = frozenset()
    #: The table's rows drawn cut ("…") as last drawn: `m`'s notice says where they are
    #: whole (36b, the page said "its table's rows in full" beside a row cut).
    cut_here: tuple[int, ...] = ()
    #: The stage as last drawn (its plain text): `m` checks that it changed something.
    drawn = ""

    def monster_sheet(
        self, text: Text, state: GameState, rules: Ruleset, die: str, row: int
    ) -> None:
        mo = state.monster
        assert mo is not None
        card = rules.monsters[mo.id]
        width = self.size.width or 46
        self.room_key = (state.level, state.step, tuple(self.app.size))  # `rows_free`'s hold
        shown, danger = self.monster_head(text, state, rules, die, width)
        before = coming_rules(state, card)
        self.bare = not (before or card.abilities or card.keywords)
        head = text.copy()
        self.full, self.pages, self.rows_cut = True, 1, False
        self.rules_and_table(text, state, rules, card, before, row, width)
        room = self.rows_free()
        # With `m` open, measured as its rows' longest words in the battle take: the pages
        # (or none) stay as a row's words grow (36b-2: the Abomination's DAZE row).
        lines = table_lines(state, rules, card, row)
        longest = longest_lines(state, rules, card, lines)
        indent = table_indent(card)
        # Once `m` shows pages in the battle (at this size): where its rows fit now, `m`
        # has nothing to add and shows none (#28 round 16).
        paging = self.expanded is True and self.paged_in == self.room_key
        grown = self.grown(lines, longest, indent) if paging else 0
        if self.bare and (not room or text.plain.count("\n") + grown <= room):
            self.fits, self.paged_in = True, ()  # its table whole, nothing to fold or page
            return
        # The rules in full only where the whole table stays in sight under them, its rows
        # whole (or `m` would have no rows to say in full); asked for (`m`) where it does
        # not, a part at a time above the six rows cut to one each.
        ruled = bool(before or card.abilities or card.keywords)
        above = text.plain.count("\n") + grown
        self.fits = (not room or above <= room) and not (ruled and self.rows_cut)
        if self.fits and self.expanded is not False:
            self.paged_in = ()
            return
        self.full = self.expanded is True
        # With no rules to fold, `m` unfolds the table's rows (wrapped, not cut) where
        # they fit so; else the pages say the rows cut in full (#28 round 8).
        wrapped = sum(self.wrapped(line, indent).count("\n") + 1 for line, _ in lines) + grown
        # No taller than with the rules folded: the Hand keeps its rows while `m` is open
        # (it shrank to one, "Hand ↓ more", #28).
        folded = self.folded_rows(head, state, rules, card, row, width) if self.full else 0
        if self.full and self.said_whole and not self.folded_cut:
            # Folded, the stage says all, its rules and its rows whole: `m` has no page to
            # add (#28 round 32: the Shrieking Fungus's Trickery page said it again, its
            # DAZE row cut); the screen says so.
            self.full = False
            text.truncate(0)
            text.append_text(head)
            self.rules_and_table(text, state, rules, card, before, row, width)
            return
        in_place = not room or head.plain.count("\n") + wrapped <= min(room + 1, folded)
        cut_rows = any(len(line) > width for line, _ in lines) or paging and bool(self.laid_rows)
        cut_rows = cut_rows and not in_place
        paged = self.full and bool(before or card.abilities or card.keywords or cut_rows)
        # Their size is kept while the decision is (the same room), a rolling die's row for
        # its words' rest: the count stays as it lands (#28 round 13: "4 of 4", "4 of 6").
        sized = (state.decisions, room)
        if paged and self.sized[0] != sized:
            kept = len(die) == 1 or state.phase == Phase.COMBAT
            self.sized = (sized, folded, int(kept), self.folded_cut)
        self.page_rows = self.sized[1] if paged else 0
        if paged and self.paged_in != self.room_key:  # the rows cut as the pages first show
            self.laid_rows = frozenset(
                i for i, (line, _) in enumerate(lines, 1) if len(line) > width
            )
        self.paged_in = self.room_key if paged else ()
        text.truncate(0)
        if paged:  # a head of two lines whatever the die says: the pages keep their size
            # The monster the die picked is named on the line above: where its name does not
            # fit, "picked it" (#28 round 25: "die ⚅ 6 picked" alone on "rules 2 of 2").
            said = f"die {die}"
            if len(said) > width and PICKED in said:
                said = f"{said.partition(PICKED)[0]} picked it"
            die_line, rest = head_cut(said, width) if die else ("", "")
            if not die_line and state.phase == Phase.COMBAT and not danger:
                die_line = "die –"
            text.append_text(paged_head((card.id, shown), mo, danger, die_line, width))
            # What the head's one line leaves out, said whole on the pages (round 10), once
            # (round 11), its words whole (round 13); a blank row kept for it (see `sized`).
            # Not in Travel once the die shows nothing: no words can come to the row
            # (#28 round 24: a blank row under the Gnoll's head over several screens).
            kept = bool(self.sized[2]) and (bool(die) or state.phase == Phase.COMBAT)
            self.head_said = [rest] if rest else [""] if kept else []
            self.head_slot = bool(self.head_said)
            if danger:  # whether the die shows or not: the page count stays (round 7),
                # a blank row where the head says it whole (round 17: said twice)
                whole = danger_line(state, rules, 1000)
                self.head_said.append("" if not die_line and danger == whole else whole)
        else:
            text.append_text(head)
        self.rules_and_table(text, state, rules, card, before, row, width, paged=paged)

    def monster_head(
        self, text: Text, state: GameState, rules: Ruleset, die: str, width: int
    ) -> tuple[str, str]:
        """Append the monster's head to `text`: its name (and where it stands), its armor
        and health bars, the danger track's line, the die; return the name shown and the
        danger line."""
        mo = state.monster
        assert mo is not None
        card = rules.monsters[mo.id]
        guard = "  [GUARD UP]" if mo.defend and mo.health > 0 else ""  # none once defeated
        where = f"  (level {card.level}, #{card.number})"
        start = len(text)
        shown = rules.card_name(card.id)
        text.append(shown, style="bold")
        mark(text, start, (card.id, shown))
        if len(shown) + len(where) + len(guard) <= width:  # else the name line wraps
            text.append(where)
        text.append(guard, style="bold yellow")
        text.append("\n")
        # The bars give up cells before the line wraps (8 and 4 at most).
        armor, health = f" {mo.armor}/{mo.max_armor}", f" {mo.health}/{mo.max_health}"
        room = width - len("armor ") - len(armor) - len("  health ") - len(health)
        cells = max(3, min(12, room))
        text.append(f"armor {bar(mo.armor, max(mo.max_armor, 1), cells // 3)}{armor}  ")
        text.append(f"health {bar(mo.health, max(mo.max_health, 1), cells - cells // 3)}{health}")
        text.append("\n")
        danger = danger_line(state, rules, width)
        if danger:  # why the numbers differ from the card's (the inspector has it too)
            text.append(danger + "\n", style="dim")
        # The die under the monster's health, kept in combat so the table does not jump.
        if die:  # wrapped, so that the rows under it are counted
            said = f"die {die}"
            if len(said) > width and PICKED in said:  # shorter words, the name whole
                # (#28 round 31: "die ⚄ 5 picked the Shrieking" then "Fungus" at 80x24)
                face, _, name = said.partition(PICKED)
                said = f"{face}: {name}"
            self.append_wrapped(text, held_cap(said), style="bold", indent="    ")
        elif state.phase == Phase.COMBAT:
            text.append("die –\n", style="dim")
        return shown, danger

    def folded_rows(
        self, head: Text, state: GameState, rules: Ruleset, card: m.Monster, row: int, width: int
    ) -> int:
        """Return the rows the stage takes under `head` with the rules folded (the Hand
        under it has the rest)."""
        kept = self.full, self.expanded, self.border_title, self.rows_cut
        self.full, self.expanded, self.rows_cut = False, False, False
        folded = head.copy()
        self.rules_and_table(folded, state, rules, card, coming_rules(state, card), row, width)
        self.folded_cut = self.rows_cut
        self.full, self.expanded, self.border_title, self.rows_cut = kept
        return folded.plain.count("\n") + self.hint_rows

    def grown(self, lines: list[tuple[str, str]], longest: list[list[str]], indent: str) -> int:
        """Return the rows the table's rows (`lines`) take more wrapped whole at their
        longest words in the battle (`longest_lines`) than now."""
        return sum(
            self.row_height(said, indent) - self.row_height(said[:1], indent) for said in longest
        )

    def row_height(self, said: list[str], indent: str) -> int:
        """Return the most rows any of a table row's words (`said`) take wrapped whole."""
        return max(self.wrapped(line, indent).count("\n") + 1 for line in said)

    def rules_and_table(
        self,
        text: Text,
        state: GameState,
        rules: Ruleset,
        card: m.Monster,
        before: list[str],
        row: int,
        width: int,
        paged: bool = False,
    ) -> None:
        """Append the monster's rules (in full or folded, see `full`; `paged`: the part
        `page` of them in full, as many rows as the whole table leaves) and its table."""
        keywords = [rules.keywords[k] for k in card.keywords if k in rules.keywords]
        rows = table_lines(state, rules, card, row)
        indent = table_indent(card)
        wrapped = sum(self.wrapped(line, indent).count("\n") + 1 for line, _ in rows)
        # `m`'s pages are laid out for each row's longest words in the battle (36b-2).
        longest = longest_lines(state, rules, card, rows) if paged else [[r] for r, _ in rows]
        wrapped_most = wrapped + self.grown(rows, longest, indent)
        whole_rows: set[int] = set()  # the table rows this page of `m` shows whole
        # Where the folded stage shows its rows whole (now, and when the pages were sized),
        # every page of `m` does too, taking the lines they need from the rules' room (#28
        # round 32: the Shrieking Fungus's DAZE row whole folded, cut on its Trickery page).
        whole_table = paged and self.full and not (self.folded_cut or self.sized[3])
        self.over = self.pad = self.hint_rows = 0
        self.cut_here = ()
        self.tight, self.tight_extra = set(), {}
        if self.full:
            said: list[Said] = []  # each rule: its words, head, style, what it is
            # Paged, or too long for a row together: two rules, a page may end between
            # them (#28 round 26: "…1 token now |" ended a row at 120x40).
            joined = " | ".join(before)
            if before:
                for line in before if paged or len(joined) > width else [joined]:
                    said.append((line, 0, "italic", line.split(":", 1)[0]))
            for keyword in keywords:  # one name per card: "Armored (Gauntlet)" (#28 item 6)
                words = " ".join(a.text for a in keyword.abilities)
                name = rules.card_name(keyword.id)
                said.append((f"{name}: {words}", len(name) + 1, "", RULES))
            for ability in card.abilities:
                said.append((f"{ability.name}: {ability.text}", len(ability.name) + 1, "", RULES))
            # The rows cut to one row each, in full (#28 round 8): in place where a page has
            # room for the rows they take whole, else said above the table.
            cut_rows: list[tuple[int, int, Said]] = []
            texts = row_texts(state, rules, card)  # as each row acts now (#28)
            laid = self.laid_rows  # the rows laid out whole while the pages show (36b-2)
            self.same = same_rows(rows)
            for i, r in enumerate(card.table, 1):
                if paged and self.sized[3] and i in laid and i not in self.same:
                    # Identical rows are said once, as one (#28 round 23: the Vampire's
                    # three "WOUND lose 2 SE (Armored −1)" took a page each).
                    group = [i, *(k for k, first in self.same.items() if first == i)]
                    head = f"{', '.join(map(str, group))} {r.result}:"
                    extra = self.row_height(longest[i - 1], indent) - 1
                    self.tight_extra[i] = self.row_height(longest[i - 1], TIGHT) - 1
                    cut_rows.append((i, extra, (f"{head} {texts[i - 1]}", len(head), "", TABLE)))
            table = (wrapped_most if whole_table else len(card.table)) if paged else 0
            whole_rows = self.rules_in_full(text, said, table, cut_rows, self.head_said)
        else:
            names = [rules.card_name(k.id) for k in keywords]
            long_rows = any(len(line) > width for line, _ in rows)
            self.folded_rules(text, card, before, names, width, long_rows)
        above = text.plain.count("\n") + self.hint_rows
        room = self.rows_free()
        # A monster with no rules has its table whole where it fits (round 10: the Shrieking
        # Fungus's DAZE row was cut), but never over the rows the Hand keeps: else each row is
        # cut to one, as a monster's with rules are (#28 round 28: the Hobgoblin's rows 4-6
        # wrapped whole left the Hand its title and one row of cards).
        whole = self.expanded or not room or above + wrapped <= room
        if not paged and whole:
            for line, style in rows:
                self.append_wrapped(text, line, style=style, indent=indent)
        else:  # one row each, so all six are in sight whatever the column's width
            cut_here: list[int] = []
            for i, (line, style) in enumerate(rows[: len(rows) - self.over], 1):
                if paged and self.full and (i in whole_rows or whole_table):  # whole, in place
                    wrap = TIGHT if i in self.tight else indent
                    self.append_wrapped(text, line, style=style, indent=wrap)
                    # The rows its longest words would take kept, blank under the table.
                    most = self.row_height(longest[i - 1], wrap)
                    self.pad += most - self.row_height([line], wrap)
                elif paged and self.full and self.same.get(i) in whole_rows:
                    # A row as one shown whole on this page says so, not cut again.
                    same = f"{line[: len(indent)].rstrip():<{len(indent) - 1}} as row"
                    text.append(cut(f"{same} {self.same[i]}", width) + "\n", style=style)
                else:
                    text.append(cut(line, width) + "\n", style=style)
                    cut_here += [i] if len(line) > width else []
            self.rows_cut = any(len(line) > width for line, _ in rows)
            self.cut_here = tuple(cut_here)
            if self.bare and not paged and self.rows_cut:
                # `m` shows its table's rows in full: no rules to read (#28 round 11).
                self.border_title = f"{self.title}{self.unfolds('table')}"
        if not self.full and self.said_whole and not paged and whole:
            self.border_title = self.title  # no "(m: table)": its rows are whole (round 32)
        self.pad += self.hint_rows  # folded: its hint's rows, under the table

    def folded_rules(
        self,
        text: Text,
        card: m.Monster,
        before: list[str],
        keywords: list[str],
        width: int,
        cut_rows: bool = True,
    ) -> None:
        """Append the monster's rules abbreviated, none folded away: its keywords and the
        names of its rules (short, so always in sight: the playtest lost a Hex behind a long
        ambush), then what its ambush and trickery still to act do (`before`, see
        `coming_rules`), over as many lines as the six table rows leave (the last cut
        with "…"). Where that says them whole (no keyword, no rule of its own), the hint
        says what `m` adds: the table's rows (`cut_rows`: some are cut), else nothing
        (#28 round 16: the Abomination's "(m: read)" added one row). The hint is in the
        title; the rows it took after the rules' words are kept, blank under the table."""
        parts = [*keywords, *(a.name for a in card.abilities), *before]
        self.said_whole = False
        if not parts:
            return
        more = self.unfolds()
        room = self.rows_free()
        lines = max(1, room - text.plain.count("\n") - len(card.table)) if room else 2
        if (
            not keywords
            and not card.abilities
            and len(textwrap.wrap("; ".join(parts), width)) <= lines
        ):
            more = self.unfolds("table") if cut_rows else ""
            self.said_whole = True
        wrapped = textwrap.wrap("; ".join(parts), width) or [""]
        if len(wrapped) > lines:
            wrapped = [*wrapped[: lines - 1], cut(" ".join(wrapped[lines - 1 :]), width)]
        text.append("\n".join(wrapped) + "\n", style="italic")
        # How `m` goes on, in the title, never in the rule's words: cut, they lost it (#28
        # round 27: the Gnoll's "trickery: 3…" under a plain title; "tricked (m: table)").
        self.border_title = f"{self.title}{more}"
        # The rows the hint took among them stay the stage's, blank under the table: what
        # the table and `m`'s pages are measured by (a row less, the Abomination's table fit
        # whole folded and its pages cut the DAZE row).
        said = min(lines, len(textwrap.wrap("; ".join(parts) + more, width)))
        self.hint_rows = max(0, said - len(wrapped))
