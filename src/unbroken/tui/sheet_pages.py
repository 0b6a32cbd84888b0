"""The monster's rules in full on the stage: all of them over its table, or `m`'s pages
(a part of them at a time above the six table rows; each `m` the next, the last folds
them back), laid out by tui/rule_pages.py. The sheet (tui/sheet.py) says what goes on
them: the rules, the table's rows cut to one row, the head's words it left out."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from unbroken.tui.panel import Panel
from unbroken.tui.rule_pages import TABLE, Laid, Said, lay_out, lay_out_die, rule_parts

#: The key that expands and collapses the monster's rules on the stage.
EXPAND_KEY = "m"


class PagedRules(Panel):
    """A panel that shows the monster's rules in full, or a page of them at a time (`m`),
    over the table's rows: what page it shows, and how many rows it keeps."""

    #: The decision and room the pages were sized for, their size, the rows kept for the
    #: die's words (in combat, or where it rolled: it may say them on any page), whether the
    #: rows were cut with the rules folded then (`folded_cut`).
    sized: tuple[tuple[int, int], int, int, bool] = ((-1, 0), 0, 0, True)
    #: The most rows the stage takes while `m` shows the rules a part at a time (0: the
    #: room it has): the rows it takes with them folded.
    page_rows = 0
    #: The part of the rules unfolded shown now, and how many parts they take.
    page = 0
    pages = 1
    #: What the page shown holds first (`Laid.holds`): the pages are laid out again at each
    #: draw, and the page that holds it is shown (#28 round 20: the Shaman's "table 1 of 2"
    #: became "rules 2 of 2" without a key, a page more laid out before it); "" where `m`
    #: turned the page (its index is the one to show).
    page_holds = ""
    #: The table's rows this page leaves out for a rule longer than the room (the last).
    over = 0
    #: The blank rows a page of `m` keeps under its table (the stage's height kept).
    pad = 0
    #: Whether the first of the head's words the pages say (`heads`) is the die's (its
    #: words' rest, a row kept blank).
    head_slot = False
    #: The rows this page shows whole indented tight (sheet.TIGHT), and the rows each takes more so.
    tight: set[int] = set()  # noqa: RUF012 (each draw sets its own)
    tight_extra: dict[int, int] = {}  # noqa: RUF012 (each draw sets its own)
    #: The panel's title (the stage's title says how `m` goes on through the rules).
    title = ""
    #: The step the stage draws now (a battle) at the screen's size, and the least room
    #: `m`'s pages had in it: the pages keep that room while it lasts (35b-7: the Ghoul's
    #: "table 1 of 3" read "table 1 of 2" after an attack, the Display a row shorter).
    room_key: tuple[object, ...] = ()
    held_room: tuple[tuple[object, ...], int] = ((), 0)

    def rows_free(self) -> int:
        """Return the rows the stage may take before the hand under it is squeezed: its
        column's height less the panels above it, its border and the hand's least (3);
        0 before the layout. Table rows wrap within it, else each is cut to one row. While
        `m` shows the pages, no more than the least room they had in the battle at this
        screen size (`room_key`): the page count stays as the Display above changes (35b-7)."""
        parent = self.parent
        if not isinstance(parent, Widget) or not parent.size.height:
            return 0
        height: int = parent.size.height
        above = 0
        for child in parent.children:
            if child is self:
                break
            above += child.outer_size.height
        room = max(8, height - above - 1 - 3)
        if getattr(self, "expanded", None) is not True or not self.room_key:
            return room
        key, held = self.held_room
        if key == self.room_key and held:
            room = min(room, held)  # no more pages' room than the round began with
        self.held_room = (self.room_key, room)
        return room

    def unfolds(self, shows: str = "read") -> str:
        """Return how `m` goes on here (" (m: read)"; `shows`: what it shows, "table" for a
        monster without rules), "" where `m` is not bound."""
        bound = any(getattr(b, "key", "") == EXPAND_KEY for b in self.screen.BINDINGS)
        return f" ({EXPAND_KEY}: {shows})" if bound else ""

    def rule_lines(self, line: str, head: int, indent: str, style: str = "") -> Text:
        """Return one rule wrapped to the stage's width (no newline at its end), its first
        `head` characters in bold."""
        said = Text()
        self.append_wrapped(said, line, style=style, head=head, indent=indent)
        said.rstrip()
        return said

    def rule_height(self, line: str, indent: str) -> int:
        """Return the rows a rule takes wrapped to the stage's width."""
        return self.wrapped(line, indent).count("\n") + 1

    def rules_in_full(
        self,
        text: Text,
        said: list[Said],
        table: int,
        cut_rows: list[tuple[int, int, Said]] = [],  # noqa: B006 (read only)
        heads: list[str] = [],  # noqa: B006 (read only)
    ) -> set[int]:
        """Append the rules in full (`said`: each rule's words, bold head, style and what it
        is: RULES, TABLE, "ambush" or "trickery"; the title says what a page holds), and
        how `m` goes on: all of them, or with `table` rows to keep under them the page
        `page`, as many rows as the stage leaves over its head and the table (how `m` goes
        on then in its title). A page ends between rules, each said whole (round 19; a
        rule longer than the room on a page of its own, `over`). The table
        rows cut to one row (`cut_rows`: each one's number, the rows it takes more whole,
        and its words as a rule) are shown whole in place after the rules in row order
        (`lay_out`), else said as a rule (#28 round 11: the Kobold's five pages of a row or two).
        `heads`: the head's words it cut or left out (paged), at the top of the first page
        (#28 round 19: the Wyvern's danger track went to the table's page).
        Return the numbers of the rows this page shows whole."""
        room = self.rows_free()
        more = self.unfolds()
        paged = bool(table and room)
        # The pages fill the room the stage has while the Hand keeps its title and three
        # rows (`rows_free` counts two), at least the rows the rules folded took.
        top = min(room + 1, max(self.page_rows, room - 1)) if self.page_rows else room + 1
        rows = max(1, top - text.plain.count("\n") - table) if paged else 0
        indent = "  " if paged else "   "  # paged: a few more words a line
        most = 0
        if paged:  # taller for a rule that needs it, as far as the Hand keeps its title
            # (round 19: a row; #28 round 24: the Basilisk's four-line Petrifying Gaze
            # beside a Display a row taller left row 6 out, README: six rows every page)
            most = room + 2 - text.plain.count("\n") - table
            tallest = max((self.rule_height(line, indent) for line, *_ in said), default=0)
            # A row whole in place too (#28 round 22: the Kobold's CONFUSE was said above
            # the table, over rows 1-4 again, rows 5 and 6 left out).
            tight = [self.tight_extra.get(i, extra) for i, extra, _ in cut_rows]
            tallest = max([tallest, *tight])
            rows = max(rows, min(tallest, most))
        in_place = [(i, extra) for i, extra, _ in cut_rows if paged and extra <= rows]
        # A row too long under its words goes whole in place under its number where it fits
        # so, not said above the table (#28 round 22: the Ogre's "3 DEFEND: …" on top of
        # "table 1 of 3" left its row 6 out, where its other pages unfold rows in place).
        for i, extra, _ in cut_rows if paged else []:
            if extra > rows and self.tight_extra.get(i, extra) <= rows:
                in_place.append((i, self.tight_extra[i]))
                self.tight.add(i)
        placed = {i for i, _ in in_place}
        told = [i for i, _, _ in cut_rows if i not in placed]  # said as rules, after them
        said = [*said, *(rule for i, _, rule in cut_rows if i not in placed)]
        heads = heads if paged else []
        if not said and not in_place and not heads:
            return set()
        rules: list[list[Text]] = []
        kinds: list[str] = []  # what each of `rules` is
        firsts: list[int] = []  # where each of `said` starts in `rules`
        for line, head, style, kind in said:  # each whole on one page (round 19)
            firsts.append(len(rules))
            # Longer than a page with the six rows under it: on to the next page, "…"
            # (#28 round 25: the Crazed Survivor's Grab the Weapon left rows 5 and 6 out).
            parts = rule_parts(line, self.size.width, indent, most if kind != TABLE else 0)
            for k, part in enumerate(parts):
                said_part = Text()
                said_part.append("\n".join(part), style=style)
                said_part.stylize("bold", 0, head if k == 0 else 0)
                rules.append(list(said_part.split("\n", allow_blank=True)))
                kinds.append(kind)
        lines = [line for rule in rules for line in rule]
        whole: set[int] = set()
        if paged:
            told_at = list(zip(told, firsts[len(said) - len(told) :], strict=True))
            cut = [(i, extra, -1) for i, extra in in_place] + [(i, 0, k) for i, k in told_at]
            laid, rows = self.lay_pages(rules, kinds, heads, cut, indent, rows)
            self.pages = len(laid.used)
            held = [laid.holds(k) for k in range(self.pages)]
            if self.page_holds in held:  # the same words, wherever they are now
                self.page = held.index(self.page_holds)
            self.page = min(self.page, self.pages - 1)
            self.page_holds = held[self.page]
            whole = laid.shows[self.page]
            # A rule longer than the stage's room takes a page of its own over the table's
            # first rows, the last left to the other pages (round 19: it went on over two).
            self.over = max(0, laid.used[self.page] - rows)
            # The page keeps the stage's height with blank rows under the table, not over
            # it (#28 round 21: the Bugbear Warlord's "table 3 of 3" began with two).
            self.pad = max(0, rows - laid.used[self.page]) + laid.blank[self.page]
            lines = laid.tops[self.page] + laid.lines[self.page]
            if more:
                self.border_title = f"{self.title} {laid.title(self.page, EXPAND_KEY)}"
                more = ""
        if more:
            lines.append(Text(f"({EXPAND_KEY}: fewer words)", style="dim"))
        if lines:
            text.append_text(Text("\n").join(lines))
            text.append("\n")
        return whole

    def lay_pages(
        self,
        rules: list[list[Text]],
        kinds: list[str],
        heads: list[str],
        cut_rows: list[tuple[int, int, int]],
        indent: str,
        rows: int,
    ) -> tuple[Laid, int]:
        """Return `m`'s pages laid out (`lay_out`), `rows` lines a page (the die's words'
        row kept where a page has room, `lay_out_die`), and their rows."""
        lines = [list(self.rule_lines(h, 0, indent, "dim").split("\n")) for h in heads]
        if self.head_slot:
            # No taller for it: the Hand keeps its rows (round 11), `most` is for a rule.
            return lay_out_die(rules, kinds, lines, cut_rows, rows, rows, max(1, self.sized[2]))
        return lay_out(rules, kinds, lines, cut_rows, rows), rows
