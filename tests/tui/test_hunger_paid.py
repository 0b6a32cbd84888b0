"""#28 round 16: the Display's food row kept "(eat 4) −3 SE" in the Rummager window after
the Hunger step's loss was paid; what is paid is no longer to come (Query.hunger_to_come)."""

from __future__ import annotations

from rich.text import Text

from unbroken.core import actions as act
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind
from unbroken.testing import Scenario
from unbroken.tui.display_chips import food_chip


def test_the_food_row_drops_the_hunger_warning_once_its_loss_is_paid(unearthed: Ruleset) -> None:
    scene = Scenario("tomu", level=3, ruleset=unearthed).resources(se=9, food=1)
    game = scene.skills("unearthed:scavenger").start("hunger")
    assert food_chip(game.state, unearthed, Text()).plain == "food 1/7 (eat 3) −3 SE"
    assert game.query().hunger_to_come()
    game.apply(act.Eat(1))  # 2 short: 3 SE lost, paid now (R-HUNGER-3)
    assert game.state.decision == DecisionKind.RESPONSE  # Rummager's window, as the level ends
    assert not game.query().hunger_to_come()
    assert food_chip(game.state, unearthed, Text()).plain == "food 0/7"
