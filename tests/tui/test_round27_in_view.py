"""#28 playtest round 27 (27a-15): `i` lists the weapons kept under the top one, as the
Hand names them ("Axe (advanced; Club, Knife under)"), each readable there."""

from __future__ import annotations

from pilot import opened, played, sync
from playing import RULES

from unbroken.testing import Scenario
from unbroken.tui.in_view import cards_in_view
from unbroken.tui.inspector import InspectorScreen


def axe_on_top() -> Scenario:
    return Scenario("caellahan", level=2).resources(se=13, food=3).weapon("knife", "club", "axe")


def test_the_weapons_under_the_top_one_are_in_view() -> None:
    game = axe_on_top().monster("wererat").start("battle")
    hand = dict(cards_in_view(game))["Hand"]
    weapons = [card for card in hand if card in RULES.weapons]
    # As the Hand says them: the top one, then those under it, nearest first.
    assert weapons == ["base:axe", "base:club", "base:knife"], hand
    assert "base:bare-hands" not in hand  # always at the bottom: unsaid, as on the Hand


@sync
async def test_i_lists_the_club_and_knife_under_the_axe() -> None:
    game = axe_on_top().monster("wererat").start("battle")
    async with played(game) as (pilot, _):
        screen = await opened(pilot, "i", InspectorScreen)
        listed = [card for _, cards in screen.places for card in cards]
        assert {"base:club", "base:knife"} <= set(listed), listed
