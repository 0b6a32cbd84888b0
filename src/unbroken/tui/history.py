"""Records screens: the sortable history of games, and the achievements sheet (the
plugins' screen: tui/plugins_screen.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import ContentSwitcher, DataTable, Static

from unbroken.records import (
    RecordsError,
    SheetRow,
    achievement_sheet,
    all_achievements,
    alternatives_text,
    open_existing_records,
    sheet_columns,
)
from unbroken.records.stats import compute
from unbroken.tui.charts import RecordCharts
from unbroken.tui.footer import KeysFooter
from unbroken.tui.gameover import score_name
from unbroken.tui.panels import PanelsScreen
from unbroken.tui.reach import game_app
from unbroken.tui.records_table import (
    LEFT_OUT,
    Cells,
    game_cells,
    mark_titles,
    played,
    replay_names,
    shown,
    sort_column,
    sort_key,
    widest_cells,
)
from unbroken.words.outcomes import STEP_NAMES, cause_of_death
from unbroken.words.printable import printable
from unbroken.words.vocabulary import cut, plural

if TYPE_CHECKING:
    from unbroken.plugins import Plugins
    from unbroken.plugins.hookspecs import RecordsPanel
    from unbroken.records import GameRow


def current_panels(plugins: Plugins) -> list[RecordsPanel]:
    """Return the Records panels of `plugins`."""
    return list(plugins.records_panels)


class RecordsScreen(Screen[None]):
    """Every finished game; `s` sorts by the column under the cursor; Enter opens its replay;
    `c` switches between the table and the charts (unbroken.tui.charts); Esc goes from the
    charts to the table ("esc Table"), from the table to the title ("esc Title"); the
    achievements and the plugins' panels go back to the table too (#28 round 26: Esc stepped
    back through every view opened, the footer saying "esc Back" alone)."""

    BINDINGS = [
        Binding("escape", "back", "Table"),
        Binding("escape", "leave", "Title"),
        Binding("enter", "watch", "Replay", priority=True),  # the table's; not the charts'
        Binding("left", "column(-1)", "Column", key_display="←→", priority=True),
        Binding("right", "column(1)", "Column", show=False, priority=True),
        Binding("s", "sort", "Sort"),
        Binding("c", "show('charts')", "Charts"),
        Binding("c", "show('table')", "Table"),
        Binding("a", "achievements", "Achievements"),
        Binding("p", "panels", "Panels"),  # shown only when a plugin adds one
        # As on the title (32a-8: `?` did nothing here after a replay watched from here).
        # Not in the footer: with a plugin's `p Panels` it is full at 80 columns.
        Binding("question_mark", "help", "Help", show=False),
    ]

    DEFAULT_CSS = """
    RecordsScreen #records-views { height: 1fr; }
    RecordsScreen #table { height: 1fr; }
    RecordsScreen #games { height: 1fr; }
    RecordsScreen #left-out { padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.reverse = False
        self.replays: dict[str, str | None] = {}
        #: The plugins' Records panels, read once (first use): check_action runs on every refresh.
        self._panels: list[RecordsPanel] | None = None

    @property
    def panels(self) -> list[RecordsPanel]:
        """The Records panels of the app's plugins."""
        if self._panels is None:
            app = game_app(self)
            self._panels = current_panels(app.plugins)
        return self._panels

    def compose(self) -> ComposeResult:
        yield Static(id="records-summary")
        with ContentSwitcher(initial="table", id="records-views"):
            with Vertical(id="table"):
                yield Static(id="left-out")  # what the table has no room for, and where it is
                yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
                yield Static(id="game-detail")
            yield Vertical(id="charts")
        # Its own keys first: "^p palette" (Ctrl+P works all the same) cut the `p` key's
        # "Panels" at 80 columns (#28 round 24).
        yield KeysFooter(show_command_palette=False)

    @property
    def view(self) -> str:
        """Return which view is shown: "table" or "charts"."""
        return self.query_one("#records-views", ContentSwitcher).current or "table"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer the key to the other view (`c`: Charts, or Table), sorting in the table, and
        `p` (plugin panels) only when a plugin on adds a Records panel."""
        if action == "panels":
            return bool(self.panels)
        if action == "show":
            return parameters[0] != self.view
        if action == "back":
            return self.view == "charts"
        if action == "leave":
            return self.view == "table"
        if action in ("sort", "column", "watch"):
            return self.view == "table"
        return True

    def action_watch(self) -> None:
        """Enter in the table: watch the highlighted game's replay (the table's own Enter
        does it when it has the focus)."""
        self.query_one("#games", DataTable).action_select_cursor()

    def action_show(self, view: str) -> None:
        """Show the table of games or the charts."""
        self.query_one("#records-views", ContentSwitcher).current = view
        if view == "table":  # at once (not later, as focus() does): the next key moves it
            self.set_focus(self.query_one("#games", DataTable))
        else:
            self.set_focus(None)
        self.refresh_bindings()

    def action_back(self) -> None:
        """Esc on the charts: back to the table (not to the title, #28 round 8)."""
        self.action_show("table")

    def action_leave(self) -> None:
        """Esc on the table: back to the title (Records is opened from its menu)."""
        self.app.pop_screen()

    def action_help(self) -> None:
        """Open help, as `?` does on the title."""
        game_app(self).open_screen("help")

    #: The games' rows: (key, cells by column key); the table's layout (records_table.shown).
    cells: list[tuple[str, Cells]] = []
    widest: Cells | None = None  # the widest cells of the rules (records_table.widest_cells)
    drawn = ""  # the layout filled in (`fill`): its columns and cells
    #: The column the player sorted by (its key; None: not sorted), kept as the width changes.
    sorted_by: str | None = None
    sorted_shown: str | None = None  # the column shown sorted (narrow: Outcome for Rank)
    #: The display names of the expansions' scoring rules, by id.
    titles: dict[str, str]  # set in on_mount, before any game is described

    def fill(self, width: int) -> None:
        """Fill the table for a screen `width` wide with the columns that fit it
        (records_table.shown; the line above the table says what is left out, and where
        it is), keeping the sort and the highlighted game (round 11 lost both on resize)."""
        kind, columns, rows = shown([cells for _, cells in self.cells], width, self.widest)
        # The layout whole, not its kind: the narrow table's cells wrap to the width
        # (#28 round 19: a resize kept the wrapping of the width Records opened at).
        drawn = repr((columns, rows))
        if drawn == self.drawn:
            return
        self.drawn = drawn
        table = self.query_one("#games", DataTable)
        highlighted = self.highlighted_key()
        table.clear(columns=True)
        for title, key in columns:
            table.add_column(title, key=key)
        for (key, _), row in zip(self.cells, rows, strict=True):
            table.add_row(*row, key=key, height=1 if kind in ("all", "cls") else None)
        self.sorted_shown = sort_column(self.sorted_by, columns)
        if self.sorted_shown is not None:
            self.sort(self.sorted_shown)
        mark_titles(table, self.sorted_shown, self.reverse)
        if highlighted is not None:
            table.move_cursor(row=table.get_row_index(highlighted))
        left_out = self.query_one("#left-out", Static)
        left_out.update(Text(LEFT_OUT.get(kind, ""), style="italic"))
        left_out.display = kind in LEFT_OUT

    def highlighted_key(self) -> str | None:
        """Return the key of the highlighted game (None: no game)."""
        table = self.query_one("#games", DataTable)
        if not table.row_count:
            return None
        return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    def on_resize(self) -> None:
        if self.cells:
            self.fill(self.app.size.width)

    def on_mount(self) -> None:
        # "Game saved" (said on the title) covered the game picked's sentence (#28 round 15).
        game_app(self).clear_notices()
        table = self.query_one("#games", DataTable)
        summary = self.query_one("#records-summary", Static)
        try:  # read-only: the records show on a read-only data dir, and creates nothing
            records = open_existing_records()
            if records is None:
                rows, (played, won) = [], (0, 0)
            else:
                with records:
                    rows = records.games()
                    played, won = records.count()
        except RecordsError as exc:
            unavailable = Text(printable(f"Records are unavailable: {exc}"))
            summary.update(unavailable)
            self.query_one("#charts", Vertical).mount(Static(unavailable, id="no-charts"))
            return
        # Plugins' scoring rules get a column once any game has such a score.
        others = any(row.alternative_scores for row in rows)
        app = game_app(self)
        given = app.plugins.display_names() if others else {}
        # A rule without a display name reads "Scorepad (gauntlet)", not its id.
        titles = {
            name: score_name(name, given.get(name, ""))
            for row in rows
            for name in row.alternative_scores
        }
        rules = app.ruleset
        rate = f"{100 * won / played:.0f} %" if played else "-"
        summary.update(
            f"{plural(played, 'game')}, {won} won ({rate}).  s: sort  c: charts  a: achievements"
        )

        self.query_one("#charts", Vertical).mount(
            RecordCharts(compute(rows), rules.card_name, rules.difficulty_name)
        )
        self.titles = titles  # the expansions' scores in the sentence too (round 11)
        #: The highlighted game in a sentence: the table is cut at 80 columns.
        self.replay_names = replay_names([row.replay for row in rows if row.replay])
        self.details = {str(row.id): self.describe(row) for row in rows}
        self.cells = []
        self.widest = widest_cells(rules)
        for row in rows:
            key = str(row.id)
            self.replays[key] = row.replay
            self.cells.append((key, game_cells(row, rules, titles if others else None)))
        self.fill(self.app.size.width)
        table.focus()

    def describe(self, row: GameRow) -> str:
        """Return one finished game in a sentence, every column included."""
        app = game_app(self)
        rules = app.ruleset
        who = f"{rules.card_name(row.character)} the {rules.card_name(row.cls)}"
        where = f"level {row.level} ({STEP_NAMES.get(row.step, row.step)} step)"
        if row.won:
            how = f"won with {row.score} points ({row.rank})"
        else:
            how = f"lost at {where}: {cause_of_death(row.cause, row.killed_by, rules.card_name)}"
        replay = "No replay file."
        if row.replay:  # by the name `unbroken replays` gives it: from when it started
            name = self.replay_names.get(row.replay, "")
            replay = f"Enter watches its replay ({name} in unbroken replays)."
        # The expansions' scores, the table's last column (far right at 80 columns, round 11).
        extra = alternatives_text(row.alternative_scores, self.titles)
        others = f" Other scores: {extra}." if extra else ""
        return (
            f"Game {row.id}, {played(row.started, row.finished)}: {who} on "
            f"{rules.difficulty_name(row.difficulty)}, seed {row.seed}, {how}.{others} {replay}"
        )

    def on_data_table_row_highlighted(self, message: DataTable.RowHighlighted) -> None:
        text = self.details.get(str(message.row_key.value), "")
        self.query_one("#game-detail", Static).update(
            Text(printable(text, lines=True), style="italic")
        )

    def action_sort(self) -> None:
        """Sort by the column under the cursor, the other way at each press."""
        table = self.query_one("#games", DataTable)
        self.sorted_by = str(table.ordered_columns[table.cursor_column].key.value)
        self.reverse = not self.reverse
        self.sort(self.sorted_by)

    def sort(self, column: str) -> None:
        """Sort the table by `column` (the way self.reverse says), its title marked."""
        table = self.query_one("#games", DataTable)
        table.sort(column, key=sort_key, reverse=self.reverse)
        self.sorted_shown = column
        mark_titles(table, column, self.reverse)

    def action_column(self, delta: int) -> None:
        """Move the column `s` sorts by (in a row cursor's table ←→ only scrolled: round 11
        could sort by Finished alone)."""
        table = self.query_one("#games", DataTable)
        table.move_cursor(column=max(0, min(len(table.columns) - 1, table.cursor_column + delta)))
        mark_titles(table, self.sorted_shown, self.reverse)

    def action_achievements(self) -> None:
        """Open the achievements sheet; its Esc comes back to the table, whichever view
        opened it (one Esc from any view to the table)."""
        self.action_show("table")
        self.app.push_screen(AchievementsScreen())

    def action_panels(self) -> None:
        """Open the plugins' panels; their Esc comes back to the table as the sheet's."""
        self.action_show("table")
        app = game_app(self)
        self.app.push_screen(PanelsScreen(self.panels, app.ruleset))

    def on_data_table_row_selected(self, message: DataTable.RowSelected) -> None:
        if self.view != "table":  # #28 round 22: c, a, Esc gave the hidden table the focus
            return  # and Enter on the charts opened a replay; c, Enter did nothing
        replay = self.replays.get(str(message.row_key.value))
        if not replay:
            self.notify("This game has no replay file.", severity="warning")
            return
        opener = getattr(self.app, "open_replay", None)
        if opener is None:
            self.notify(f"Replay: {replay}")
        else:
            opener(replay)


def word_cut(line: str, width: int) -> str:
    """Return `line` cut to `width` columns between words, marked "…" (as it is where it
    fits; within a word where one word is longer than the line)."""
    if len(line) <= width:
        return line
    said = cut(line, width)[:-1]
    space = said.rfind(" ")
    return f"{said[:space].rstrip(',;:')}…" if space > 0 else f"{said}…"


class AchievementsScreen(Screen[None]):
    """The achievements sheet: each of them with a tick per difficulty of the ruleset
    (Easy / Normal / Hard, then those plugins add: `records.sheet_columns`). Esc goes back to
    Records' table (it is opened from there alone)."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Table")]
    #: The sheet's rows and its difficulty columns (read once on mount).
    sheet_rows: list[SheetRow] | None = None
    ticked: list[tuple[str, str]] = []  # noqa: RUF012 (replaced, never changed)

    def compose(self) -> ComposeResult:
        yield Static(id="sheet-summary")
        yield DataTable(id="sheet", cursor_type="row", zebra_stripes=True)
        yield Static(id="sheet-detail")
        yield KeysFooter()

    def on_mount(self) -> None:

        app = game_app(self)
        achievements = all_achievements(app.plugins)
        table = self.query_one("#sheet", DataTable)
        try:  # read-only: the sheet shows on a read-only data dir, and creates nothing
            records = open_existing_records()
            if records is None:
                sheet = achievement_sheet({}, achievements)
            else:
                with records:
                    sheet = achievement_sheet(records.first_earned(), achievements)
        except RecordsError as exc:
            self.query_one("#sheet-summary", Static).update(
                Text(printable(f"Records are unavailable: {exc}"))
            )
            return
        ruleset = app.ruleset.settings.difficulties
        columns = sheet_columns([(d.id, d.name) for d in ruleset], sheet)
        table.add_columns("Achievement", *(label for _, label in columns), "What it takes")
        earned = sum(d in row.earned for row in sheet for d, _ in columns)
        # Text, not markup: "[x]" would be read as a style tag and vanish.
        self.query_one("#sheet-summary", Static).update(
            Text(f"{earned} of {len(sheet) * len(columns)} earned ([x] earned, [ ] not yet)")
        )
        #: The full text of each achievement: the table's column is cut at 80 columns.
        self.texts = {row.id: f"{row.name}: {row.text}" for row in sheet}
        self.sheet_rows, self.ticked = sheet, columns
        self.fit_rows(self.app.size.width)
        table.focus()

    def fit_rows(self, width: int) -> None:
        """Fill the sheet's rows, "What it takes" cut with "…" to the `width` left (#28
        round 22: "Win without any effect taking ef" at 80 columns, cut mid-word with no
        mark, and a scrollbar's "▊" under the table for the rest)."""
        table = self.query_one("#sheet", DataTable)
        at = table.cursor_row
        table.clear()
        sheet, columns = self.sheet_rows or [], self.ticked
        # Each column takes its widest cell and a cell of padding either side; a row kept
        # for a vertical scrollbar.
        names = max((len(printable(row.name)) for row in sheet), default=0)
        ticks = sum(max(3, len(label)) + 2 for _, label in columns)
        room = width - (max(names, len("Achievement")) + 2) - ticks - 2 - 2
        for row in sheet:
            marks = [Text("[x]" if d in row.earned else "[ ]") for d, _ in columns]
            said = word_cut(" ".join(printable(row.text).split()), max(len("What it takes"), room))
            table.add_row(Text(printable(row.name)), *marks, Text(said), key=row.id)
        if sheet:
            table.move_cursor(row=min(at, len(sheet) - 1))

    def on_resize(self) -> None:
        """Cut the sheet's text again to the new width."""
        if self.sheet_rows is not None:
            self.fit_rows(self.size.width)

    def on_data_table_row_highlighted(self, message: DataTable.RowHighlighted) -> None:
        """Show the highlighted achievement's whole text under the sheet."""
        text = self.texts.get(str(message.row_key.value), "")
        self.query_one("#sheet-detail", Static).update(
            Text(printable(text, lines=True), style="italic")
        )
