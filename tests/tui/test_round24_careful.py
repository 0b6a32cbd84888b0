"""#28 round 24 (24b-4): Wrecker's Follow Up, a free Response once a turn, was taken at
once by a second key after an armor-breaking attack ("You use Wrecker (Follow Up)." and
no question seen), where the next time it was asked. Its once-a-turn use is something
spent: a key in the careful window marks it first, as it does an ability use."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.careful import costly


def test_a_free_response_used_once_a_turn_is_costly() -> None:
    game = (
        Scenario("tomu", level=2)
        .resources(se=10)
        .skills("wrecker")
        .monster("hobgoblin")
        .dice(*[1] * 30)
        .start("battle")
    )
    shove = act.Attack("shove")  # Bare Hands' armor-breaking attack
    while shove not in game.legal_actions():
        game.apply(act.Pass() if act.Pass() in game.legal_actions() else game.legal_actions()[0])
    game.apply(shove)
    follow = act.Use("base:wrecker", "wrecker-follow-up")
    assert game.legal_actions() == [follow, act.Pass()], game.legal_actions()
    forecast = game.query().forecast(follow)
    assert not forecast.paid and not forecast.lost  # it costs nothing
    assert costly(follow, forecast, game.state)
    assert not costly(act.Pass(), game.query().forecast(act.Pass()), game.state)
