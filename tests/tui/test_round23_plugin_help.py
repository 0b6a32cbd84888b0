"""Round 23's playtest (#28): a plugin's section in the help, found by its search, and its
lines on the end screen (Gauntlet's campaign: "campaign" found nothing in help, and a
campaign game finished elsewhere than `unbroken-campaign` said nothing of what carries over)."""

from __future__ import annotations

from typing import Any

from pilot import sync
from playing import opened_help, press_until_over, starving
from test_help import listed
from textual.widgets import Input

from unbroken import hookimpl
from unbroken.api import HelpSection
from unbroken.core.events import GameOver
from unbroken.plugins import Plugins, load_plugins
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.gameover import GameOverScreen
from unbroken.tui.help import HelpScreen


class Runs:
    """A plugin with a help section and a line at each game's end."""

    @hookimpl
    def unbroken_help_sections(self) -> list[HelpSection]:
        """Return one section."""
        return [HelpSection("Runs", "A **run** is a row of games; `my-runs --new` starts one.")]

    @hookimpl
    def unbroken_game_end_lines(self, events: list[Any]) -> list[str]:
        """Say that the game counts in the run."""
        over = next(e for e in events if isinstance(e, GameOver))
        return [f"Runs: this {'win' if over.won else 'death'} counts in your run of games."]


def with_runs(game: Any = None) -> UnbrokenApp:
    """Return an app playing with the Runs plugin on."""
    loaded: Plugins = load_plugins(["base", "runs"], strict=["runs"], extra=[("runs", Runs())])
    app = UnbrokenApp(loaded.ruleset, animate=False, seed=1, game=game)
    app._plugins = loaded
    return app


@sync
async def test_a_plugin_s_help_section_is_in_the_contents_and_found_by_the_search() -> None:
    app = with_runs(Scenario("tomu").start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen: HelpScreen = await opened_help(pilot, app)
        # After the game's own sections, before the rules in full: in sight at 80x24.
        titles = listed(app)
        assert titles[:5] == ["How to play", "Keys", "The screen", "Score", "Runs (Runs)"], titles
        await pilot.press("slash", *"row of games")
        await pilot.pause()
        found = [screen.sections[i][0] for i in screen.listed]
        assert found[0] == "Runs (Runs)", found  # the section that holds the words first
        text = screen.query_one("#help-section").source  # type: ignore[attr-defined]
        assert text.startswith("## Runs (Runs)\n\nA **run** is a row of games"), text
        assert screen.query_one("#help-search", Input).value == "row of games"


@sync
async def test_the_end_screen_says_the_plugins_lines() -> None:
    app = with_runs(starving())
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until_over(pilot, app)
        assert isinstance(app.screen, GameOverScreen)
        text = str(app.screen.query_one("#result").render())
        assert "Runs: this death counts in your run of games." in text, text
