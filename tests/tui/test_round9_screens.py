"""Playtest round 9 (#28): what the 80x24 screens hid from a player."""

from __future__ import annotations

import re

from pilot import game_screen_of, sync
from textual.widgets import Static

from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.option_rows import DecisionList, cut_dimmed

RULES = load_ruleset()


def many_options() -> Game:
    """A level-3 battle with fourteen options, four dimmed (nothing to pay with)."""
    return (
        Scenario("tomu", level=3)
        .resources(se=1, me=3, le=1, cunning=2)
        .weapon("sword", "knife")
        .skills("spike-thrower", "brute-force", "wrecker", "heroic-perseverance", "weak-spot")
        .ability_uses(3)
        .monster("troll")
        .dice(*[3] * 40)
        .start("battle")
    )


def test_a_dimmed_option_cut_to_one_row_keeps_its_reason() -> None:
    line = "3. Attack with Heavy blow: wound 3 - pay 1 SE + 1 ME (cannot pay: short 2 SE)"
    # Cut between words (37a-1).
    assert cut_dimmed(line, 44) == "3. Attack with Heavy blow… (cannot pay)"
    assert cut_dimmed(line, 60).endswith("… (cannot pay: short 2 SE)")
    spike = "8. Spike Thrower (Iron Spike) (pay 1 metal; cannot pay)"
    assert cut_dimmed(spike, 44) == "8. Spike Thrower (Iron Spike)… (cannot pay)"
    assert cut_dimmed(spike, 80) == spike  # it fits: as it is
    for width in (20, 30, 44):
        assert len(cut_dimmed(line, width)) <= width
    assert cut_dimmed("9. Rest: no bracket here at all", 10) == "9. Rest…"  # as any line


@sync
async def test_eleven_options_and_more_at_80x24_keep_the_detail_and_the_dimmed_reasons() -> None:
    assert save_settings(Settings(hints=False)) == ""
    game = many_options()
    offered = game.options()
    assert len(offered) >= 11 and sum(bool(why) for _, why in offered) >= 3
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen_of(app)
        decisions = screen.query_one(DecisionList)
        detail = screen.query_one("#detail", Static)
        for i, (_, why) in enumerate(offered):
            shown = str(decisions.get_option_at_index(i).prompt)
            if why:  # the reason in sight, however it was cut
                assert shown.endswith(("cannot pay)", "(you have it)")), shown
        # The detail line is on screen under every option, the list's rows within the room.
        for _ in offered:
            assert detail.region.height >= 1 and detail.region.bottom <= 24 - 1
            assert decisions.region.bottom <= detail.region.y
            await pilot.press("down")


@sync
async def test_crafting_keeps_the_food_eaten_and_the_wood_and_metal_marks() -> None:
    # Round 9: at 80 columns crafting lost "▼-1" on wood and metal ("wood 0  metal 0");
    # at 120x40 the same row showed the marks, and the food lost its "(eat 2)".
    from unbroken.core import actions as act
    from unbroken.tui.widgets import OPTION_KEYS, DisplayPanel

    assert save_settings(Settings(hints=False)) == ""
    for size in ((80, 24), (120, 40)):
        game = (
            Scenario("tomu", level=3)
            .resources(se=10, me=3, le=1, cunning=3, food=2, wood=3, metal=3)
            .weapon("bare-hands", "club", "knife")
            .start("preparation")
        )
        spear = [a for a, _ in game.options()].index(act.Craft("base:spear"))
        app = UnbrokenApp(RULES, animate=False, game=game, record=False)
        async with app.run_test(size=size) as pilot:
            await pilot.press(OPTION_KEYS[spear])
            await pilot.pause()
            display = str(game_screen_of(app).query_one(DisplayPanel).render())
            assert game.state.weapons[-1] == "base:spear"
            assert re.search(r"food 2(/7)? \(eat 3\)", display), (size, display)
            # The cap goes first for the marks; a short row puts the mark against its
            # number (010f3f8: "wood 2▼−1").
            for material in ("wood", "metal"):
                assert re.search(rf"{material} 2(/7)? ?▼−1", display), (size, display)
