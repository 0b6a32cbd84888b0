"""Round 30's playtest (#28, 30b-15): with `m` open at the Shaman the die's line read
"die ⚅ 6, re-roll ⚁ 2:", its "keep which?" on no row: a die line cut never ends in a
mark."""

from __future__ import annotations

from pilot import game_screen_of, settle, sync
from test_round16_pages import everything

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.stage import StagePanel

#: The die's words at the Shaman's re-roll, as the stage is given them.
DICE = ("⚅ 6, re-roll ⚁ 2: keep which?", "⚅ 6, re-roll ⚁ 2: kept the 2")


@sync
async def test_the_die_line_on_m_s_pages_never_ends_in_a_mark() -> None:
    assert save_settings(Settings(hints=False)) == ""
    seen = []
    with everything() as rules:
        scene = Scenario("tomu", level=4, ruleset=rules).resources(se=15, food=3, cunning=3)
        game = scene.weapon("knife").monster("shaman").start("battle")
        app = UnbrokenApp(rules, animate=False, game=game, record=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            stage = game_screen_of(app).query_one(StagePanel)
            for _ in range(3):  # each of `m`'s pages, then folded
                await pilot.press("m")
                await settle(pilot)
                for die in DICE:
                    stage.die = die
                    await settle(pilot)
                    rows = stage.render_lines(stage.region.reset_offset)
                    lines = ["".join(s.text for s in row).strip() for row in rows]
                    said = [line for line in lines if line.startswith("die ")]
                    assert said, lines
                    seen.append((str(stage.border_title), said[0]))
                    assert not said[0].endswith((":", ";", ",")), (stage.border_title, lines)
    assert any(line != f"die {die}" for _, line in seen for die in DICE), seen  # one cut
