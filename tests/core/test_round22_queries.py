"""Round 22's core questions (#28): whether a condition in play still helps (a Blessed
that gave its use as the level began has done all it will: R-ABILITY-1, R-COND-1), and
whether a weapon on offer is weaker than the one in hand (R-WEAPON-1/2)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.query import Query, acted_for_the_level, still_helps, weaker_weapon
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


def test_the_game_orders_weapons_by_their_upgrades_and_basic_below_advanced() -> None:
    # R-WEAPON-1 R-WEAPON-2: the Axe is crafted from the Club; Knife and Club are apart.
    assert weaker_weapon(RULES, "base:club", "base:axe")
    assert weaker_weapon(RULES, "base:bare-hands", "base:axe")  # two upgrades up
    assert weaker_weapon(RULES, "base:knife", "base:axe")  # Basic below Advanced
    assert not weaker_weapon(RULES, "base:axe", "base:club")
    assert not weaker_weapon(RULES, "base:knife", "base:club")
    assert not weaker_weapon(RULES, "base:club", "base:knife")
    assert not weaker_weapon(RULES, "base:maul", "base:axe")
    assert not weaker_weapon(RULES, "base:axe", "base:axe")


def test_a_weapon_on_offer_weaker_than_the_one_in_hand_names_it() -> None:
    # R-REWARD-2: a weapon taken goes on top and is fought with (R-WEAPON-1).
    game = Scenario("huckdorf").weapon("axe").start("preparation")
    rules = Query(RULES, game.state)
    assert rules.weaker_than_in_hand("base:knife") == "base:axe"
    assert rules.weaker_than_in_hand("base:maul") == ""
    game = Scenario("huckdorf").weapon("knife").start("preparation")
    assert Query(RULES, game.state).weaker_than_in_hand("base:club") == ""
