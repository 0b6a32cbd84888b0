"""#28 playtest round 31 (31b-7): the Hand says why Plate Splitter does nothing against a
monster with armor but not the Armored keyword, beside the skill's name."""

from __future__ import annotations

from pathlib import Path

from pilot import sync

from unbroken.testing import Scenario, expansions_from_source
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.hand import HandText

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"


async def hand_against(monster: str) -> str:
    with expansions_from_source(PLUGINS, {"gauntlet": "unbroken_gauntlet"}) as rules:
        game = (
            Scenario("tomu", level=2, ruleset=rules)
            .resources(se=10)
            .skills("gauntlet:plate-splitter")
            .weapon("base:sword")
            .monster(monster)
            .start("battle")
        )
        app = UnbrokenApp(rules, animate=False, game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            return " ".join(str(screen.query_one(HandText).render()).replace("\xa0", " ").split())


@sync
async def test_the_hand_says_plate_splitter_does_nothing_against_a_monster_not_armored() -> None:
    hand = await hand_against("base:bear")
    assert "Plate Splitter (the Bear is not Armored)" in hand, hand
    hand = await hand_against("gauntlet:iron-beetle")
    assert "Plate Splitter" in hand and "not Armored" not in hand, hand
