"""The worked examples of the seed rule texts, replayed move by move."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.testing import events_of as of


def test_hunger_example_level_three_two_food_eat_one() -> None:
    # R-HUNGER-3 (with R-HUNGER-1, R-HUNGER-2): after the level-3 Minotaur the
    # requirement is 3; with 2 food the Huntress eats 1 (+1 SE) and, 2 short,
    # loses 1 + 2 = 3 SE.
    game = (
        Scenario("kirilla-el-kaer", level=3)
        .resources(se=8, food=2, time=14)
        .monster("minotaur")
        .start("hunger")
    )
    assert game.legal_actions() == [act.Eat(2), act.Eat(1), act.Eat(0)]
    events = game.apply(act.Eat(1))
    changes = [
        (type(e).__name__, e.amounts)
        for e in events
        if isinstance(e, (ev.Spent, ev.Gained, ev.Lost))
    ]
    assert changes == [
        ("Spent", {"food": 1}),
        ("Gained", {"se": 1}),
        ("Lost", {"se": 3}),
    ]
    assert [(e.food, e.requirement) for e in of(events, ev.Ate)] == [(1, 3)]
    assert game.state.res["se"] == 8 + 1 - 3
    assert game.state.res["food"] == 1  # saved for the final level
    assert game.state.level == 4


def basilisk_example() -> Game:
    """The seed's combat example: the Sneak against the Basilisk at level 4."""
    return (
        Scenario("maxyn-zenma", level=4)
        .resources(se=10, le=1, metal=1, food=1)
        .no_time_track()
        .weapon("knife", "sword")
        .skills("wrecker", "daring")
        .condition("paranoid")
        .monster("basilisk")
        .ability_uses(2)
        .dice(6, 6)  # the Basilisk's combat roll; round 2's paralysis check
        .start("battle")
    )


def test_basilisk_combat_example() -> None:
    # R-BATTLE-3, R-BATTLE-5, R-BATTLE-6, R-EFFECT-2, R-ABILITY-1, R-COND-2
    game = basilisk_example()
    s = game.state
    mo = s.monster
    assert mo is not None

    # Battle step starts. Daring and the Basilisk's Response fire together, so the
    # player may take Daring first (R-EFFECT-2): the Basilisk's has not resolved yet.
    assert game.decision is not None and game.decision.trigger == "battle_start"
    assert not [c for c in s.conditions if c.id == "base:paralyzed"]
    # Daring: gain SE equal to the level (4).
    game.apply(act.Use("base:daring", "daring-rush"))
    assert s.res["se"] == 14
    assert s.ability_uses == 2  # a skill's Response is not a character ability

    # Then Paralyzed enters with 2 tokens (the Basilisk's Response), and Paranoid
    # (from the Dark Elf) raises its health 12 -> 14.
    assert [(c.id, c.active, c.tokens) for c in s.conditions if c.id == "base:paralyzed"] == [
        ("base:paralyzed", True, 2)
    ]
    assert (mo.armor, mo.health, mo.max_health) == (1, 14, 14)

    # Normal: the Sneak goes first. Spend 1 metal instead of rolling for Paralyzed.
    assert game.decision is not None and game.decision.kind == "roll_instead"
    events = game.apply(act.PayInstead())
    assert of(events, ev.Spent)[0].amounts == {"metal": 1}
    assert not [e for e in of(events, ev.DieRolled)]
    assert game.decision is not None and game.decision.kind == "player_turn"

    # The Sword's armor-breaking attack for 1 SE: armor 1 -> 0.
    events = game.apply(act.Attack("beat-aside"))
    assert of(events, ev.Spent)[0].amounts == {"se": 1}
    assert mo.armor == 0
    assert s.res["se"] == 13

    # Wrecker: another attack. 1 LE + 2 SE for 5 wounds, capped at 4: health 10.
    assert game.decision is not None and game.decision.trigger == "after_armor_break"
    game.apply(act.Use("base:wrecker", "wrecker-follow-up"))
    assert game.decision is not None and game.decision.kind == "extra_attack"
    events = game.apply(act.Attack("decisive-stroke"))
    assert of(events, ev.Spent)[0].amounts == {"le": 1, "se": 2}
    assert [e.power for e in of(events, ev.AttackChosen)] == [5]
    assert mo.health == 10
    assert (s.res["le"], s.res["se"]) == (0, 11)

    # The Basilisk rolls a 6 (WOUND and +1 paralysis); Dodge makes it a 5 for 1 SE,
    # using 1 of the 2 ability uses.
    assert [e.value for e in of(events, ev.DieRolled)] == [6]
    assert game.decision is not None and game.decision.trigger == "after_monster_roll"
    events = game.apply(act.Use("base:sneak", "dodge"))
    assert s.ability_uses == 1
    assert [(e.roll, e.result) for e in of(events, ev.CombatResult)] == [(5, "STEAL")]
    # The 5 (STEAL) costs 1 food; no wound and no extra paralysis.
    assert s.res["food"] == 0
    assert s.res["se"] == 10
    assert [(c.id, c.tokens) for c in s.conditions if c.id == "base:paralyzed"] == [
        ("base:paralyzed", 2)
    ]

    # Next round: no metal left, so the paralysis die is rolled (6 > 2 tokens).
    assert s.round == 2
    assert mo.health == 10 and mo.wounds_this_round == 0
    assert game.decision is not None and game.decision.kind == "player_turn"
