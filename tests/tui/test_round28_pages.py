"""Round 28's playtest (#28): the pages `m` opened in Trickery carried into the battle
(28a-12)."""

from __future__ import annotations

from pilot import game_screen_of, settle, sync
from scenes import knife_against_the_goblin

from unbroken.core import actions as act
from unbroken.core.state import StepName
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.option_rows import OPTION_KEYS
from unbroken.tui.stage import StagePanel
from unbroken.tui.widgets import DisplayPanel


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
        await pilot.press("m")
        await settle(pilot)
        while "(m: table)" not in str(stage.border_title):  # on to the rules' last page
            await pilot.press("m")
            await settle(pilot)
        title = str(stage.border_title)
        assert " rules " in title and " 1 of " not in title, title
        fight = next(i for i, (a, _) in enumerate(game.options()) if isinstance(a, act.Fight))
        while game.state.step != StepName.BATTLE:
            await pilot.press(OPTION_KEYS[fight])
            await settle(pilot)
        title = str(stage.border_title)
        assert " 1 of " in title and "table" not in title, title
        assert "Grab the Weapon:" in stage.drawn, stage.drawn


@sync
async def test_the_stage_is_redrawn_when_its_room_shrinks_after_it_was_drawn() -> None:
    # 28b-2: the Goblin's stage showed its table whole (the Hand under it squeezed to one
    # row), drawn for more room than the layout then left it; `m` drew it for the room it
    # had, "table 1 of 2" with rows cut, and folded back with two rows cut that were whole.
    assert save_settings(Settings(hints=False)) == ""
    game = knife_against_the_goblin(2)
    app = UnbrokenApp(game.ruleset, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        stage = screen.query_one(StagePanel)
        display = screen.query_one(DisplayPanel)
        # The Display above it taller as the table is drawn: the stage is drawn before the
        # layout gives it its new height (the stage's room shrinks after the stage's draw).
        display.styles.height = display.outer_size.height + 2
        screen.draw_all()
        await settle(pilot)
        folded, title = stage.drawn, str(stage.border_title)
        assert stage._redraw is not None
        stage._redraw()  # drawn anew for the room it has now: the same
        assert (stage.drawn, str(stage.border_title)) == (folded, title), (title, folded)
        for _ in range(4):  # round again to the folded view, as it was
            await pilot.press("m")
            await settle(pilot)
            if "(m: table)" in str(stage.border_title) or "(m:" not in str(stage.border_title):
                break
        assert (stage.drawn, str(stage.border_title)) == (folded, title), stage.drawn
