"""#28 playtest round 35's words (35b-3): the same roll said one way, as it acts on the
player now: with LE 0 the Shaman's CONFUSE read "(lose 3 SE)" once and "(lose exactly 1 LE
and gain 2 SE (lose 3 SE if unable))" where keeping it would kill."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.words.actions import option_text


def _kept(se: int, le: int) -> Game:
    game = (
        Scenario("maxyn-zenma", level=3)
        .resources(se=se, le=le)
        .weapon("knife")
        .skills("lucky")
        .monster("shaman")
        .dice(3, 5, 3, 5)
        .start("battle")
    )
    game.apply(act.Skip())  # the Shaman rolls a 3: CONFUSE
    game.apply(act.Use("base:lucky", "lucky-reroll"))  # a 5: keep either
    return game


def test_a_kept_rows_lose_exactly_says_what_it_does_now_whatever_follows() -> None:
    for se in (20, 3, 2):  # lives, starves later, dies of it
        game = _kept(se, 0)
        line = option_text(act.PickRoll(3), "", game.state, game.ruleset)
        assert line.startswith("Keep the 3: CONFUSE (lose 3 SE; you have no LE)"), (se, line)
        assert "exactly" not in line and "if unable" not in line, line
        head = line.partition(" — ")[0]
        assert head.count("(") == 1, line  # no bracket in its bracket
    game = _kept(20, 2)
    line = option_text(act.PickRoll(3), "", game.state, game.ruleset)
    assert line.startswith("Keep the 3: CONFUSE (lose 1 LE, gain 2 SE)"), line
