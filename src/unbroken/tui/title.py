"""The title screen: it draws before the rules engine is even imported."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from unbroken.tui.footer import KeysFooter
from unbroken.tui.reach import game_app

#: The menu line of Continue (dimmed, "(none)", when there is nothing to continue).
CONTINUE = "Continue an unfinished game"
#: What the title says under its menu after a game was left for it, kept.
GAME_SAVED = f"Game saved: “{CONTINUE}” picks it up where you left it."


class Menu(OptionList):
    """The title's menu: the cursor stops at the ends instead of wrapping round (Up at
    "New game" went to Quit, and Up Up Up Enter started the Daily challenge)."""

    def action_cursor_up(self) -> None:
        first = next((i for i, o in enumerate(self.options) if not o.disabled), 0)
        if self.highlighted is None or self.highlighted > first:
            super().action_cursor_up()

    def action_cursor_down(self) -> None:
        enabled = [i for i, o in enumerate(self.options) if not o.disabled]
        if self.highlighted is None or not enabled or self.highlighted < enabled[-1]:
            super().action_cursor_down()


class TitleScreen(Screen[None]):
    """The title: new game, continue, replays, records, plugins, help, quit."""

    BINDINGS = [
        Binding("question_mark", "help", "Help"),
        Binding("slash", "help('search')", "Search help", show=False),  # as in a game
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(
            Text.assemble(
                ("U N B R O K E N\n", "bold"),
                ("a solo game of survival and revenge", "italic"),
            ),
            id="banner",
        )
        yield Menu(
            Option("New game", id="new"),
            Option(CONTINUE, id="continue"),
            Option("Replays", id="replays"),
            Option("Records and achievements", id="records"),
            Option("Plugins", id="plugins"),
            Option("Help and rules", id="help"),
            Option("Daily challenge", id="daily"),
            Option("Quit", id="quit"),
            id="menu",
        )
        # What the title has to say (a game left is saved), under the menu: a notice in the
        # corner stayed over the next screen, the Continue list too (32a-9).
        yield Static(id="title-note")
        yield KeysFooter()

    def say(self, note: str) -> None:
        """Say `note` under the menu while the title shows (it goes when another screen
        opens over it: said there, it told the player to go where they were)."""
        shown = self.query_one("#title-note", Static)
        shown.update(Text(note))
        shown.display = bool(note)

    def on_mount(self) -> None:
        self.query_one("#title-note", Static).display = False

    def on_screen_suspend(self) -> None:
        self.say("")  # said: the player has moved on

    def on_screen_resume(self) -> None:
        # The app's first screen: in a browser tab (`unbroken serve`) it came up with
        # nothing focused and Enter did nothing (tests/web); the menu has the focus.
        # Each time it is shown, the first entry highlighted (#28 round 22: the highlight
        # kept on Records, Down x5 + Enter meant for Help landed on Quit).
        menu = self.query_one("#menu", OptionList)
        menu.focus()
        menu.highlighted = 0
        self.call_after_refresh(self.dim_continue)

    def action_help(self, at: str = "help") -> None:
        """Open help, as `?` does in a game (#28 round 22: it did nothing on the title), or
        at its search (`/`, `at` "search": it did nothing either)."""
        game_app(self).open_screen(at)

    def dim_continue(self) -> None:
        """Dim "Continue" when no game is left to continue (after the first frame: it
        reads the recordings). It keeps its place and its key, as a dimmed option does."""
        # lazy: loaded when this action runs, after the first frame
        from unbroken.replay.library import unfinished_games

        try:
            none = not unfinished_games()
        except OSError:
            return
        prompt = Text(CONTINUE + (" (none)" if none else ""), style="dim" if none else "")
        self.query_one("#menu", OptionList).replace_option_prompt("continue", prompt)

    @on(OptionList.OptionSelected, "#menu")
    def chosen(self, message: OptionList.OptionSelected) -> None:
        choice = message.option_id
        if choice in ("new", "help", "continue", "replays", "plugins", "records"):
            game_app(self).open_screen(choice)
        elif choice == "daily":
            # lazy: loaded when this action runs, after the first frame
            from unbroken.tui.daily_start import start_daily

            start_daily(game_app(self))
        elif choice == "quit":
            self.app.exit()
