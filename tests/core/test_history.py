"""The event history's answers (core/history.py): front ends ask these, not the log."""

from __future__ import annotations

from unbroken.core import events as ev
from unbroken.core.history import combat_opened, last_decision, level_ability_uses
from unbroken.core.state import Phase, StepName
from unbroken.testing import Scenario


def entered(phase: Phase, step: StepName) -> ev.StepEntered:
    return ev.StepEntered(phase, step)


def test_combat_opened_is_the_latest_ambush_or_trickery_step_of_the_combat_under_way() -> None:
    travel = entered(Phase.TRAVEL, StepName.EXPLORATION)
    trick = entered(Phase.COMBAT, StepName.TRICKERY)
    ambush = entered(Phase.COMBAT, StepName.AMBUSH)
    battle = entered(Phase.COMBAT, StepName.BATTLE)
    assert combat_opened(reversed([travel, trick, battle])) == StepName.TRICKERY
    assert combat_opened(reversed([travel, ambush, battle, battle])) == StepName.AMBUSH
    # Back in Travel, or a combat whose opening is not in the events: none.
    assert combat_opened(reversed([ambush, battle, travel])) is None
    assert combat_opened(reversed([battle])) is None
    assert combat_opened([]) is None


def test_last_decision_reads_from_the_end_and_agrees_with_a_real_game() -> None:
    game = Scenario("tomu").start("preparation")
    assert last_decision(game.events) == []  # nothing decided yet
    returned = game.apply(game.legal_actions()[0])
    assert last_decision(game.events) == returned
    assert level_ability_uses(reversed(game.events)) > 0
