"""Round 22's playtest: a Blessed that has given its use (issue 28)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import label
from unbroken.words.cards import condition_in_play

RULES = load_ruleset()


def test_healing_herbs_does_not_warn_of_removing_a_blessed_that_has_given_its_use() -> None:
    # R-ABILITY-1 R-COND-1: "(time 2; it would remove Blessed, which helps you)" in level 4,
    # the extra use already given: removing it then costs nothing.
    for active, warned in ((True, False), (False, True)):
        game = (
            Scenario("huckdorf", level=4)
            .resources(food=2)
            .encounters("healing-herbs")
            .condition("blessed", active=active)
            .start("exploration")
        )
        offer = act.ChooseEncounter("base:healing-herbs")
        text = label(offer, game.state, RULES)
        assert text.startswith("Healing Herbs: ")
        assert ("it would remove Blessed, which helps you" in text) is warned
        game.apply(offer)
        text = label(act.Resolve(), game.state, RULES)
        assert ("it would remove Blessed, which helps you" in text) is warned


def test_the_hand_says_blessed_has_given_its_use() -> None:
    # "Blessed: 1 more ability use at the start of the level." all through level 4.
    game = (
        Scenario("huckdorf", level=4)
        .condition("blessed")
        .condition("amnesia", active=False)
        .start("preparation")
    )
    blessed, amnesia = game.state.conditions
    assert condition_in_play(blessed, RULES) == (
        "Blessed (given)",
        "1 more ability use at the start of the level.",
    )
    assert condition_in_play(amnesia, RULES)[0] == "Amnesia (next level)"
