"""Round 11's playtest: the words a README-only player found wrong (issue 28)."""

from __future__ import annotations

from unbroken.core import events as ev
from unbroken.plugins import load_ruleset
from unbroken.words.forecast import _event_words

RULES = load_ruleset()


def test_a_forecast_says_a_conditions_rounds_never_0_tokens() -> None:
    # "Pass — Gnoll's ROAR: Frightened 0 tokens": Frightened lasts rounds, no tokens.
    changed = _event_words(ev.ConditionChanged("base:frightened", 0, 2), RULES, "")
    assert changed == "Frightened for 2 rounds"
    gained = _event_words(ev.ConditionGained("base:frightened", True, 0, 2), RULES, "")
    assert gained == "Frightened for 2 rounds"
    poisoned = _event_words(ev.ConditionChanged("base:poisoned", 2, 0), RULES, "")
    assert poisoned == "Poisoned 2 tokens"
