"""#28 playtest round 21 (words): after `u` the log's narrator knew nothing of the game
so far, and said level 2's skill draw as "level 0's skill"."""

from __future__ import annotations

import asyncio

import pytest
from pilot import game_screen_of, key_of, paced, settle, snake_kept, sync

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.state import Phase, StepName
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.decisions import DecisionPanel

RULES = load_ruleset()


def test_after_u_the_log_still_knows_the_level(monkeypatch: pytest.MonkeyPatch) -> None:
    paced(monkeypatch, careful=0.01)
    asyncio.run(after_u_the_level())


async def after_u_the_level() -> None:
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await snake_kept(app, pilot)
        await pilot.press(key_of(screen, act.Focus))  # the player's own, then `u`
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        again = game_screen_of(app)
        assert again is not screen
        # The level's skill draw at its Rewards step, as the log would say it next.
        narrator = again.narrator
        narrator.describe(ev.StepEntered(phase=Phase.COMBAT, step=StepName.REWARDS))
        line = narrator.describe(ev.SkillsDrawn(cards=["base:sidestep"]))
        assert line is not None and "(level 1's skill)" in line, line


@sync
async def test_sidesteps_row_keeps_its_limit_at_80_columns() -> None:
    # Round 21: Sidestep's option line dropped "(once per turn)" (the detail line said it).
    game = (
        Scenario("tomu", level=2)
        .resources(se=10, me=3)
        .skills("sidestep")
        .monster("bear")
        .dice(4, 4, 4, 4)
        .start("battle")
    )
    while game.decision is not None and game.state.trigger != "after_monster_roll":
        game.apply(act.Skip() if act.Skip() in game.legal_actions() else act.Pass())
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines, _ = game_screen_of(app).query_one(DecisionPanel).offered_now()
        rows = [line for line in lines if "Sidestep" in line]
        assert rows, lines
        row = rows[0]
        assert "once per turn" in row, lines


def test_the_analysis_note_never_breaks_inside_a_duration() -> None:
    # Round 21: the viewer's line broke "about 1 min" / "14 s left at this pace".
    from textual.app import App, ComposeResult

    from unbroken.tui.analysis import ChanceChart, progress_note

    note = progress_note(10, 120, 20.0)  # "…: 10 of 120, about 3 min 40 s left at this pace"

    class OneChart(App[None]):
        def compose(self) -> ComposeResult:
            yield ChanceChart()

    async def lines_at(width: int) -> list[str]:
        app = OneChart()
        async with app.run_test(size=(width, 12)) as pilot:
            chart = app.query_one(ChanceChart)
            chart.note = note
            chart.draw(0, 1)
            await pilot.pause()
            return [chart.render_line(y).text.strip() for y in range(chart.size.height)]

    async def every_width() -> None:
        for width in range(60, 100):
            lines = [" ".join(line.split()) for line in await lines_at(width)]
            assert any("3 min 40 s" in line for line in lines), (width, lines)

    asyncio.run(every_width())


@sync
async def test_the_new_game_screen_says_which_expansion_adds_a_difficulty() -> None:
    # Round 21: Gauntlet's Expert was listed as the base game's difficulties are.
    from pathlib import Path

    from test_new_game_screen import lines, shown
    from textual.widgets import OptionList

    from unbroken.testing import expansions_from_source
    from unbroken.tui.newgame import NewGameScreen

    plugins = Path(__file__).resolve().parents[2] / "plugins"
    with expansions_from_source(plugins, {"gauntlet": "unbroken_gauntlet"}) as rules:
        app = UnbrokenApp(rules, animate=False, seed=1)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            said = [line[2:] for line in lines(screen.query_one("#difficulties", OptionList))]
            assert said == ["Easy (easiest)", "Normal", "Hard", "Expert (hardest; from Gauntlet)"]
            await pilot.press("tab", "down", "down")
            await pilot.pause()
            info = shown(screen, "#difficulty-info")
            assert info.startswith("Expert (the hardest of 4; from Gauntlet)")  # round 22
