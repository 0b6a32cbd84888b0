"""#28 playtest round 31, 31b-8: on the stage's page 2 of 2 (`m`) the die's line read
"die ⚅ 6 +1 Frightened = 6…" then "a die's most (monster's comba…": "6 +1 = 6" read as an
arithmetic error, the cap that made it said on the next row. The sum and its cap stay on
one row."""

from __future__ import annotations

from pilot import game_screen_of, settle, sync
from test_round16_pages import everything

from unbroken.core import events as ev
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.dice import ShownRoll, story_text
from unbroken.tui.sheet_head import head_cut
from unbroken.tui.stage import StagePanel


@sync
async def test_a_die_s_sum_and_its_cap_stay_on_one_row_of_m_s_pages() -> None:
    assert save_settings(Settings(hints=False)) == ""
    seen = []
    with everything() as rules:
        scene = Scenario("tomu", level=4, ruleset=rules).resources(se=15, food=3, cunning=3)
        game = scene.weapon("knife").monster("shaman").condition("frightened").start("battle")
        roll = ev.DieRolled("monster", "combat", 6)
        die = story_text(ShownRoll(roll, 6, bonus=1), rules, 4, game.state)
        assert "= 6 (a die's most)" in die, die
        app = UnbrokenApp(rules, animate=False, game=game, record=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            stage = game_screen_of(app).query_one(StagePanel)
            for _ in range(3):  # each of `m`'s pages, then folded
                await pilot.press("m")
                await settle(pilot)
                stage.die = die
                await settle(pilot)
                rows = stage.render_lines(stage.region.reset_offset)
                lines = ["".join(s.text for s in row).strip() for row in rows]
                seen.append((str(stage.border_title), lines))
                for line in lines:  # where the sum is said, its cap is said beside it
                    if "+1 " in line and "= 6" in line:
                        assert "= 6 (a die's most)" in line, (stage.border_title, lines)
                    assert not line.startswith("a die's most"), (stage.border_title, lines)
    cut = [t for t, lines in seen if not any(line == f"die {die}" for line in lines)]
    assert cut, seen  # a page where the line is cut


def test_the_pages_head_cuts_a_die_s_line_before_its_sum_never_between_it_and_its_cap() -> None:
    line = "die ⚅ 6 +1 Frightened = 6 (a die's most) (monster's combat roll)"
    for width in range(24, len(line) + 1):
        head, rest = head_cut(line, width)
        assert len(head) <= width, (width, head)
        for row in (head, rest):  # the sum said with its cap, or not at all
            assert ("= 6" in row) == ("= 6 (a die's most)" in row), (width, head, rest)
        assert not rest.startswith("a die's"), (width, head, rest)
