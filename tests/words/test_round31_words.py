"""Round 31 (#28, play31a): the words of a payment and of a no-use reason."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.words.actions import option_detail
from unbroken.words.paying import substitution


def test_a_payment_none_of_the_asked_effort_pays_says_it_pays_it_all() -> None:
    # 31a-10: Brute Force at 0 ME read "Paid as 1 LE: short of ME, LE pays the rest.".
    assert substitution({"me": 1}, {"le": 1}) == "short of ME, LE pays it all"
    assert substitution({"se": 4}, {"me": 2, "le": 2}) == "short of SE, ME, then LE pays it all"
    assert substitution({"se": 4}, {"se": 3, "me": 1}) == "short of SE, ME pays the rest"
    game = Scenario("tomu").resources(se=0, me=0, le=4, cunning=0).start("preparation")
    assert option_detail(act.Plan(), game.state, game.ruleset).endswith(
        "Paid as 4 LE: short of SE, LE pays it all."
    )
