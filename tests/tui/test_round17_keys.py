"""#28 playtest round 17: what a key does after the options changed."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.careful import costly


def test_an_option_that_spends_only_an_ability_use_is_costly() -> None:
    # Round 17: under "New options: a key or Enter marks a costly option", "8 8" took Take
    # a Peek twice (uses 3/3 -> 1/3): an ability use is something spent.
    game = Scenario("mae-el").ability_uses(3).start()
    peek = act.Use("base:sneak", "take-a-peek")
    assert peek in game.legal_actions(), game.legal_actions()
    forecast = game.query().forecast(peek)
    assert not forecast.paid and not forecast.lost  # nothing but the use
    assert costly(peek, forecast, game.state)
