"""#28 round 25: Warding Sign ("lose 2 less (it may drop to 0)") saved 1 SE at the Troll's
WOUND (printed 3) with Armored (−1, minimum 1), and nothing said why "2 less" saved 1. The
Passives that change a WOUND's loss act after the Responses (R-EFFECT-3): the option says
the order ("3 SE − 2 = 1, then Armored's minimum 1")."""

from __future__ import annotations

import msgspec

from games import at_the_vampires_wound as vampires_wound
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_text

RULES = load_ruleset()
WARD = act.Use("base:sage", "warding-sign")


def at_the_vampires_wound(armored: bool) -> Game:
    """Helena (Warding Sign) in the wound_loss window of the Vampire's WOUND (3 SE)."""
    return vampires_wound(Scenario("helena", level=4).resources(se=12, cunning=3), armored, WARD)


def test_warding_sign_says_why_armored_leaves_it_saving_1() -> None:
    game = at_the_vampires_wound(armored=True)
    line = option_text(WARD, "", game.state, RULES)
    head = line.partition("): ")[0]
    assert head.endswith("; 3 SE − 2 = 1, then Armored's minimum 1"), line
    assert line.endswith("Vampire's WOUND: lose 1 SE"), line
    passing = option_text(act.Pass(), "", game.state, RULES)
    assert passing.endswith("Vampire's WOUND: lose 2 SE"), passing


def test_a_passive_that_takes_its_whole_change_is_said_with_it() -> None:
    # Printed 4 with Armored: Warding Sign leaves 2, Armored takes 1 of it.
    game = at_the_vampires_wound(armored=True)
    state = msgspec.structs.replace(game.state, pending_loss=4)
    line = option_text(WARD, "", state, RULES)
    assert "; 4 SE − 2 = 2, then Armored −1)" in line, line
    assert line.endswith("WOUND: lose 1 SE"), line


def test_without_a_passive_the_figure_says_itself() -> None:
    game = at_the_vampires_wound(armored=False)
    line = option_text(WARD, "", game.state, RULES)
    assert "SE − 2" not in line and "then" not in line.partition(": ")[0], line
