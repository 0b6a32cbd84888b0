"""#28 round 29 (29a-16): the line under Merchant's Toll and Blood Price at treasure 7/7 said
"The caps take 1 treasure of what it gains (treasure 7)." — "caps" for one cap, the cap's
figure in brackets. It says what is lost, to which cap, plainly (words/keeping.py)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_detail

RULES = load_ruleset()


def test_a_gain_past_one_cap_says_that_cap_plainly() -> None:
    game = Scenario("tomu", level=2).resources(treasure=7).encounters("forgotten-purse").start()
    game.apply(act.Explore())
    keep = act.ChooseEncounter("base:forgotten-purse")
    said = option_detail(keep, game.state, RULES)
    assert "1 treasure of what it gains is lost to the cap of 7." in said, said
    assert "caps" not in said, said
