"""#28 round 16: a monster's row and an option's forecast name one effect the same way
("DISARM downgrade your weapon for 2 turns" beside "Club set aside for 2 turns")."""

from __future__ import annotations

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.plugins import load_ruleset
from unbroken.words.effects import effect_text
from unbroken.words.forecast_events import event_words

RULES = load_ruleset()


def test_a_disarm_row_and_its_forecast_say_set_aside_alike() -> None:
    row = effect_text(m.Downgrade(turns=2), RULES)
    said = event_words(ev.WeaponSetAside("base:club", 2), RULES, "base:club")
    assert row == "your weapon set aside for 2 turns"
    assert said == "your Club set aside for 2 turns"


def test_a_daze_row_and_its_forecast_say_the_condition_alike() -> None:
    bleeding = m.GainCondition(condition="base:bleeding", timing="now")
    row = effect_text(bleeding, RULES)
    said = event_words(ev.ConditionGained("base:bleeding", True, 0, 0), RULES, "")
    assert row == said == "gain Bleeding now"
