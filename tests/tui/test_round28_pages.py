"""Round 28's playtest (#28): the pages `m` opened in Trickery carried into the battle
(28a-12)."""

from __future__ import annotations

from pilot import game_screen_of, settle, sync

from unbroken.core import actions as act
from unbroken.core.state import StepName
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.option_rows import OPTION_KEYS
from unbroken.tui.stage import StagePanel


@sync
async def test_the_pages_opened_in_trickery_start_over_at_the_battle() -> None:
    # 28a-12: the Crazed Survivor's pages opened at Trickery ("rules 1 of 3"); Fight, and
    # the battle opened at "table 1 of 1", its Grab the Weapon on no page shown.
    assert save_settings(Settings(hints=False)) == ""
    scene = Scenario("tomu", level=2, seed=1).resources(se=13, food=3).weapon("club")
    game = scene.monster("crazed-survivor").start("trickery")
    app = UnbrokenApp(game.ruleset, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        stage = game_screen_of(app).query_one(StagePanel)
        for _ in range(3):  # on to the last page, "rules 3 of 3"
            await pilot.press("m")
            await settle(pilot)
        assert " 3 of 3 " in str(stage.border_title), stage.border_title
        fight = next(i for i, (a, _) in enumerate(game.options()) if isinstance(a, act.Fight))
        while game.state.step != StepName.BATTLE:
            await pilot.press(OPTION_KEYS[fight])
            await settle(pilot)
        title = str(stage.border_title)
        assert " 1 of " in title and "table" not in title, title
        assert "Grab the Weapon:" in stage.drawn, stage.drawn
