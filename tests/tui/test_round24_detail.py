"""Round 24's playtest (#28): the detail line under the options says an option as its row
does, the cards pending included."""

from __future__ import annotations

import msgspec

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.details import detail

RULES = load_ruleset()


def test_the_detail_line_says_the_cards_pending_as_explores_row_does() -> None:
    # Round 24: "1. Explore (1 more card pending; go to the…" over a detail line that said
    # "Explore (go to the Exploration step)", the one place meant to say it whole.
    start = Scenario("tomu", level=1).start("preparation")
    game = Game(RULES, msgspec.structs.replace(start.state, reveal_bonus=1), start.events)
    [explore] = [a for a in game.legal_actions() if isinstance(a, act.Explore)]
    said = detail(explore, game)
    assert said.startswith("Explore (1 more card pending; go to the Exploration step)"), said
