"""The words of a card's records are made of the rules in play, given explicitly (#28 round
11: whether a condition is permanent was found through `card_name.__self__`, the owner of
the bound method passed to name cards)."""

from __future__ import annotations

from unbroken.plugins import load_ruleset
from unbroken.words.effects import effect_text, naming

RULES = load_ruleset()
ARMORED = RULES.monsters["base:hobgoblin"].rewards[-1]  # gain Armored for the next level


def test_the_rules_given_say_a_permanent_condition_and_name_the_card() -> None:
    assert effect_text(ARMORED, RULES) == "gain Armored from the next level on"
    with naming(RULES):  # as `describe_card` makes a card's words
        assert effect_text(ARMORED) == "gain Armored from the next level on"


def test_without_the_rules_a_condition_is_said_for_the_next_level() -> None:
    assert effect_text(ARMORED) == "gain Armored for the next level"
    with naming(None):
        assert effect_text(ARMORED) == "gain Armored for the next level"
