"""Round 28 (#28, 28a-15): "Inspiration: pay 2 ME, gain 1 LE (cannot pay 2 ME even with
your 1 LE)" read as if LE could fund the ME→LE trade. The reason says what the effort held
pays, in the effort asked."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.words.actions import option_text


def test_cannot_pay_says_what_the_effort_held_pays() -> None:
    game = Scenario("caellahan", seed=3).resources(se=10, me=0, le=1).start("preparation")
    rows = {a: option_text(a, why, game.state, game.ruleset) for a, why in game.options()}
    assert rows[act.Inspiration()] == (
        "Inspiration: pay 2 ME, gain 1 LE (cannot pay 2 ME: you have 1 LE, which pays only 1 ME)"
    )
    game = Scenario("caellahan", seed=3).resources(se=1, me=2, le=0).start("preparation")
    rows = {a: option_text(a, why, game.state, game.ruleset) for a, why in game.options()}
    assert rows[act.Focus()] == (
        "Focus: pay 4 SE, gain 1 ME (cannot pay 4 SE: you have 1 SE + 2 ME, which pay only 3 SE)"
    )
