"""Round 27's playtest (#28, 27b-12): on `m`'s pages the danger track's gains top the first
page of a monster without rules even where its first row shown whole does not go with them
(the Wight's "table 1 of 2" had no danger track line)."""

from __future__ import annotations

from pilot import played, settle, sync
from rich.text import Text
from test_round16_pages import everything

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.rule_pages import lay_out
from unbroken.tui.stage import StagePanel
from unbroken.tui.widgets import DisplayPanel


def test_the_danger_track_tops_the_first_page_where_the_first_row_whole_does_not_fit() -> None:
    heads = [[Text("")], [Text("danger track 6: +1 armor")]]
    laid = lay_out([], [], heads, [(3, 2, -1), (6, 1, -1)], 2, True)
    assert [line.plain for line in laid.tops[0]] == ["danger track 6: +1 armor"], laid.tops
    assert not any(laid.tops[1:]), laid.tops
    assert 3 in set().union(*laid.shows[1:]), laid.shows  # its row whole on a later page


@sync
async def test_the_wight_s_first_page_says_its_danger_track() -> None:
    assert save_settings(Settings(hints=False)) == ""
    with everything() as rules:
        scene = Scenario("tomu", level=3, ruleset=rules, difficulty="expert")
        game = scene.resources(se=15, food=3).weapon("knife").monster("unearthed:wight")
        async with played(game.start("battle"), rules=rules) as (pilot, screen):
            display = screen.query_one(DisplayPanel)
            display.styles.height = display.outer_size.height + 2
            stage = screen.query_one(StagePanel)
            stage.die = "⚄"
            await pilot.press("m")
            await settle(pilot)
            title, lines = str(stage.border_title), stage.drawn.split("\n")
    assert "table 1 of 2" in title, (title, lines)
    assert any(line.startswith("danger track 6") for line in lines), (title, lines)
