"""#28 playtest round 35: after the Basilisk fell, the Hand listed "Paralyzed (3 tokens)" at
the Hunger step. The engine keeps it in play to the level's end (R-COND-1; discarded as the
level advances), as Frightened, which round 34 (34b-7) said "battle over: leaves play at
the level's end": a condition with tokens says it the same way; a permanent one does not."""

from __future__ import annotations

from unbroken.core.state import ConditionState, Phase, StepName
from unbroken.testing import Scenario
from unbroken.words.cards import condition_in_play
from unbroken.words.rounds_left import BATTLE_OVER, battle_over


def test_paralyzed_after_the_battle_says_it_leaves_with_the_level() -> None:
    game = Scenario("caellahan", level=4).condition("paralyzed", tokens=3).start("hunger")
    s = game.state
    assert s.phase == Phase.COMBAT and s.step == StepName.HUNGER and battle_over(s)
    held = next(c for c in s.conditions if c.id == "base:paralyzed")
    name, _ = condition_in_play(held, game.ruleset, s.round, battle_over(s))
    assert name == f"Paralyzed (3 tokens, {BATTLE_OVER})", name
    during, _ = condition_in_play(held, game.ruleset, 2, False)
    assert during == "Paralyzed (3 tokens)", during


def test_a_permanent_condition_does_not_say_it_leaves() -> None:
    game = Scenario("caellahan", level=4).start("hunger")
    armored = ConditionState(id="base:armored", active=True)
    assert game.ruleset.conditions["base:armored"].permanent
    name, _ = condition_in_play(armored, game.ruleset, 0, True)
    assert BATTLE_OVER not in name, name
