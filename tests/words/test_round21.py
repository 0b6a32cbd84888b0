"""README playtest round 21 (#28): words that said less, or other, than the game does."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.state import DecisionKind
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_text
from unbroken.words.passing import passed_line

RULES = load_ruleset()


def test_a_weapon_card_says_a_weapon_may_be_declined_and_the_log_says_it_was() -> None:
    # Round 21: "Weapon Rack: 1 SE -> take a weapon: Knife (you fight with it, your Maul
    # kept under it…)" read as a forced swap; "Take none" came only after paying, and the
    # log said nothing of it. R-REWARD-2: the player may take one, or none.
    game = (
        Scenario("tomu")
        .resources(se=10, time=10)
        .weapon("maul")
        .encounters("weapon-rack", "catch-a-breath")
        .start("exploration")
    )
    rack = act.ChooseEncounter("base:weapon-rack")
    line = option_text(rack, "", game.state, game.ruleset)
    assert line.startswith("Weapon Rack: 1 SE -> take a weapon or none: Club or Knife"), line
    game.apply(rack)
    while game.state.decision != DecisionKind.CHOOSE_WEAPON:
        game.apply(act.Resolve())
    assert act.Pass() in game.legal_actions()
    said = passed_line(act.Pass(), game.legal_actions(), game.state, RULES)
    assert said == "You take no weapon: you keep the Maul.", said
