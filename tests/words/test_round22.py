"""Round 22's words (#28): what the game says must be what it does."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_text

RULES = load_ruleset()


def test_the_last_hunger_says_the_me_it_takes_when_se_is_short() -> None:
    # Round 22 (base game, 7 SE): "Eat 0 food — score 84 (…; the 10 SE hunger takes
    # scores nothing)", yet the score fell 90 -> 84: ME covers the SE short (R-RES-4).
    scene = Scenario("tomu", level=4).resources(se=7, me=5, food=3).monster("troll")
    game = scene.start("hunger")
    said = option_text(act.Eat(0), "", game.state, game.ruleset)
    assert "scores nothing" not in said, said
    assert "hunger takes 7 SE + 3 ME (the 3 ME would score 9)" in said, said
    # Where SE alone pays it, it still scores nothing.
    rich = Scenario("tomu", level=4).resources(se=12, me=5, food=3).monster("troll")
    said = option_text(act.Eat(0), "", rich.start("hunger").state, game.ruleset)
    assert "hunger takes 10 SE, which would score nothing" in said, said


def test_eating_at_the_se_cap_is_of_use() -> None:
    # Round 22: at 20 SE on the last Hunger step, "Eat 4 food (no use now: SE is at the
    # cap 20)": the SE it gains is lost, but eating avoids the hunger's 10 SE.
    game = Scenario("tomu", level=4).resources(se=20, food=4).monster("troll")
    state = game.start("hunger").state
    said = option_text(act.Eat(4), "", state, RULES)
    assert "no use now" not in said, said
    assert "4 SE lost to the cap 20" in said, said
