"""The title screen: it draws before the rules engine is even imported."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option


class TitleScreen(Screen[None]):
    """The title: new game, continue, replays, records, plugins, help, quit."""

    BINDINGS = [Binding("q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Static(
            Text.assemble(
                ("U N B R O K E N\n", "bold"),
                ("a solo game of survival and revenge", "italic"),
            ),
            id="banner",
        )
        yield OptionList(
            Option("New game", id="new"),
            Option("Continue an unfinished game", id="continue"),
            Option("Replays", id="replays"),
            Option("Records and achievements", id="records"),
            Option("Plugins", id="plugins"),
            Option("Help and rules", id="help"),
            Option("Daily challenge", id="daily"),
            Option("Quit", id="quit"),
            id="menu",
        )
        yield Footer()

    def on_screen_resume(self) -> None:
        # The app's first screen: in a browser tab (`unbroken serve`) it came up with
        # nothing focused and Enter did nothing (tests/web); the menu has the focus.
        self.query_one("#menu", OptionList).focus()

    @on(OptionList.OptionSelected, "#menu")
    def chosen(self, message: OptionList.OptionSelected) -> None:
        choice = message.option_id
        if choice in ("new", "help", "continue", "replays", "plugins", "records"):
            self.app.open_screen(choice)  # type: ignore[attr-defined]  # UnbrokenApp
        elif choice == "daily":
            from unbroken.tui.daily import start_daily

            start_daily(self.app)  # type: ignore[arg-type]  # UnbrokenApp
        elif choice == "quit":
            self.app.exit()
