"""Playtest round 26 (#28): what the options and the log say, against what then happens."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, play
from unbroken.words.actions import option_text

RULES = load_ruleset()
HERBS = act.ChooseEncounter("base:healing-herbs")


def _herbs(committed: bool) -> Scenario:
    sc = Scenario("tomu", level=2).resources(se=5, food=1).encounters("healing-herbs")
    return sc.commit() if committed else sc


def test_a_card_kept_to_rest_on_warns_of_no_hunger() -> None:
    # 26a-11, 26b-11: "(…; no use now: no condition in play; rest instead: gain 2 SE) —
    # food 0 of 2 after: hunger −3 SE": resting on it spends no food.
    game = _herbs(committed=False).start("exploration")
    text = option_text(HERBS, "", game.state, RULES)
    assert text.endswith("(time 2; no use now: no condition in play; rest instead: gain 2 SE)")
    play(game, HERBS)  # kept: resolving it still spends the food, and says so
    text = option_text(act.Resolve(), "", game.state, RULES)
    assert text.endswith("— food 0 of 2 after: hunger −3 SE"), text


def test_a_committed_card_of_no_use_says_it_is_paid_for_nothing() -> None:
    # 26a-11: committed (no Rest, R-TRAVEL-7), the line said "rest instead"; the food is
    # spent, so the hunger it leaves is said.
    game = _herbs(committed=True).start("exploration")
    paid = "no use now: no condition in play; committed: 1 food paid for nothing)"
    text = option_text(HERBS, "", game.state, RULES)
    assert "rest instead" not in text and f"{paid} — food 0 of 2 after: hunger −3 SE" in text
    play(game, HERBS)
    assert game.legal_actions() == [act.Resolve()]
    assert paid in option_text(act.Resolve(), "", game.state, RULES)
