"""The plugins screen: the plugins installed, each on or off and what it adds; Space
turns the highlighted one on or off for new games."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from unbroken.plugins import BASE, PluginError, adds_text, requested_plugins, set_enabled
from unbroken.tui.footer import KeysFooter
from unbroken.tui.reach import game_app
from unbroken.words.printable import printable

if TYPE_CHECKING:
    from unbroken.plugins import PluginInfo


class PluginsScreen(Screen[None]):
    """Installed plugins: name, version, origin, on/off and what each adds; Space toggles.

    "On" says what the config says, as `unbroken plugins` does: a plugin on
    but skipped for a problem reads "yes, skipped", and the highlighted
    plugin's whole problem is shown under the table.
    """

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("space", "switch_plugin", "Turn on/off"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(
            Text(
                "Space turns the highlighted plugin on or off for new games (saved, as "
                "unbroken plugins enable|disable NAME does); install with "
                "unbroken plugins install NAME|PATH."
            ),
            id="plugins-summary",
        )
        yield DataTable(id="plugins", cursor_type="row", zebra_stripes=True)
        yield Static(id="plugin-detail")
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one("#plugins", DataTable)
        table.add_columns("Plugin", "Version", "Origin", "On", "Adds")
        self.fill()
        table.focus()

    def fill(self) -> None:
        """List the plugins as they are now (on or off, loaded or not)."""
        import warnings

        table = self.query_one("#plugins", DataTable)
        table.clear()
        # This screen shows each problem itself; no notice on top of it.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            app = game_app(self)
            app.find_new_plugins()
            infos = app.plugins.infos
        #: Each plugin listed, and whether it is on.
        self.enabled: dict[str, bool] = {}
        #: Each plugin in sentences, its whole problem included.
        self.details: dict[str, str] = {}
        rows: list[tuple[str, str, str, str, str]] = []
        for info in infos:
            self.enabled[info.name] = info.enabled
            adds = adds_text(info.adds)
            extra = [*info.scoring_rules, *info.handlers]
            if extra:
                adds += ("; " if adds else "") + ", ".join(extra)
            # "On" is the config's word, as in `unbroken plugins`; skipped is said beside it.
            state = "no" if not info.enabled else "yes" if info.loaded else "yes, skipped"
            if info.problem:
                adds = f"problem: {info.problem}"
            self.details[info.name] = self.describe(info)
            # The origin's "(entry point)" goes under its distribution: room for Adds.
            origin = info.origin.replace(" (", "\n(")
            rows.append((info.name, info.version, origin, state, adds or "-"))
        # Adds is wrapped to what the other columns leave of the screen: nothing is cut.
        widths = [
            max((len(line) for r in rows for line in r[i].splitlines()), default=0)
            for i in range(4)
        ]
        headers = (len("Plugin"), len("Version"), len("Origin"), len("On"))
        used = sum(max(w, h) for w, h in zip(widths, headers, strict=True))
        room = max(20, self.app.size.width - used - 2 * 5 - 2)  # cell padding, scrollbar
        for row in rows:
            cells = (*row[:4], textwrap.fill(row[4], room))
            # Text, not markup: a plugin's words may hold brackets.
            texts = [Text(printable(cell, lines=True)) for cell in cells]
            table.add_row(*texts, key=row[0], height=None)
        self.show_detail()

    @staticmethod
    def describe(info: PluginInfo) -> str:
        """Return one plugin in sentences: on or off, what it adds, or why it was skipped."""

        head = f"{info.name} {info.version}, {info.origin}:"
        if not info.enabled:
            return f"{head} off; new games play without it."
        if not info.loaded:
            return f"{head} on, but skipped; it adds nothing.\nProblem: {info.problem}"
        parts = [f"{head} on; adds {adds_text(info.adds) or 'nothing'}."]
        for label, names in (
            ("Scoring rules", info.scoring_rules),
            ("Handlers", info.handlers),
            ("Achievements", info.achievements),
            ("Bots", info.bots),
        ):
            if names:
                parts.append(f"{label}: {', '.join(names)}.")
        return " ".join(parts)

    def show_detail(self) -> None:
        """Show the highlighted plugin's sentences under the table."""
        table = self.query_one("#plugins", DataTable)
        text = ""
        if table.row_count:
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
            text = self.details.get(str(key), "")
        self.query_one("#plugin-detail", Static).update(
            Text(printable(text, lines=True), style="italic")
        )

    def on_data_table_row_highlighted(self, message: DataTable.RowHighlighted) -> None:
        self.show_detail()

    def action_switch_plugin(self) -> None:
        """Turn the highlighted plugin on or off in the user config; new games use it."""
        table = self.query_one("#plugins", DataTable)
        if not table.row_count:
            return
        name = str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
        requested = requested_plugins()
        if requested is not None:
            self.notify(
                f"This run plays with the plugins named by --plugins or UNBROKEN_PLUGINS "
                f"({', '.join(requested)}); start the game without them to choose here.",
                severity="warning",
                timeout=8,
            )
            return
        if name == BASE:
            self.notify("The base game is always on.", severity="warning")
            return
        on = not self.enabled.get(name, False)
        try:
            set_enabled(name, on)
        except (PluginError, OSError) as exc:
            self.notify(f"Could not change plugin {name!r}: {exc}", severity="error", timeout=8)
            return
        row = table.cursor_row
        app = game_app(self)
        app.reload_rules()
        self.fill()
        table.move_cursor(row=row)
        if on and "skipped" in str(table.get_row(name)[3]):
            self.notify(
                f"Plugin {name!r} is on from the next new game, but it is skipped: "
                "its problem is shown under the table.",
                severity="warning",
                timeout=8,
            )
            return
        self.notify(f"Plugin {name!r} is {'on' if on else 'off'} from the next new game.")
