"""Whether a condition in play still helps (#28 round 22): a Blessed that gave its use as
the level began has done all it will (R-ABILITY-1, R-COND-1), so removing it costs nothing."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.query import acted_for_the_level, still_helps
from unbroken.core.state import ConditionState
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, play

RULES = load_ruleset()


def _held(game: Game, cid: str) -> list[ConditionState]:
    return [c for c in game.state.conditions if c.id == cid]


def test_a_pending_blessed_still_helps_an_active_one_has_given_its_use() -> None:
    # R-ABILITY-1 R-COND-1: Blessed's use is counted as the next level starts.
    game = (
        Scenario("huckdorf", level=3)
        .condition("blessed", active=False)
        .resources(food=3)
        .start("hunger")
    )
    (pending,) = _held(game, "base:blessed")
    assert still_helps(RULES, pending) and not acted_for_the_level(RULES, pending)
    play(game, act.Eat(3))  # level 3 ends: level 4 starts with Blessed's use
    assert game.state.level == 4 and game.state.ability_uses == 5
    (active,) = _held(game, "base:blessed")
    assert active.active
    assert acted_for_the_level(RULES, active) and not still_helps(RULES, active)


def test_a_permanent_or_a_battle_condition_is_never_done_for_the_level() -> None:
    # R-COND-1: Armored stays (it helps in every battle); Amnesia's use is taken, not given.
    game = (
        Scenario("huckdorf", level=2)
        .condition("armored")
        .condition("amnesia")
        .condition("frightened", rounds=2)
        .start("preparation")
    )
    armored, amnesia, frightened = game.state.conditions
    assert still_helps(RULES, armored) and not acted_for_the_level(RULES, armored)
    assert acted_for_the_level(RULES, amnesia) and not still_helps(RULES, amnesia)
    assert not acted_for_the_level(RULES, frightened) and not still_helps(RULES, frightened)
