"""Games several test folders set up (the plain-text game's, the plugins', the full-screen
game's, the words'): a win at the last battle, a death at a Hunger step, a Response to the
Vampire's WOUND, a battle whose attack opens Lucky's window, a Hunter's Aimed Shot for the
kill; a game played on by a mix of bots (`mixed_walk`)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.testing import Scenario


def winning(treasure: int = 2, ruleset: Ruleset | None = None) -> Game:
    """A strong hero at the level-4 battle with a sword: attacking until the monster falls
    wins (the Troll misses every time). `ruleset`: the plugins' (the base game's unless
    given)."""
    return (
        Scenario("caellahan", ruleset=ruleset, level=4)
        .resources(se=20, me=7, le=7, food=4, treasure=treasure)
        .no_time_track()
        .weapon("knife", "sword")
        .monster("troll")
        .dice(*[1] * 60)  # the Troll misses every time
        .start("battle")
    )


def starving() -> Game:
    """A level-2 Hunger step with no food and no SE: eating nothing ends the game."""
    return Scenario("tomu", level=2).resources(se=0, food=0).monster("goblin").start("hunger")


def at_the_vampires_wound(scenario: Scenario, armored: bool, response: act.Use) -> Game:
    """The level-4 `scenario`'s hero, Armored or not, in the wound_loss window of the
    Vampire's WOUND (3 SE), `response` offered."""
    if armored:
        scenario = scenario.condition("armored")
    game = scenario.monster("vampire").dice(*[2] * 10).start("battle")
    game.apply(act.Skip())  # the monster rolls 2: WOUND, lose 3 SE
    assert game.state.trigger == "wound_loss" and game.state.pending_loss == 3
    assert response in game.legal_actions()
    return game


def lucky_battle() -> Game:
    """A level-2 battle (Tomu, Lucky and Sidestep, the Goblin) whose first attack is
    followed by a Response window (Lucky's)."""
    return (
        Scenario("tomu", level=2, seed=3)
        .resources(se=13, cunning=2)
        .skills("lucky", "sidestep")
        .monster("goblin")
        .dice(*[4] * 30)
        .start("battle")
    )


def aimed_shot_for_the_kill() -> Game:
    """A Hunter's turn with the Giant Spider's armor broken and 1 health left: Aimed Shot
    (2 wounds) kills it."""
    game = (
        Scenario("huckdorf", level=1)
        .resources(se=20)
        .ability_uses(1)
        .weapon("knife")
        .monster("giant-spider")
        .dice(*[1] * 40)  # the spider misses
        .start("battle")
    )
    game.apply(act.Pass())  # Snare, at the battle's start
    for attack in ("pry", "stab"):
        game.apply(act.Attack(attack))
        while not any(isinstance(a, act.Attack) for a in game.legal_actions()):
            game.apply(act.Pass())
    return game
