"""Query.ambushes: an action whose time takes the track to 0 in Preparation starts the
ambush at once (R-TRAVEL-1), so a view can warn of it without knowing the rule."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario


def _craft(game: Game) -> act.Action:
    return next(a for a in game.legal_actions() if isinstance(a, act.Craft))


def test_a_craft_whose_time_takes_the_track_to_0_ambushes() -> None:
    # R-TRAVEL-1
    game = Scenario("tomu", level=2).resources(metal=1, time=1).start("preparation")
    craft = _craft(game)
    assert game.query().ambushes(craft)
    game.apply(craft)
    assert game.state.phase == "combat"  # the engine agrees: the ambush began


def test_a_craft_with_time_to_spare_does_not() -> None:
    # R-TRAVEL-1
    game = Scenario("tomu", level=2).resources(metal=1, time=5).start("preparation")
    craft = _craft(game)
    assert not game.query().ambushes(craft)
    game.apply(craft)
    assert game.state.phase == "travel"
