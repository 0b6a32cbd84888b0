"""Round 26's playtest (#28, 26a-18): at 120x40 the stage showed a scouted monster's
ambush and trickery as one line wrapped, "ambush: gain Poisoned with 1 token now |" then
"trickery: 2 cunning + 1 food"."""

from __future__ import annotations

from pilot import played, settle, sync

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.stage import StagePanel


@sync
async def test_the_coming_rules_are_a_line_each_where_together_they_wrap() -> None:
    assert save_settings(Settings(hints=False)) == ""
    scene = Scenario("tomu", level=1).resources(se=15, food=3, cunning=3).weapon("knife")
    async with played(scene.monster("giant-spider").start(), size=(120, 40)) as (pilot, screen):
        stage = screen.query_one(StagePanel)
        await settle(pilot)
        lines = stage.drawn.split("\n")
        assert "ambush: gain Poisoned with 1 token now" in lines, lines
        assert "trickery: 2 cunning + 1 food" in lines, lines
        assert not any(line.rstrip().endswith("|") for line in lines), lines
