"""The monster's table on the stage says each row as it would act now (#28 review): the
Vampire's WOUND rows lose 3 SE as printed, 2 against Armored's Plates, and the stage said
"lose 3 SE" while the Response line and the pick-a-roll option said Armored's −1."""

from __future__ import annotations

import asyncio

from pilot import game_screen_of, settle

from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.stage import StagePanel

RULES = load_ruleset()


def vampire(*skills: str) -> Game:
    """Tomu, Armored, against the Vampire at level 4, at his first battle turn."""
    return (
        Scenario("tomu", level=4)
        .no_time_track()
        .resources(se=15)
        .monster("vampire")
        .condition("armored")
        .skills(*skills)
        .dice(*[6] * 20)
        .start("battle")
    )


async def stage_of(game: Game, keys: str = "") -> str:
    """Return the stage's text at 80x24, after pressing `keys`."""
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        stage = game_screen_of(app).query_one(StagePanel)
        seen = [stage.drawn]
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
            seen.append(stage.drawn)
        return "\n".join(seen)


def test_the_vampire_s_wound_rows_show_armored_s_minus_one_at_80x24() -> None:
    assert save_settings(Settings(hints=False)) == ""
    drawn = asyncio.run(stage_of(vampire()))
    rows = [line for line in drawn.splitlines() if " WOUND " in line]  # no key pressed
    assert len(rows) == 3, drawn
    for row in rows:  # its effective loss first: a row cut to the column keeps it
        assert "WOUND   lose 2 SE (Armored" in row, row
        assert "lose 3 SE" not in row, row
    # `m` says the rows cut in full.
    unfolded = " ".join(asyncio.run(stage_of(vampire(), "mmmmmm")).split())
    assert "lose 2 SE (Armored −1, printed 3)" in unfolded, unfolded


def test_a_row_a_skill_ignores_says_so_on_the_stage() -> None:
    assert save_settings(Settings(hints=False)) == ""
    drawn = asyncio.run(stage_of(vampire("steady-nerves")))
    daze = next(line for line in drawn.splitlines() if " DAZE " in line)
    assert "DAZE    ignored (Steady" in daze, daze
