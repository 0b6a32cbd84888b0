"""UnbrokenApp: the full-screen terminal game."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.events import Resize
    from textual.notifications import SeverityLevel

    from unbroken.core.game import Game
    from unbroken.core.ruleset import Ruleset
    from unbroken.replay import Recorder


def rules_text() -> str:
    """Return docs/rules.md: from the wheel, or from a source checkout."""
    shipped = Path(__file__).resolve().parents[1] / "rules.md"
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    path = Path(__file__).resolve().parents[3] / "docs" / "rules.md"
    return path.read_text(encoding="utf-8") if path.is_file() else "The rules text is missing."


class UnbrokenApp(App[None]):
    """Unbroken in the terminal: title, new game, the table, game over, help."""

    CSS_PATH = Path(__file__).with_name("app.tcss")
    TITLE = "Unbroken"

    def __init__(
        self,
        ruleset: Ruleset | Callable[[], Ruleset],
        animate: bool | None = None,
        seed: int | None = None,
        game: Game | None = None,
        record: bool = True,
        replay: Path | None = None,
    ) -> None:
        super().__init__()
        #: The ruleset, or what loads it on first use (after the first frame).
        self._ruleset = ruleset
        if animate is None:
            animate = not os.environ.get("UNBROKEN_NO_ANIMATION")
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
        #: Record every new game as a replay (tests may turn it off).
        self.record_games = record

    @property
    def ruleset(self) -> Ruleset:
        """The rules this app plays with (loaded on first use)."""
        if callable(self._ruleset):
            self._ruleset = self._ruleset()
        return self._ruleset

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
        or "[/]" are text; read as markup they would vanish or raise.
        """
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def reload_rules(self) -> None:
        """Load the rules again on next use: the plugins on have changed (new games only)."""
        from unbroken.cli import load

        self._ruleset = load

    def open_replay(self, path: Path | str) -> None:
        """Open a recording in the read-only viewer (or say in one line why not)."""
        from unbroken.replay import ReplayError, Timeline
        from unbroken.tui.replays import ReplayViewerScreen

        try:
            timeline = Timeline(path, self.ruleset)
        except (ReplayError, OSError) as exc:
            self.notify(str(exc), severity="error", timeout=10)
            return
        self.push_screen(ReplayViewerScreen(timeline))

    def continue_game(self, path: Path | str) -> None:
        """Resume an unfinished game exactly where it was left."""
        from unbroken.replay import ReplayError, resume
        from unbroken.tui.screens import GameScreen

        try:
            game, recorder = resume(path, self.ruleset)
        except (ReplayError, OSError) as exc:
            self.notify(str(exc), severity="error", timeout=10)
            return
        for notice in recorder.notices:
            self.notify(notice, severity="warning", timeout=8)
        self.switch_screen(GameScreen(game, recorder))

    def start_recording(self, game: Game) -> Recorder | None:
        """Return a recorder for a new game, or None (and a notice) if it cannot write."""
        if not self.record_games:
            return None
        from unbroken.replay import Recorder

        try:
            return Recorder.start(game, self.ruleset)
        except OSError as exc:
            self.notify(f"This game is not recorded: {exc}", severity="warning", timeout=8)
            return None

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

    def on_mount(self) -> None:
        from unbroken.tui.title import TitleScreen

        self.check_size(self.size.width, self.size.height)
        self.push_screen(TitleScreen())
        if self._game is not None:
            from unbroken.tui.screens import GameScreen

            self.push_screen(GameScreen(self._game))
        elif self._replay is not None:
            self.open_replay(self._replay)
        else:
            # Load the rules right after the first frame, not before it.
            self.call_after_refresh(self._preload)

    def _preload(self) -> None:
        """Load the ruleset; broken content ends the app with a one-line error (exit 2)."""
        from unbroken.cli import CommandError

        try:
            self.ruleset  # noqa: B018 - loads it
        except CommandError as exc:
            self.exit(return_code=2, message=f"unbroken: error: {exc}")
