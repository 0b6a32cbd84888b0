"""Costs ahead on the Display (#28): the food the Hunger step will ask against what is
held, what eating short costs (R-HUNGER-3), and an encounter that ends in an ambush."""

from __future__ import annotations

from pilot import sync
from rich.text import Text

from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.display_chips import food_chip
from unbroken.tui.widgets import DisplayPanel

RULES = load_ruleset()


def test_the_food_chip_says_what_is_due_and_what_eating_short_costs() -> None:
    # Level 3: 3 food due. 1 held: 2 short cost 1 + 2 = 3 SE; eating the 1 gives 1 SE, so
    # with 1 SE (2 after eating) that is starvation.
    for se, starves in ((9, False), (1, True)):
        game = Scenario("tomu", level=3).resources(se=se, food=1).start()
        chip = food_chip(game.state, RULES, Text())
        # Held against the cap of 7 (R-RES-2, #28 round 13), not "1/3" (held of eaten).
        assert chip.plain == "food 1/7 (eat 3) −3 SE"
        red = any("red" in str(span.style) for span in chip.spans)
        assert red is starves


@sync
async def test_the_time_track_says_when_an_encounter_would_ambush() -> None:
    # R-TRAVEL-1: with 1 time left any encounter card (time 1 or more) ends in the ambush.
    for time, said in ((1, True), (5, False)):
        game = Scenario("tomu").resources(se=10, time=time).start()
        app = UnbrokenApp(RULES, animate=False, game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            display = " ".join(str(app.screen.query_one(DisplayPanel).render()).split())
            assert ("encounter → ambush" in display) is said, display
