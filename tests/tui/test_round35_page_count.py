"""#28 playtest round 35 (35b-7): the Ghoul's "Stage table 1 of 3 (m: next)" read "table 1
of 2" after an attack: the Display above the stage (its time line) became a row shorter,
the stage had a row more, and the pages were laid out anew for it. A page count changing
under the player is confusing: the pages keep the least room they had in the battle (at
the screen's size), so the count stays as the Display changes."""

from __future__ import annotations

from pilot import played, settle, sync
from test_round16_pages import everything

from unbroken.core import actions as act
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.stage import StagePanel
from unbroken.tui.widgets import DisplayPanel


@sync
async def test_the_page_count_stays_as_the_display_shrinks() -> None:
    assert save_settings(Settings(hints=False)) == ""
    with everything() as rules:
        scene = Scenario("tomu", level=2, ruleset=rules, difficulty="hard")
        scene = scene.resources(se=15, food=3).weapon("knife").monster("unearthed:ghoul")
        game = scene.dice(*[1] * 8).start("battle")
        async with played(game, rules=rules) as (pilot, screen):
            stage = screen.query_one(StagePanel)
            display = screen.query_one(DisplayPanel)
            display.styles.height = display.outer_size.height + 1  # the time line's row
            await settle(pilot)
            await pilot.press("m")
            await settle(pilot)
            title = str(stage.border_title)
            assert "table 1 of 3" in title, title
            display.styles.height = display.outer_size.height - 1  # a row shorter
            screen.take(next(i for i, (a, _) in enumerate(screen.offered) if a == act.Skip()))
            await settle(pilot)
            while game.decision is not None and game.decision.kind == "response":
                screen.take(next(i for i, (a, _) in enumerate(screen.offered) if a == act.Pass()))
                await settle(pilot)
            assert game.state.round == 2 and stage.expanded is True
            assert str(stage.border_title) == title, (title, stage.border_title)
