"""#28 round 16: "die ⚅ 6 +1 Charge = 6" did not say why 6: a die's result is kept within
1-6 (R-EFFECT-4), said where the sum is clamped."""

from __future__ import annotations

from unbroken.core import events as ev
from unbroken.plugins import load_ruleset
from unbroken.tui.dice import ShownRoll, story_text

RULES = load_ruleset()


def _said(face: int, bonus: int) -> str:
    roll = ev.DieRolled("monster", "combat", face)
    value = max(1, min(6, face + bonus))
    return story_text(ShownRoll(roll, value, bonus=bonus), RULES)


def test_a_bonus_over_6_says_6_is_a_dies_most() -> None:
    assert "+1 = 6 (a die's most) (" in _said(6, 1)


def test_a_malus_under_1_says_1_is_a_dies_least() -> None:
    assert "-2 = 1 (a die's least) (" in _said(2, -2)


def test_a_sum_within_1_6_says_nothing_more() -> None:
    said = _said(4, 1)
    assert "+1 = 5 (" in said
    assert "a die's" not in said
