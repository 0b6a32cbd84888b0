"""#28 playtest round 22: `/` on the title did nothing, where help says "`/` searches
them". `/` opens help at its search on the title, in a game and in the replay viewer,
as `?` then `/` does; what is typed next searches."""

from __future__ import annotations

from pathlib import Path

from pilot import game_screen_of, settle, sync
from textual.widgets import Input

from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.help import HelpScreen
from unbroken.tui.replays import ReplayViewerScreen

RULES = load_ruleset()
SHORT = Path(__file__).parents[2] / "replays" / "normal_tomu_seed1811464556580010651_lost.jsonl"


def searching(app: UnbrokenApp) -> str:
    """Return what help's search holds, checked to be on top with the search focused."""
    screen = app.screen
    assert isinstance(screen, HelpScreen), screen
    search = screen.query_one("#help-search", Input)
    assert search.has_focus, screen.focused
    return search.value


@sync
async def test_slash_on_the_title_opens_help_at_its_search() -> None:
    app = UnbrokenApp(RULES, animate=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("slash")
        await settle(pilot)
        assert searching(app) == ""
        await pilot.press("c", "a", "m", "p")
        await settle(pilot)
        assert searching(app) == "camp"


@sync
async def test_slash_in_a_game_opens_help_at_its_search() -> None:
    game = Scenario("tomu", seed=3).start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        decisions = game.state.decisions
        await pilot.press("slash")
        await settle(pilot)
        assert searching(app) == ""
        await pilot.press("escape", "escape")  # leave the search, then help
        await settle(pilot)
        assert app.screen is screen and game.state.decisions == decisions


@sync
async def test_slash_in_the_viewer_opens_help_at_its_search() -> None:
    app = UnbrokenApp(RULES, animate=False, record=False, replay=SHORT)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ReplayViewerScreen), app.screen
        await pilot.press("slash")
        await settle(pilot)
        assert searching(app) == ""
