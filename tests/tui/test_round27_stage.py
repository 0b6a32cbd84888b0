"""Round 27's playtest (#28, 27a-9): the folded stage says how `m` goes on in its title,
never inside a rule's words (the Wyvern's "tokens now; trickery: cannot be" / "tricked (m:
table)"), and says it wherever its rows are cut (the Gnoll's plain "Stage" title over "5
ROAR  gain Frightened now fo…"); 27b-6: a row kept blank for the die's words goes under
the table on `m`'s pages, not over it."""

from __future__ import annotations

import pytest
from pilot import played, settle, sync
from rich.text import Text

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.rule_pages import lay_out
from unbroken.tui.stage import StagePanel


@pytest.mark.parametrize(("monster", "level"), [("gnoll", 3), ("wyvern", 4)])
def test_a_cut_stage_says_its_m_hint_in_the_title_only(monster: str, level: int) -> None:
    @sync
    async def run() -> None:
        assert save_settings(Settings(hints=False)) == ""
        scene = Scenario("tomu", level=level).resources(se=15, food=3, cunning=3)
        async with played(scene.weapon("knife").monster(monster).start()) as (pilot, screen):
            stage = screen.query_one(StagePanel)
            await settle(pilot)
            title, lines = str(stage.border_title), stage.drawn.split("\n")
        assert any(line.endswith("…") for line in lines), lines  # its rows cut
        assert "(m: " in title, (title, lines)
        assert not any("(m:" in line for line in lines), lines

    run()


def test_a_row_kept_blank_for_the_die_s_words_goes_under_the_table() -> None:
    # 27b-6: the Ghoul's "table 2 of 3" had a blank row between "die ⚅ 6 (monster's combat
    # roll)" and "1 MISS": the row kept for the die's words (round 13), said over the
    # table's rows where no danger track's words go with it. It goes under the table, the
    # page's rows the same (the count stays as the die lands).
    blank, rows = [Text("")], 2
    laid = lay_out([], [], [blank], [(3, 2, -1), (6, 1, -1)], rows, slot=True)
    assert not any(line.plain == "" for tops in laid.tops for line in tops), laid.tops
    assert sum(laid.blank) == 1, laid.blank
    assert laid.used == [2, 2], laid.used
