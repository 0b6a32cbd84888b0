"""UnbrokenApp: the full-screen terminal game (its rules and plugins: tui/app_rules.py)."""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand
from textual.binding import Binding
from textual.scrollbar import ScrollBar

from unbroken.tui.app_rules import RulesApp
from unbroken.tui.pace import PLAYERS
from unbroken.tui.reach import register_app
from unbroken.tui.thumb import GlyphThumb

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from textual.events import Resize
    from textual.notifications import SeverityLevel
    from textual.screen import Screen

    from unbroken.core.game import Game
    from unbroken.core.ruleset import Ruleset
    from unbroken.play.session import GameSession
    from unbroken.tui.game import GameScreen
    from unbroken.tui.pace import KeyPace


class UnbrokenApp(RulesApp):
    """Unbroken in the terminal: title, new game, the table, game over, help."""

    CSS_PATH = Path(__file__).with_name("app.tcss")
    TITLE = "Unbroken"
    #: Ctrl+C quits, as in any terminal program (every decision is saved as it is made);
    #: text selected, in a text box or with the mouse, takes it first, to copy (the box's
    #: and Textual's screen's own Ctrl+C; nothing selected, they pass it on). (Textual
    #: only said which key quits.)
    BINDINGS = [Binding("ctrl+c", "quit", "Quit", show=False)]
    #: How the options' keys are paced in its games (tui/pace.py; the `key_pace` argument).
    key_pace = PLAYERS

    def __init__(
        self,
        ruleset: Ruleset | Callable[[], Ruleset],
        animate: bool | None = None,
        seed: int | None = None,
        game: Game | None = None,
        record: bool = True,
        replay: Path | None = None,
        daily: bool = False,
        key_pace: KeyPace | None = None,
    ) -> None:
        super().__init__()
        if key_pace is not None:
            self.key_pace = key_pace
        ScrollBar.renderer = GlyphThumb  # thumbs seen without colour too (tui/thumb.py)
        # lazy: the first frame draws before the engine and the screens
        from unbroken.home.settings import load_settings

        #: The player's settings (settings.toml in the config dir), kept as they change.
        self.settings, self._settings_notices = load_settings()
        self.start_rules(ruleset)  # its plugins too (tui/app_rules.py)
        if animate is None:
            animate = self.settings.roll_animation and not os.environ.get("UNBROKEN_NO_ANIMATION")
        #: Die roll animation on/off (never blocks input).
        self.roll_animation = animate
        self._seed = seed
        #: Whether the player was told the terminal is smaller than MIN_SIZE.
        self._said_small = False
        #: Seconds from each decision key to the frame that shows it (bench/tui.py).
        self.frame_latencies: list[float] = []
        #: Cursor blink (off for snapshot tests).
        self.blink = not os.environ.get("UNBROKEN_NO_BLINK")
        self._game = game
        self._replay = replay
        #: Start on today's daily challenge (`unbroken daily`).
        self._daily = daily
        #: Record every new game as a replay (tests may turn it off).
        self.record_games = record
        #: The character and difficulty last picked on the New game screen (ids; "" none
        #: yet) and the expansions on then: it opens on them again only once expansions
        #: were turned on or off since (Plugins from the title, #28 round 5), else on the
        #: last game's, as README says (#28 round 12).
        self.new_game_pick: tuple[str, str, tuple[str, ...]] = ("", "", ())
        #: The notices on show, (title, message) -> when they go: one never stacks on itself.
        self._notices_shown: dict[tuple[str, str], float] = {}

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Show a notification as plain text, whatever `markup` says.

        Notices carry file names, error messages and card names, where "[x]"
        or "[/]" are text; read as markup they would vanish or raise. Control
        characters and escape sequences are shown as escapes (`printable`).
        """
        # lazy: the first frame draws before the engine and the screens
        from unbroken.words.printable import printable

        # Made printable too: a file name or a plugin's text may hold escape sequences.
        message, title = printable(message, lines=True), printable(title)
        # The same notice twice never stacks (a dimmed option pressed five times):
        # the one on show says it until it goes.
        now = time.monotonic()
        shown = self._notices_shown
        for key in [k for k, until in shown.items() if until <= now]:
            del shown[key]
        if (title, message) in shown:
            return
        seconds = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        shown[title, message] = now + seconds
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def clear_warnings(self) -> None:
        """Put away the warnings on show (plugins skipped), keeping the other notices for
        the time they have left (a notice went with them as New game opened)."""
        kept = [n for n in self._notifications if n.severity == "information"]
        self.clear_notifications()
        self._notices_shown.clear()
        for notice in kept:
            if notice.time_left > 0:
                self.notify(notice.message, title=notice.title, timeout=notice.time_left)

    def clear_notices(self) -> None:
        """Put away every notice on show: a screen whose words lie where they are shown
        (Records' sentence on the game picked, #28 round 15: "Game saved" covered it)."""
        self.clear_notifications()
        self._notices_shown.clear()

    def open_replay(self, path: Path | str, closes_app: bool = False) -> None:
        """Open a recording in the read-only viewer (or say in one line why not).

        A recording that fails verification is shown with a notice saying so, and where.

        `closes_app`: the viewer is all the app shows (`unbroken replay FILE`),
        so closing it ends the app instead of going back to the title.
        """
        # lazy: the first frame draws before the engine and the screens
        from unbroken.replay import ReplayError
        from unbroken.replay.viewing import watch
        from unbroken.tui.replays import ReplayViewerScreen

        try:
            timeline, problem = watch(path, self.ruleset)
        except (ReplayError, OSError) as exc:
            self.notify(str(exc), severity="error", timeout=10)
            return
        self.push_screen(ReplayViewerScreen(timeline, closes_app=closes_app, problem=problem))

    def _theme_changed(self, theme: Any) -> None:
        self.save_settings(theme=self.theme)

    def save_settings(self, **changes: Any) -> None:
        """Change settings and keep them (a disk that refuses is a notice, never a crash)."""
        from dataclasses import replace

        # lazy: the first frame draws before the engine and the screens
        from unbroken.home.settings import save_settings

        updated = replace(self.settings, **changes)
        if updated == self.settings:
            return
        self.settings = updated
        problem = save_settings(updated)
        if problem:
            self.notify(problem, severity="warning", timeout=8)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette's commands (Ctrl+P), its Keys the game's own help at its keys, full
        screen (31a-5: Textual's keys panel took a third of 80 columns from the options,
        left ~14 for them and listed Textual's keys; Esc goes back as from `?`), and no
        Maximize: the screens' panels are fitted to the room they are given, each with a
        full view of its own (`l`, `i`, `m`, `?`); the focused one maximized said nothing
        of the way back and, after Esc, left the game screen laid out for the full width
        (33a-1: options cut at the edge without "…", the Display's figures one a row)."""
        for command in super().get_system_commands(screen):
            if command.callback == screen.action_maximize:
                continue
            if command.callback == self.action_show_help_panel:
                keys = "The game's keys and what they do, in its help (? on every screen)"
                command = SystemCommand("Keys", keys, lambda: self.open_screen("keys"))
            yield command

    def open_screen(self, name: str) -> None:
        """Open one of the title menu's screens by its menu id (new, continue, replays,
        records, plugins, help; keys, search: help at the keys, at its search): screens ask the
        app, so none imports another."""
        # lazy: the first frame draws before the engine and the screens
        from unbroken.tui.help import HelpScreen
        from unbroken.tui.history import RecordsScreen
        from unbroken.tui.newgame import NewGameScreen
        from unbroken.tui.plugins_screen import PluginsScreen
        from unbroken.tui.replays import ReplayListScreen

        screens: dict[str, Callable[[], Screen[Any]]] = {
            "new": NewGameScreen,
            "help": HelpScreen,
            "keys": lambda: HelpScreen(first="Keys"),  # from a game: its keys first
            "search": lambda: HelpScreen(search=True),  # `/`: at its search
            "continue": lambda: ReplayListScreen(unfinished_only=True),
            "replays": lambda: ReplayListScreen(unfinished_only=False),
            "plugins": PluginsScreen,
            "records": RecordsScreen,
        }
        self.push_screen(screens[name]())

    def play(self, session: GameSession, replace: bool = False) -> GameScreen:
        """Show a game being played; return its screen (`replace`: instead of this one)."""
        # lazy: the first frame draws before the engine and the screens
        from unbroken.tui.game import GameScreen

        screen = GameScreen(session, self.key_pace)
        if replace and len(self.screen_stack) > 1:  # the title at the bottom stays
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        return screen

    def show_game_over(
        self,
        game: Game,
        new: list[str],
        replay: Path | None,
        standing: str,
        since: list[str] | None = None,
    ) -> None:
        """Show how a finished game ended (its achievements new to the records, the replay;
        `since`: the log's lines since the player's last key)."""
        # lazy: the first frame draws before the engine and the screens
        from unbroken.tui.gameover import GameOverScreen

        self.push_screen(GameOverScreen(game, new, replay, standing, since))

    def show_log(self, lines: list[str]) -> None:
        """Show the whole log of a game so far, full screen."""
        # lazy: the first frame draws before the engine and the screens
        from unbroken.tui.help import LogScreen

        self.push_screen(LogScreen(lines))

    def show_title(self, note: str = "") -> None:
        """Go back to the title screen, closing the screens above it (a finished game's too),
        saying `note` under its menu while it shows ("Game saved: …").

        The title is the screen at the bottom of the stack and screens are pushed
        on it; going back pops them, so a session of many games keeps one title
        and at most one game screen.
        """
        # lazy: the first frame draws before the engine and the screens
        from unbroken.tui.title import TitleScreen

        while len(self.screen_stack) > 1:
            self.pop_screen()
        title = self.screen_stack[0]
        if isinstance(title, TitleScreen):
            title.say(note)

    def continue_game(self, path: Path | str) -> None:
        """Resume an unfinished game exactly where it was left."""
        # lazy: the first frame draws before the engine and the screens
        from unbroken.play.session import GameSession
        from unbroken.replay import ReplayError

        try:
            session = GameSession.resume(self.plugins, path, self.ruleset)
        except (ReplayError, OSError) as exc:
            self.notify(str(exc), severity="error", timeout=10)
            return
        session.auto_take = self.settings.auto_take
        session.auto_pass = self.settings.auto_pass
        self.play(session, replace=True)

    def session_for(self, game: Game, record: bool | None = None) -> GameSession:
        """Return the session of a new game: recorded (unless the app records no games,
        or the disk refuses: a notice says so), observed and kept in the records."""
        # lazy: the first frame draws before the engine and the screens
        from unbroken.play.session import GameSession

        settings = self.settings
        session = GameSession.played(
            game, self.plugins, auto_take=settings.auto_take, auto_pass=settings.auto_pass
        )
        if self.record_games if record is None else record:
            session.record_new()  # a disk that refuses: a notice the game screen shows
        session.show_start()
        return session

    def next_seed(self) -> int:
        """Return the seed offered on the new game screen (random unless fixed)."""
        return self._seed if self._seed is not None else secrets.randbits(63)

    #: The smallest terminal the screens are laid out for.
    MIN_SIZE = (80, 24)

    def on_resize(self, event: Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        """Say once, when the terminal becomes smaller than 80x24, that panels get cut."""
        small = width < self.MIN_SIZE[0] or height < self.MIN_SIZE[1]
        if small and not self._said_small:
            self.notify(
                f"The terminal is {width}x{height}: Unbroken is laid out for "
                f"{self.MIN_SIZE[0]}x{self.MIN_SIZE[1]} or larger, and some panels are cut.",
                severity="warning",
                timeout=8,
            )
        self._said_small = small

    def get_default_screen(self) -> Screen[Any]:
        """The title is the screen at the bottom of the stack (no blank screen under it)."""
        # lazy: the first frame draws before the engine and the screens
        from unbroken.tui.title import TitleScreen

        return TitleScreen()

    def on_mount(self) -> None:
        self.watch_warnings()
        self.check_size(self.size.width, self.size.height)
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        for notice in self._settings_notices:
            self.notify(notice, severity="warning", timeout=10)
        if self._game is not None:
            self.play(self.session_for(self._game, record=False))
        elif self._replay is not None:
            self.open_replay(self._replay, closes_app=True)
        elif self._daily:
            # lazy: the first frame draws before the engine and the screens
            from unbroken.tui.daily_start import start_daily

            start_daily(self)
        else:
            # Load the rules right after the first frame, not before it.
            self.call_after_refresh(self._preload)

    def _preload(self) -> None:
        """Load the ruleset; broken content ends the app with a one-line error (exit 2)."""
        # lazy: the first frame draws before the engine and the screens
        from unbroken.plugins import LoadError

        try:
            self.ruleset  # noqa: B018 - loads it
        except LoadError as exc:
            self.exit(return_code=2, message=f"unbroken: error: {exc}")


register_app(UnbrokenApp)  # the screens reach it typed (tui/reach.py)
