"""Card texts in play (#28 playtest round 29): a condition's rule is named by the condition
the player holds, and the detail line says each rule that acts in a sentence of its own."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario, play
from unbroken.words.actions import option_detail


def weakened_against_the_troglodyte() -> Game:
    """Weakened (its Passive: Feeble, -1 power) against the Troglodyte (armor 1, health 3),
    its armor broken with the Sword's Beat aside; the player's turn again."""
    game = (
        Scenario("tomu", level=2)
        .resources(se=12, le=2)
        .condition("weakened")
        .weapon("knife", "sword")
        .monster("troglodyte")
        .dice(1, 1, 1, 1)
        .start("battle")
    )
    play(game, act.Attack("beat-aside"))
    return game


def test_a_conditions_passive_is_named_by_the_condition_in_sentences_of_their_own() -> None:
    # R-EFFECT-3: Cut 2 - Weakened's 1 = 1; the monster then rolls (R-BATTLE-5). Was
    # "Feeble (Weakened) −1: Wounding attacks have -1 power; then the monster rolls.":
    # "Feeble" was named nowhere else on screen.
    game = weakened_against_the_troglodyte()
    cut = option_detail(act.Attack("cut"), game.state, game.ruleset)
    assert cut == "Weakened −1: Wounding attacks have -1 power. Then the monster rolls.", cut
    # Decisive stroke 5 - 1 = 4 defeats it (health 3): three clauses were run together
    # with ";" ("…power; Troglodyte: gain 1 wood + 1 metal; then skills are drawn.").
    stroke = option_detail(act.Attack("decisive-stroke"), game.state, game.ruleset)
    assert stroke == (
        "It defeats the Troglodyte. Weakened −1: Wounding attacks have -1 power. "
        "Troglodyte: gain 1 wood + 1 metal. Then skills are drawn."
    ), stroke
