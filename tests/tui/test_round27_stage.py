"""Round 27's playtest (#28, 27a-9): the folded stage says how `m` goes on in its title,
never inside a rule's words (the Wyvern's "tokens now; trickery: cannot be" / "tricked (m:
table)"), and says it wherever its rows are cut (the Gnoll's plain "Stage" title over "5
ROAR  gain Frightened now fo…")."""

from __future__ import annotations

import pytest
from pilot import played, settle, sync

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
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

