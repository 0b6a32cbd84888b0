"""Round 8's words (#28): what a README-only playtester could not work out from the game."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.words.actions import option_text


def test_a_weapon_offer_names_the_weapon_in_hand_after_a_craft() -> None:
    # Round 8: with the Sword in hand (crafted from the Knife), the Weapon Rack read
    # "take a weapon: Club (you have the Knife)". The Knife is under the Sword (R-WEAPON-1)
    # and so not offered (R-REWARD-2); the offer names the Sword.
    def scenario(start: str) -> Game:
        return (
            Scenario("tomu")
            .resources(se=10, time=10, metal=2)
            .weapon("knife")
            .encounters("weapon-rack", "catch-a-breath")
            .start(start)
        )

    rack = act.ChooseEncounter("base:weapon-rack")
    game = scenario("exploration")
    assert option_text(rack, "", game.state, game.ruleset) == (
        "Weapon Rack: 1 SE -> take a weapon: Club (you have the Knife) (time 2)"
    )
    game = scenario("preparation")
    game.apply(act.Craft("base:sword"))
    game.apply(act.Explore())
    assert game.state.weapons[-1] == "base:sword"
    assert rack in game.legal_actions()
    assert option_text(rack, "", game.state, game.ruleset) == (
        "Weapon Rack: 1 SE -> take a weapon: Club (the Knife is under your Sword) (time 2)"
    )
