"""36's words (#28, round 36): a Pass's detail says a Response still to come before what
chance decides next, in the engine's order (36b-6: "Basilisk's WOUND: lose 2 SE. Then the
Paralyzed check is rolled. Next, Warding Sign [Sage] can still respond." read as if Warding
Sign came after the check)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.words.actions import option_detail


def at_the_basilisks_wound() -> Game:
    """Tomu (Sage, Lucky), Paralyzed, at the Basilisk's roll of 1 (WOUND: lose 2 SE), in
    Lucky's window; Warding Sign's (wound_loss) comes next, the Paralyzed check after."""
    game = (
        Scenario("tomu", level=4, seed=3)
        .resources(se=10, me=3, cunning=2)
        .ability_uses(1)
        .skills("lucky")
        .condition("paralyzed", tokens=1)
        .monster("basilisk")
        .dice(5, 1, *[5, 1] * 4)
        .start("battle")
    )
    while game.decision is not None and game.state.trigger != "after_monster_roll":
        game.apply(act.Skip() if act.Skip() in game.legal_actions() else act.Pass())
    assert game.state.roll == 1
    return game


def test_a_response_still_to_come_is_said_before_the_check_it_comes_before() -> None:
    game = at_the_basilisks_wound()
    said = option_detail(act.Pass(), game.state, game.ruleset)
    assert said == (
        "Basilisk's WOUND: lose 2 SE. Warding Sign [Sage] can still respond first;"
        " then the Paralyzed check is rolled."
    ), said
    # The engine's order: Warding Sign's window comes before the check is rolled.
    game.apply(act.Pass())
    assert game.state.trigger == "wound_loss"
    assert act.Use("base:sage", "warding-sign") in game.legal_actions()
