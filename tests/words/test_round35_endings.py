"""Round 35's playtest: the death screen's words for a condition's loss (issue 28)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.words.endings import how_lost


def _poisoned_to_death(se: int, tokens: int) -> str:
    game = (
        Scenario("tomu")
        .resources(se=se, me=0, le=0)
        .monster("orc")
        .condition("poisoned", tokens=tokens)
        .dice(*[1] * 20)  # the Orc misses
        .start("battle")
    )
    while game.decision is not None:
        game.apply(act.Skip())
    return how_lost(game.events, game.state, game.ruleset)


def test_a_poisoned_death_says_how_much_it_asked() -> None:
    # 35b-10/35b-15: "Poisoned asked for more effort than you had: 1 SE, 0 ME, 0 LE; 1 SE
    # short." never said it asked 2 SE, where a WOUND says "(roll 2: 2 SE)".
    assert _poisoned_to_death(1, 2) == (
        "Poisoned (2 tokens: 2 SE) asked for more effort than you had: "
        "1 SE, 0 ME, 0 LE; 1 SE short."
    )
    # Venom took 2 SE a round before, then its last token asked 1 SE of none.
    assert _poisoned_to_death(2, 2).startswith("Poisoned (1 token: 1 SE) asked for")
