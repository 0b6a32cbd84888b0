"""A forecast's bad conditions are read off the conditions it gains and the condition
cards' kinds, never stored beside them (k51-2): they cannot disagree with the rest."""

from __future__ import annotations

from dataclasses import replace

from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario


def test_bad_conditions_follow_the_conditions_gained() -> None:
    rules = load_ruleset()
    game = Scenario(ruleset=rules).start()
    f = game.query().forecast(game.legal_actions()[0])
    gained = ("base:blessed", "base:frightened", "base:armored", "x:unknown", "base:poisoned")
    assert rules.conditions["base:blessed"].positive and rules.conditions["base:armored"].positive
    g = replace(f, conditions_gained=gained)
    # The positive cards are no harm; a card not loaded counts as bad; in the order gained.
    assert g.bad_conditions == ("base:frightened", "x:unknown", "base:poisoned")
    assert replace(g, conditions_gained=()).bad_conditions == ()
