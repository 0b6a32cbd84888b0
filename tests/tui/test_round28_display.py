"""Round 28's playtest (#28, 28a-10): the Display's figures ran together: at 80 columns
"cun. 1 food 0 ▼−2 (eat 4) −10 SE" and "wood 4 metal 2 ▼−1 treas. 5 ▲+2", one space
apart where the other rows have two; at 120x40 "time ██████ 26 left level 4 starts at 30"
read as one phrase."""

from __future__ import annotations

import re

from pilot import sync

from unbroken.core import events as ev
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.widgets import DisplayPanel

RULES = load_ruleset()
#: A figure, one space, then the next chip's name: "1 food", "2 ▼−1 treas.".
RUN_TOGETHER = re.compile(r"(\d|SE|max) (cun|food|wood|metal|treas)")


@sync
async def test_the_displays_figures_stay_two_spaces_apart() -> None:
    game = (
        Scenario("tomu", level=3)
        .resources(se=20, food=0, cunning=1, wood=4, metal=2, treasure=5, time=26)
        .start("preparation")
    )
    lost = ev.Lost(amounts={"food": 2, "metal": 1}, source="steal")
    gained = ev.Gained(amounts={"treasure": 2}, lost_to_cap={}, source="loot")
    for size in ((80, 24), (120, 40)):
        app = UnbrokenApp(RULES, animate=False, game=game, record=False)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            panel = screen.query_one(DisplayPanel)
            panel.show(game.state, RULES, [lost, gained], 4)
            await pilot.pause()
            lines = str(panel.render()).splitlines()
        for line in lines:
            assert not RUN_TOGETHER.search(line), (size, lines)
        food = next(line for line in lines if "food" in line)
        assert "(eat " in food and " SE" in food, (size, lines)
        time = next(line for line in lines if line.startswith("time"))
        assert "left level" not in time, (size, lines)
        if size == (120, 40):
            assert time.endswith(" 26 left  level 4 starts at 30"), lines


@sync
async def test_a_label_ending_in_a_colon_takes_its_words_one_space_on() -> None:
    """010f3f8's two spaces before the time note left "no track:  time costs SE"."""
    game = Scenario("tomu", level=3).resources(se=20).no_time_track().start("preparation")
    assert not game.state.time_track
    for size in ((80, 24), (120, 40)):
        app = UnbrokenApp(RULES, animate=False, game=game, record=False)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            panel = app.screen.query_one(DisplayPanel)
            panel.show(game.state, RULES, [], 4)
            await pilot.pause()
            lines = str(panel.render()).splitlines()
        time = next(line for line in lines if line.startswith("time"))
        assert "no track:  " not in time, (size, lines)
        if size == (120, 40):  # beside its label (at 80 columns on a row of its own)
            assert time.rstrip().endswith("no track: time costs SE"), lines
