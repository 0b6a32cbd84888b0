"""30a-6: the reference bot uses its combat abilities when they are the better play.

The advisor weighs options by futures the heuristic bot plays. That bot weighed a
combat ability by damage per SE beside the weapon, and broke the armor first unless a
kill was at hand, so Iron Spike (Spike Thrower: 2 wounds through armor for 1 metal) and
Press On (Grim Determination: 1 wound through armor and another turn for 3 SE) were
never played, even where they ended the battle: a tester in a nearly won Vampire fight
saw odds that measured the bot, not the option.
"""

from __future__ import annotations

import dataclasses

import msgspec

from unbroken.bots.heuristic import heuristic_bot
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, pass_responses

RULES = load_ruleset()
IRON_SPIKE = act.Use(source="base:spike-thrower", ability="spike-thrower-iron")
PRESS_ON = act.Use(source="base:grim-determination", ability="grim-determination-press")


def battle(monster: str, level: int, health: int, skill: str, **res: int) -> Game:
    """The bot's first turn with the Sword against `monster` at its printed armor and
    `health` left, holding `skill` and `res`; every roll a 1."""
    mon = msgspec.structs.replace(RULES.monsters[f"base:{monster}"], health=health)
    rules = dataclasses.replace(RULES, monsters={**RULES.monsters, mon.id: mon})
    scenario = Scenario("caellahan", level=level, ruleset=rules).resources(**res)
    scenario = scenario.weapon("knife", "sword").skills(skill).monster(monster)
    if level == 4:
        scenario = scenario.no_time_track()
    game = scenario.dice(*[1] * 20).start("battle")
    pass_responses(game)
    assert game.decision is not None and game.decision.kind == "player_turn"
    return game


def test_iron_spike_finishes_the_vampire_through_its_armor() -> None:
    # The Vampire (armor 2) at 2 health in the last battle: Iron Spike ends the game for a
    # metal that buys nothing after it; the bot broke armor twice (two Vampire rolls) first.
    game = battle("vampire", 4, 2, "spike-thrower", se=10, metal=1)
    assert game.state.monster is not None and game.state.monster.armor == 2
    assert heuristic_bot(game, game.state.decisions) == IRON_SPIKE


def test_press_on_finishes_an_armored_monster() -> None:
    # The Minotaur's armor stands and 1 health is left: Press On (3 SE) ends it now, where
    # breaking the armor first costs as much in attacks and a roll of the Minotaur's per blow.
    game = battle("minotaur", 3, 1, "grim-determination", se=12)
    mo = game.state.monster
    assert mo is not None and mo.armor > 0
    assert PRESS_ON in game.legal_actions()
    assert heuristic_bot(game, game.state.decisions) == PRESS_ON


def test_the_weapon_still_goes_first_where_it_is_cheaper() -> None:
    # Armor gone, 6 health left, before the last level: the Sword's Cut (2 wounds, 2 SE)
    # beats Iron Spike (2 wounds for a metal worth 3 SE), so the metal is kept.
    game = battle("minotaur", 3, 6, "spike-thrower", se=16, metal=1)
    while game.state.monster is not None and game.state.monster.armor:
        game.apply(act.Attack("beat-aside"))
        pass_responses(game)
    assert IRON_SPIKE in game.legal_actions()
    assert heuristic_bot(game, game.state.decisions) == act.Attack("cut")
