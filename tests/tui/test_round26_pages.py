"""Round 26's playtest (#28, 26b-1): on `m`'s pages of a monster without rules the danger
track's gains are at the top of the first page (the Gnoll's "table 1 of 2" had none, its
"table 2 of 2" had "danger track 6: +1 armor"; the Lich's "table 3 of 3"), and the pages
keep their count and rows as the die rolls and lands (round 13)."""

from __future__ import annotations

import pytest
from pilot import played, settle, sync
from test_round16_pages import everything

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.stage import StagePanel
from unbroken.tui.widgets import DisplayPanel

LANDED = "⚄ 5 (monster's combat roll)"


@pytest.mark.parametrize(
    ("monster", "level", "taller"),
    # The Lich's GAZE says what it takes now (round 28), shorter: its table fits whole
    # under the Display as it is, so the Display is a row taller for rows to page.
    [("base:gnoll", 3, 1), ("base:gnoll", 3, 2), ("unearthed:lich", 4, 1)],
)
def test_the_danger_track_is_on_the_first_page_of_a_monster_without_rules(
    monster: str, level: int, taller: int
) -> None:
    @sync
    async def run() -> None:
        assert save_settings(Settings(hints=False)) == ""
        with everything() as rules:
            scene = Scenario("tomu", level=level, ruleset=rules, difficulty="expert")
            scene = scene.resources(se=15, food=3).weapon("knife")
            game = scene.monster(monster).start("battle")
            async with played(game, rules=rules) as (pilot, screen):
                display = screen.query_one(DisplayPanel)
                display.styles.height = display.outer_size.height + taller
                stage = screen.query_one(StagePanel)
                stage.die = "⚄"  # rolling: a row kept for its words
                await pilot.press("m")
                await settle(pilot)
                pages: list[tuple[str, list[str]]] = []
                for _ in range(8):  # round to "(m: fold)", not on for ever without it
                    if pages and "fold)" in pages[-1][0]:
                        break
                    rolling = (str(stage.border_title), len(stage.drawn.split("\n")))
                    stage.die = LANDED
                    await settle(pilot)
                    lines = stage.drawn.split("\n")
                    pages.append((str(stage.border_title), lines))
                    assert rolling == (pages[-1][0], len(lines)), pages  # as it lands
                    stage.die = "⚄"
                    await pilot.press("m")
                    await settle(pilot)
                assert len(pages) > 1 and "table 1 of" in pages[0][0], pages
                first = pages[0][1]
                assert first[2].startswith("danger track "), pages  # under the head
                for _, lines in pages[1:]:
                    assert not any(line.startswith("danger") for line in lines), pages
                for _, lines in pages:  # no blank row over the table
                    assert lines[2].strip(), pages

    run()
