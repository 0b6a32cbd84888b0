"""Combat Phase rules: ambush, trickery, time reset, the battle and its effects.

Most scenarios use the Sage Tomu with no cunning: none of his Responses can be
paid then, so no optional Response window interrupts the flow unless a test
wants one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from unbroken.content import ContentError, load_pack
from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.achievements import ambushes_suffered
from unbroken.core.game import Game, IllegalAction
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_plugins, load_ruleset
from unbroken.testing import FolderPlugin, Scenario, play, write_pack
from unbroken.testing import events_of as of

RULES = load_ruleset()
START_TIME = RULES.settings.level_start_time


def wound(monster: str, roll: int) -> int:
    """Return the SE a WOUND row of this monster's table costs (read from the content)."""
    row = RULES.monsters[f"base:{monster}"].table[roll - 1]
    assert row.result == "WOUND"
    return sum(e.amounts.get("se", 0) for e in row.effects if hasattr(e, "amounts"))


def combat_rolls(events: list[ev.Event]) -> list[int]:
    return [e.value for e in of(events, ev.DieRolled) if e.purpose == "combat"]


# --------------------------------------------------------------------------- R-COMBAT-1


def test_ambush_reveals_monster_resets_time_and_applies_ambush_effect() -> None:
    # R-COMBAT-1
    game = Scenario("tomu", level=1).resources(se=13, time=0).dice(1).start("ambush")
    s = game.state
    assert s.monster is not None and s.monster.id == "base:kobold"  # die 1 -> number 1
    assert s.res["time"] == START_TIME[1]
    assert s.res["se"] == 11  # Kobold ambush: lose 2 SE
    assert game.decision is not None and game.decision.kind == "player_turn"
    assert s.step == "battle"


def test_time_running_out_while_exploring_leads_to_ambush_not_trickery() -> None:
    # R-COMBAT-1
    game = (
        Scenario("tomu", level=1)
        .resources(time=1, food=0)
        .encounters("abandoned-hovel", "a-clever-scheme")
        .dice(2)
        .start("preparation")
    )
    events = play(game, act.Explore(), act.ChooseEncounter("base:abandoned-hovel"), act.Rest())
    steps = [(e.phase, e.step) for e in of(events, ev.StepEntered)]
    assert ("combat", "ambush") in steps
    assert ("combat", "trickery") not in steps
    assert game.state.monster is not None and game.state.monster.id == "base:hyena"
    # Rested +1 SE, then the Hyena's ambush: no food, so lose 2 SE instead.
    assert game.state.res["se"] == 13 + 1 - 2
    assert game.decision is not None and game.decision.kind == "player_turn"
    assert act.Trick() not in game.legal_actions()


def test_ambush_by_a_scouted_monster_does_not_roll_again() -> None:
    # R-COMBAT-1
    game = Scenario("tomu", level=1).monster("gibberling").resources(time=0).dice().start("ambush")
    assert game.state.monster is not None and game.state.monster.id == "base:gibberling"
    assert not [e for e in of(game.events, ev.DieRolled) if e.purpose == "monster"]
    assert game.state.res["se"] == 10  # Gibberling ambush: lose 3 SE
    assert game.state.res["time"] == START_TIME[1]


# --------------------------------------------------------------------------- R-COMBAT-2


def test_fight_now_goes_to_trickery_and_reveals_the_monster() -> None:
    # R-COMBAT-2
    game = Scenario("tomu", level=1).resources(cunning=2).dice(1).start("preparation")
    play(game, act.Fight())
    assert game.state.monster is not None and game.state.monster.id == "base:kobold"
    assert game.state.res["time"] == START_TIME[1]
    assert game.decision is not None and game.decision.kind == "trickery"
    assert game.legal_actions() == [act.Trick(), act.Fight()]


def test_trick_pays_cost_and_skips_to_hunger_without_rewards_or_skill() -> None:
    # R-COMBAT-2
    game = Scenario("tomu", level=1).resources(cunning=3).monster("kobold").start("trickery")
    events = play(game, act.Trick())
    assert game.state.res["cunning"] == 1  # Kobold trickery: 2 cunning
    assert of(events, ev.MonsterTricked)
    assert not of(events, ev.BattleStarted)
    assert not of(events, ev.Gained)  # no rewards (the Kobold gives metal)
    assert not of(events, ev.SkillsDrawn)
    assert game.state.res["metal"] == 0
    assert game.decision is not None and game.decision.kind == "hunger"


def test_fight_at_trickery_goes_to_battle() -> None:
    # R-COMBAT-2
    game = Scenario("tomu", level=1).resources(cunning=3).monster("kobold").start("trickery")
    play(game, act.Fight())
    assert game.state.step == "battle"
    assert game.decision is not None and game.decision.kind == "player_turn"
    assert game.state.res["cunning"] == 3


def test_unaffordable_trickery_is_not_offered() -> None:
    # R-COMBAT-2
    game = Scenario("tomu", level=1).resources(cunning=1).monster("kobold").start("trickery")
    assert game.state.step == "battle"
    assert game.decision is not None and game.decision.kind == "player_turn"
    with pytest.raises(IllegalAction):
        game.apply(act.Trick())


@pytest.mark.parametrize(
    "monster", sorted(m for m, card in RULES.monsters.items() if card.level == 4)
)
def test_level_four_monsters_cannot_be_tricked(monster: str) -> None:
    # R-COMBAT-2
    assert RULES.monsters[monster].trickery is None
    game = (
        Scenario("tomu", level=4)
        .no_time_track()
        .resources(cunning=7, food=7, treasure=7, metal=7, wood=7)
        .weapon("knife")
        .monster(monster)
        .dice(6, 6, 6)
        .start("trickery")
    )
    assert game.state.step == "battle"
    assert game.decision is not None and game.decision.kind != "trickery"
    assert act.Trick() not in game.legal_actions()


def test_levels_one_to_three_monsters_have_a_trickery_cost() -> None:
    # R-COMBAT-2
    for monster in RULES.monsters.values():
        if monster.level < 4:
            assert monster.trickery is not None, monster.id


def test_crazed_survivor_trickery_costs_a_weapon_downgrade() -> None:
    # R-COMBAT-2
    game = Scenario("tomu", level=2).weapon("knife").monster("crazed-survivor").start("trickery")
    assert game.legal_actions() == [act.Trick(), act.Fight()]
    play(game, act.Trick())
    assert game.state.weapons == ["base:bare-hands"]
    assert game.decision is not None and game.decision.kind == "hunger"


def test_crazed_survivor_cannot_be_tricked_with_bare_hands_only() -> None:
    # R-COMBAT-2
    game = Scenario("tomu", level=2).monster("crazed-survivor").dice(1).start("trickery")
    assert game.state.step == "battle"
    assert act.Trick() not in game.legal_actions()


# --------------------------------------------------------------------------- R-COMBAT-3


@pytest.mark.parametrize(("level", "monster"), [(1, "kobold"), (2, "goblin"), (3, "orc")])
def test_trickery_step_sets_time_to_next_level_start(level: int, monster: str) -> None:
    # R-COMBAT-3
    game = Scenario("tomu", level=level).resources(time=3).monster(monster).start("trickery")
    assert game.state.res["time"] == START_TIME[level]
    assert game.state.time_track


def test_time_reset_also_happens_when_scouting_revealed_the_monster() -> None:
    # R-COMBAT-3
    game = Scenario("tomu", level=1).resources(se=13).dice(3).start("preparation")
    play(game, act.Scout())
    assert game.state.res["time"] == START_TIME[0] - 1
    play(game, act.Fight())
    assert game.state.res["time"] == START_TIME[1]


def test_level_four_removes_the_time_track() -> None:
    # R-COMBAT-3
    game = Scenario("tomu", level=4).resources(time=5).monster("troll").start("trickery")
    assert not game.state.time_track
    assert game.state.res["time"] == 0


def test_time_lost_in_battle_comes_off_the_next_level() -> None:
    # R-COMBAT-3
    game = (
        Scenario("tomu", level=1)
        .resources(se=13, le=1)
        .weapon("knife", "sword")
        .monster("shrieking-fungus")
        .dice(2)
        .start("trickery")
    )
    assert game.state.res["time"] == START_TIME[1]  # no cunning: no trick offered
    play(game, act.Attack("cut"))  # 6 -> 4 health; WARN: lose 1 time
    assert game.state.res["time"] == START_TIME[1] - 1
    play(game, act.Attack("decisive-stroke"))
    assert game.state.monster is not None and game.state.monster.health == 0
    skill = game.legal_actions()[0]
    play(game, skill, act.Eat(0))
    assert game.state.level == 2
    assert game.state.step == "preparation"
    assert game.state.res["time"] == START_TIME[1] - 1


def test_time_lost_at_level_four_is_paid_in_se() -> None:
    # R-COMBAT-3
    game = (
        Scenario("tomu", level=4)
        .no_time_track()
        .resources(se=10, wood=1, metal=1)
        .weapon("knife")
        .monster("troll")
        .dice(1)
        .start("battle")
    )
    events = play(game, act.Craft("base:spear"))  # wood 1, metal 1, time 2
    spent = of(events, ev.Spent)[0].amounts
    assert spent == {"wood": 1, "metal": 1, "se": 2}
    assert game.state.res["se"] == 8
    assert game.state.res["time"] == 0


# --------------------------------------------------------------------------- R-BATTLE-1


def test_player_acts_first_on_normal() -> None:
    # R-BATTLE-1
    game = Scenario("tomu", level=1).monster("kobold").dice(1, 1).start("battle")
    assert game.decision is not None and game.decision.kind == "player_turn"
    assert combat_rolls(game.events) == []
    events = play(game, act.Skip())
    assert combat_rolls(events) == [1]
    assert [e.round for e in of(events, ev.RoundStarted)] == [2]
    assert game.decision is not None and game.decision.kind == "player_turn"


def test_monster_acts_first_on_hard() -> None:
    # R-BATTLE-1
    game = Scenario("tomu", difficulty="hard", level=1).monster("kobold").dice(2, 1).start("battle")
    turns = [e.who for e in of(game.events, ev.TurnStarted)]
    assert turns == ["monster", "player"]
    assert combat_rolls(game.events) == [2]
    assert game.state.res["se"] == 12  # the WOUND came before the player's turn
    assert game.decision is not None and game.decision.kind == "player_turn"
    events = play(game, act.Skip())
    # Round 2 opens with the monster again, before the player's next decision.
    assert [e.who for e in of(events, ev.TurnStarted)] == ["monster", "player"]
    assert [e.round for e in of(events, ev.RoundStarted)] == [2]


def test_rounds_repeat_until_the_monster_is_defeated() -> None:
    # R-BATTLE-1
    game = Scenario("tomu", level=1).monster("hyena").dice(1, 1, 1).start("battle")
    for _ in range(3):
        play(game, act.Attack("punch"))
    assert game.state.round == 4
    assert game.state.monster is not None and game.state.monster.health == 1
    events = play(game, act.Attack("punch"))
    assert of(events, ev.MonsterDefeated)
    assert not of(events, ev.RoundStarted)
    assert game.state.step == "rewards"


# --------------------------------------------------------------------------- R-BATTLE-2


def test_general_action_takes_the_turn() -> None:
    # R-BATTLE-2
    game = Scenario("tomu", level=1).monster("kobold").dice(1).start("battle")
    assert act.Focus() in game.legal_actions()
    events = play(game, act.Focus())
    assert game.state.res["me"] == 1
    assert combat_rolls(events) == [1]  # the monster's turn came straight after
    assert of(events, ev.RoundStarted)[-1].round == 2


def test_skip_takes_the_turn() -> None:
    # R-BATTLE-2
    game = Scenario("tomu", level=1).monster("kobold").dice(1).start("battle")
    events = play(game, act.Skip())
    assert of(events, ev.TurnSkipped)
    assert combat_rolls(events) == [1]
    assert game.state.res["se"] == 13


def test_combat_action_takes_the_turn() -> None:
    # R-BATTLE-2
    game = Scenario("kirilla-el-kaer", level=1).monster("hyena").dice(1).start("battle")
    play(game, act.Pass())  # Snare at battle start
    aimed = act.Use("base:hunter", "aimed-shot")
    assert aimed in game.legal_actions()
    events = play(game, aimed)
    assert game.state.monster is not None and game.state.monster.health == 2
    assert combat_rolls(events) == [1]


def test_travel_actions_are_not_offered_in_battle() -> None:
    # R-BATTLE-2
    game = Scenario("maxyn-zenma", level=2).monster("goblin").start("battle")
    legal = game.legal_actions()
    assert act.Orienteer() not in legal
    assert act.Scout() not in legal
    assert act.Explore() not in legal
    assert act.Use("base:sneak", "take-a-peek") not in legal


def test_responses_do_not_use_the_turn() -> None:
    # R-BATTLE-2
    game = (
        Scenario("tomu", level=4).no_time_track().skills("daring").monster("troll").start("battle")
    )
    assert game.decision is not None and game.decision.trigger == "battle_start"
    play(game, act.Use("base:daring", "daring-rush"))
    assert game.state.res["se"] == 17
    assert game.decision is not None and game.decision.kind == "player_turn"
    assert game.state.round == 1


# --------------------------------------------------------------------------- R-BATTLE-3


def test_armor_breaking_is_legal_only_while_armor_is_left() -> None:
    # R-BATTLE-3
    game = Scenario("tomu", level=1).monster("kobold").dice(1).start("battle")
    assert game.state.monster is not None and game.state.monster.armor == 1
    assert [a for a in game.legal_actions() if isinstance(a, act.Attack)] == [act.Attack("shove")]
    play(game, act.Attack("shove"))
    assert game.state.monster.armor == 0
    assert [a for a in game.legal_actions() if isinstance(a, act.Attack)] == [act.Attack("punch")]
    with pytest.raises(IllegalAction):
        game.apply(act.Attack("shove"))


def test_wounding_attack_is_illegal_while_armor_is_left() -> None:
    # R-BATTLE-3
    game = Scenario("tomu", level=1).monster("kobold").start("battle")
    with pytest.raises(IllegalAction):
        game.apply(act.Attack("punch"))
    assert game.state.monster is not None and game.state.monster.health == 3


def test_armor_break_never_goes_below_zero() -> None:
    # R-BATTLE-3
    game = (
        Scenario("tomu", level=1).weapon("club", "maul").monster("kobold").dice(1).start("battle")
    )
    play(game, act.Attack("crush"))  # power 2 against 1 armor
    assert game.state.monster is not None
    assert game.state.monster.armor == 0
    assert game.state.monster.health == 3


def test_armor_break_removes_armor_equal_to_its_power() -> None:
    # R-BATTLE-3
    game = (
        Scenario("tomu", level=4)
        .no_time_track()
        .weapon("club", "maul")
        .monster("ogre")
        .dice(1)
        .start("battle")
    )
    play(game, act.Attack("crush"))
    assert game.state.monster is not None and game.state.monster.armor == 1


def test_wounding_attack_removes_health_and_surplus_is_wasted() -> None:
    # R-BATTLE-3
    game = (
        Scenario("tomu", level=1)
        .resources(le=1)
        .weapon("knife", "sword")
        .monster("hyena")
        .start("battle")
    )
    events = play(game, act.Attack("decisive-stroke"))  # power 5 against 4 health
    assert game.state.monster is not None and game.state.monster.health == 0
    assert of(events, ev.MonsterDefeated)


def test_ignore_armor_option_wounds_through_armor() -> None:
    # R-BATTLE-3
    game = (
        Scenario("tomu", level=2)
        .resources(me=1)
        .weapon("knife", "spear")
        .monster("troglodyte")
        .dice(1)
        .start("battle")
    )
    attacks = [a for a in game.legal_actions() if isinstance(a, act.Attack)]
    assert act.Attack("pierce") in attacks  # ignores armor
    assert act.Attack("lunge") not in attacks  # does not
    troglodyte = RULES.monsters["base:troglodyte"]
    assert troglodyte.armor >= 1
    play(game, act.Attack("pierce"))
    assert game.state.monster is not None
    assert (game.state.monster.armor, game.state.monster.health) == (
        troglodyte.armor,
        troglodyte.health - 2,
    )


def test_skill_that_ignores_armor_makes_wounding_attacks_legal() -> None:
    # R-BATTLE-3
    game = (
        Scenario("tomu", level=1)
        .skills("weak-spot")
        .weapon("knife")
        .monster("kobold")
        .dice(1)
        .start("battle")
    )
    assert act.Attack("stab") in game.legal_actions()
    play(game, act.Attack("stab"))
    assert game.state.monster is not None
    assert (game.state.monster.armor, game.state.monster.health) == (1, 1)


def test_monster_extra_weapon_attack_cost_is_paid_and_checked() -> None:
    # R-BATTLE-3
    game = (
        Scenario("tomu", level=4)
        .no_time_track()
        .resources(se=2)
        .weapon("knife", "sword")
        .monster("shaman")
        .dice(1)
        .start("battle")
    )
    events = play(game, act.Attack("beat-aside"))  # 1 SE + 1 SE from the Hex
    assert of(events, ev.Spent)[0].amounts == {"se": 2}
    assert game.state.res["se"] == 0
    assert game.state.monster is not None and game.state.monster.armor == 0
    game2 = (
        Scenario("tomu", level=4)
        .no_time_track()
        .resources(se=1)
        .weapon("knife", "sword")
        .monster("shaman")
        .start("battle")
    )
    assert act.Attack("beat-aside") not in game2.legal_actions()


def test_unaffordable_attack_is_not_legal() -> None:
    # R-BATTLE-3
    game = Scenario("tomu", level=1).resources(se=1).monster("kobold").start("battle")
    assert not [a for a in game.legal_actions() if isinstance(a, act.Attack)]


# --------------------------------------------------------------------------- R-BATTLE-4


def spider(*dice: int, **res: int) -> Game:
    """Level 1 against the Giant Spider (armor 1, health 4, row 5 DEFEND)."""
    return (
        Scenario("tomu", level=1)
        .resources(**res)
        .monster("giant-spider")
        .dice(*dice)
        .start("battle")
    )


def test_defend_makes_the_next_weapon_attack_do_nothing_but_it_is_paid() -> None:
    # R-BATTLE-4
    game = spider(5, 1)
    play(game, act.Skip())
    assert game.state.monster is not None and game.state.monster.defend
    events = play(game, act.Attack("shove"))
    assert of(events, ev.Spent)[0].amounts == {"se": 2}
    assert game.state.monster.armor == 1
    assert of(events, ev.AttackEnded)[0].ignored
    assert not game.state.monster.defend


def test_defend_waits_for_the_next_weapon_attack() -> None:
    # R-BATTLE-4
    game = spider(5, 1, 1, 1, 1)
    play(game, act.Skip())
    play(game, act.Focus(), act.Skip())  # an action and a skip do not use it up
    assert game.state.monster is not None and game.state.monster.defend
    play(game, act.Attack("shove"))
    # One assert: mypy keeps `.defend` narrowed to True from above across play().
    assert (game.state.monster.armor, game.state.monster.defend) == (1, False)
    play(game, act.Attack("shove"))
    assert game.state.monster.armor == 0


def test_second_defend_while_one_is_pending_does_nothing() -> None:
    # R-BATTLE-4
    game = spider(5, 5, 1, 1)
    play(game, act.Skip())
    events = play(game, act.Skip())
    assert [e.result for e in of(events, ev.CombatResult)] == ["DEFEND"]
    assert not [e for e in of(events, ev.MonsterChanged) if e.why == "defend"]
    play(game, act.Attack("shove"))  # swallowed by the one pending Defend
    assert game.state.monster is not None and game.state.monster.armor == 1
    play(game, act.Attack("shove"))  # no second Defend stored
    assert game.state.monster.armor == 0


def test_defend_does_not_stop_wounds_from_actions() -> None:
    # R-BATTLE-4
    game = Scenario("kirilla-el-kaer", level=1).monster("giant-spider").dice(5, 1).start("battle")
    play(game, act.Pass(), act.Skip())
    assert game.state.monster is not None and game.state.monster.defend
    play(game, act.Use("base:hunter", "aimed-shot"))
    assert game.state.monster.health == game.state.monster.max_health - 2
    assert game.state.monster.defend  # still waiting for a weapon attack


# --------------------------------------------------------------------------- R-BATTLE-5


def test_monster_gain_raises_current_and_maximum() -> None:
    # R-BATTLE-5
    game = Scenario("tomu", level=1).monster("gibberling").dice(5).start("battle")
    play(game, act.Attack("punch"))  # 3 -> 2, then ROAR: gain 1 health
    mo = game.state.monster
    assert mo is not None
    assert (mo.health, mo.max_health) == (3, 4)


def test_monster_heal_stops_at_maximum() -> None:
    # R-BATTLE-5
    game = Scenario("tomu", level=1).monster("hyena").dice(5, 5).start("battle")
    play(game, act.Attack("punch"))  # 4 -> 3, HEAL 1 -> 4
    mo = game.state.monster
    assert mo is not None
    assert (mo.health, mo.max_health) == (4, 4)
    play(game, act.Skip())  # HEAL at full health changes nothing
    assert (mo.health, mo.max_health) == (4, 4)


def test_heal_larger_than_damage_is_capped() -> None:
    # R-BATTLE-5
    game = Scenario("tomu", level=1).monster("shrieking-fungus").dice(6).start("battle")
    full = RULES.monsters["base:shrieking-fungus"].health
    play(game, act.Attack("punch"))  # full -> full - 1, HEAL 2 -> full (not full + 1)
    mo = game.state.monster
    assert mo is not None
    assert (mo.health, mo.max_health) == (full, full)


def test_paranoid_gain_raises_maximum_so_heal_can_reach_it() -> None:
    # R-BATTLE-5
    game = Scenario("tomu", level=1).condition("paranoid").monster("hyena").dice(5).start("battle")
    mo = game.state.monster
    assert mo is not None
    assert (mo.health, mo.max_health) == (6, 6)
    play(game, act.Attack("punch"))
    assert (mo.health, mo.max_health) == (6, 6)


# --------------------------------------------------------------------------- R-BATTLE-6


def test_monster_turn_applies_the_row_of_the_roll() -> None:
    # R-BATTLE-6
    game = Scenario("tomu", level=1).monster("kobold").dice(6).start("battle")
    events = play(game, act.Skip())
    assert [(e.roll, e.result) for e in of(events, ev.CombatResult)] == [(6, "WOUND")]
    assert game.state.res["se"] == 13 - wound("kobold", 6)


def test_response_modifies_the_roll_before_the_row_applies() -> None:
    # R-BATTLE-6
    game = Scenario("maxyn-zenma", level=1).monster("kobold").dice(2).start("battle")
    play(game, act.Skip())
    assert game.decision is not None and game.decision.trigger == "after_monster_roll"
    events = play(game, act.Use("base:sneak", "dodge"))
    assert [(e.roll, e.result) for e in of(events, ev.CombatResult)] == [(1, "MISS")]
    assert game.state.res["se"] == 12  # only the Dodge's 1 SE


def test_reroll_when_row_gives_a_condition_already_pending() -> None:
    # R-BATTLE-6
    game = (
        Scenario("tomu", level=3)
        .condition("crippled", active=False)
        .monster("hobgoblin")
        .dice(4, 1)
        .start("battle")
    )
    events = play(game, act.Skip())
    results = [(e.roll, e.result, e.rerolled) for e in of(events, ev.CombatResult)]
    assert results == [(4, "DAZE", True), (1, "MISS", False)]
    assert combat_rolls(events) == [4, 1]
    assert [(c.id, c.active) for c in game.state.conditions] == [("base:crippled", False)]


def test_no_reroll_when_the_same_condition_is_only_active() -> None:
    # R-BATTLE-6
    game = (
        Scenario("tomu", level=3)
        .condition("crippled", active=True)
        .monster("hobgoblin")
        .dice(4)
        .start("battle")
    )
    events = play(game, act.Skip())
    assert [e.rerolled for e in of(events, ev.CombatResult)] == [False]
    assert sorted((c.id, c.active) for c in game.state.conditions) == [
        ("base:crippled", False),
        ("base:crippled", True),
    ]


def test_immediate_condition_with_duration_already_active_is_extended() -> None:
    # R-BATTLE-6
    game = (
        Scenario("tomu", level=2)
        .condition("frightened", rounds=1)
        .monster("bear")
        .dice(3)
        .start("battle")
    )
    events = play(game, act.Skip())  # 3 + 1 (Frightened) = 4: ROAR
    assert [(e.roll, e.result, e.rerolled) for e in of(events, ev.CombatResult)] == [
        (4, "ROAR", False)
    ]
    assert combat_rolls(events) == [3]
    changed = [e for e in of(events, ev.ConditionChanged) if e.condition == "base:frightened"]
    assert changed[0].rounds == 3
    assert len([c for c in game.state.conditions if c.id == "base:frightened"]) == 1


def test_immediate_condition_without_duration_already_active_rerolls() -> None:
    # R-BATTLE-6
    game = (
        Scenario("tomu", level=4)
        .no_time_track()
        .condition("bleeding")
        .monster("wyvern")
        .dice(4, 1)
        .start("battle")
    )
    events = play(game, act.Skip())
    assert [(e.result, e.rerolled) for e in of(events, ev.CombatResult)] == [
        ("DAZE", True),
        ("MISS", False),
    ]
    assert len([c for c in game.state.conditions if c.id == "base:bleeding"]) == 1


def test_skill_ignoring_a_result_type_makes_the_row_do_nothing() -> None:
    # R-BATTLE-6
    game = (
        Scenario("tomu", level=1).skills("hidden-pockets").monster("kobold").dice(4).start("battle")
    )
    events = play(game, act.Skip())
    assert [(e.result, e.ignored) for e in of(events, ev.CombatResult)] == [("STEAL", True)]
    assert not of(events, ev.Lost)
    assert game.state.res["se"] == 13


def test_wrecker_ignores_defend() -> None:
    # R-BATTLE-6
    game = (
        Scenario("tomu", level=1).skills("wrecker").monster("giant-spider").dice(5).start("battle")
    )
    events = play(game, act.Skip())
    assert [(e.result, e.ignored) for e in of(events, ev.CombatResult)] == [("DEFEND", True)]
    assert game.state.monster is not None and not game.state.monster.defend


def test_monster_roll_bonus_applies_to_the_combat_roll() -> None:
    # R-BATTLE-6
    game = Scenario("tomu", level=3).monster("minotaur").dice(2).start("battle")
    events = play(game, act.Skip())  # 2 + 1 (Charge) = 3: row 3, a WOUND
    assert [(e.roll, e.result) for e in of(events, ev.CombatResult)] == [(3, "WOUND")]
    assert game.state.res["se"] == 13 - wound("minotaur", 3)


# --------------------------------------------------------------------------- R-BATTLE-7


def test_monster_defeated_at_once_mid_turn() -> None:
    # R-BATTLE-7
    game = (
        Scenario("tomu", level=1)
        .resources(le=1)
        .skills("heroic-perseverance")
        .monster("gibberling")
        .dice()
        .start("battle")
    )
    events = play(game, act.Use("base:heroic-perseverance", "heroic-perseverance-effort"))
    assert of(events, ev.MonsterDefeated)
    # The extra turn is never taken and the monster never rolls.
    assert [e.who for e in of(events, ev.TurnStarted)] == []
    assert combat_rolls(events) == []
    assert game.state.step == "rewards"
    assert game.decision is not None and game.decision.kind == "choose_skill"


def test_defeat_by_the_first_of_two_attacks_ends_the_battle() -> None:
    # R-BATTLE-7
    game = (
        Scenario("tomu", level=1)
        .resources(me=1)
        .skills("wrecker")
        .weapon("club")
        .monster("kobold")
        .dice()
        .start("battle")
    )
    play(game, act.Attack("crack"))
    assert game.decision is not None and game.decision.trigger == "after_armor_break"
    play(game, act.Use("base:wrecker", "wrecker-follow-up"))
    events = play(game, act.Attack("heavy-blow"))
    assert of(events, ev.MonsterDefeated)
    assert combat_rolls(events) == []
    assert game.state.step == "rewards"


@pytest.fixture
def gibberling_one_health() -> Game:
    """A Gibberling on 1 health after a punch and a MISS."""
    game = (
        Scenario("tomu", level=1)
        .resources(se=13)
        .skills("second-wind")
        .monster("gibberling")
        .dice(1, 1)
        .start("battle")
    )
    play(game, act.Attack("punch"), act.Attack("punch"))
    assert game.state.monster is not None and game.state.monster.health == 1
    return game


def test_second_wind_is_offered_before_rewards(gibberling_one_health: Game) -> None:
    # R-BATTLE-7
    game = gibberling_one_health
    cunning = game.state.res["cunning"]
    play(game, act.Attack("punch"))
    assert game.decision is not None and game.decision.trigger == "monster_defeated"
    assert game.state.res["cunning"] == cunning  # rewards not yet given
    events = play(game, act.Use("base:second-wind", "second-wind-victory"))
    gained = of(events, ev.Gained)
    assert gained[0].source == "base:second-wind"
    assert gained[1].source == "base:gibberling"
    assert game.decision is not None and game.decision.kind == "choose_skill"


# --------------------------------------------------------------------------- R-EFFECT-1


def test_every_card_ability_is_an_action_a_response_or_a_passive() -> None:
    # R-EFFECT-1
    from unbroken.core.model import ACTION_TIMINGS, TRIGGERS

    cards: list[m.ClassCard | m.Skill | m.Condition | m.Monster] = [
        *RULES.classes.values(),
        *RULES.skills.values(),
        *RULES.conditions.values(),
        *RULES.monsters.values(),
    ]
    for card in cards:
        for ability in card.abilities:
            where = f"{card.id}/{ability.id}"
            if ability.type == "action":
                assert ability.timing in ACTION_TIMINGS, where
            elif ability.type == "response":
                assert ability.trigger in TRIGGERS, where
            else:
                assert ability.type == "passive" and ability.modifiers, where


def test_actions_are_chosen_responses_offered_passives_always_on() -> None:
    # R-EFFECT-1
    game = Scenario("maxyn-zenma", level=1).skills("weak-spot").dice(1).start("preparation")
    peek = act.Use("base:sneak", "take-a-peek")
    assert peek in game.legal_actions()  # an action, chosen in Preparation
    play(game, peek)
    assert game.state.reveal_bonus == 1
    play(game, act.Fight())
    # Passive: Weak Spot lets Bare Hands punch through the Kobold's armor.
    assert act.Attack("punch") in game.legal_actions()


# --------------------------------------------------------------------------- R-EFFECT-2


def test_monster_and_condition_responses_are_mandatory() -> None:
    # R-EFFECT-2
    game = (
        Scenario("tomu", level=4)
        .no_time_track()
        .condition("paranoid")
        .monster("basilisk")
        .dice(6)
        .start("battle")
    )
    assert game.state.monster is not None and game.state.monster.health == 14
    paralyzed = [c for c in game.state.conditions if c.id == "base:paralyzed"]
    assert [(c.active, c.tokens) for c in paralyzed] == [(True, 2)]
    assert not of(game.events, ev.TriggerOpened)


def test_mandatory_responses_run_monster_first_then_conditions() -> None:
    # R-EFFECT-2 (docs/rules.md fixes this order for mandatory Responses)
    game = (
        Scenario("tomu", level=4)
        .no_time_track()
        .condition("paranoid")
        .monster("basilisk")
        .dice(6)
        .start("battle")
    )
    start = next(i for i, e in enumerate(game.events) if isinstance(e, ev.BattleStarted))
    after = game.events[start + 1 :]
    gaze = next(i for i, e in enumerate(after) if isinstance(e, ev.ConditionGained))
    paranoid = next(i for i, e in enumerate(after) if isinstance(e, ev.MonsterChanged))
    assert gaze < paranoid


def test_optional_responses_are_offered_and_may_be_passed() -> None:
    # R-EFFECT-2
    game = Scenario("maxyn-zenma", level=1).monster("kobold").dice(2).start("battle")
    play(game, act.Skip())
    assert game.decision is not None and game.decision.kind == "response"
    assert game.legal_actions() == [act.Use("base:sneak", "dodge"), act.Pass()]
    events = play(game, act.Pass())
    assert [e.result for e in of(events, ev.CombatResult)] == ["WOUND"]
    assert game.state.res["se"] == 12
    assert game.state.ability_uses == 1


def test_a_response_fires_at_most_once_per_trigger() -> None:
    # R-EFFECT-2
    game = Scenario("maxyn-zenma", level=4).no_time_track().monster("troll").dice(3).start("battle")
    play(game, act.Skip(), act.Use("base:sneak", "dodge"))
    assert game.state.ability_uses == 3
    # With uses left, Dodge is still not offered again for the same roll.
    assert game.decision is not None and game.decision.kind == "player_turn"
    assert game.state.res["se"] == 13 - 1 - wound("troll", 2)  # Dodge, then row 2


def test_a_response_is_offered_again_at_the_next_trigger() -> None:
    # R-EFFECT-2
    game = Scenario("maxyn-zenma", level=2).monster("goblin").dice(2, 2).start("battle")
    play(game, act.Skip(), act.Use("base:sneak", "dodge"))
    assert game.state.ability_uses == 1
    play(game, act.Skip())
    assert game.decision is not None and game.decision.trigger == "after_monster_roll"
    assert act.Use("base:sneak", "dodge") in game.legal_actions()


def test_player_chooses_the_order_of_several_responses() -> None:
    # R-EFFECT-2
    game = Scenario("kirilla-el-kaer", level=1).skills("daring").monster("kobold").start("battle")
    snare = act.Use("base:hunter", "snare")
    daring = act.Use("base:daring", "daring-rush")
    assert game.legal_actions() == [snare, daring, act.Pass()] or game.legal_actions() == [
        daring,
        snare,
        act.Pass(),
    ]
    play(game, daring)
    assert game.decision is not None and game.decision.trigger == "battle_start"
    assert game.legal_actions() == [snare, act.Pass()]
    play(game, snare)
    assert game.state.monster is not None and game.state.monster.armor == 0
    assert game.state.res["se"] == 13 + 1 - 2
    assert game.decision is not None and game.decision.kind == "player_turn"


# --------------------------------------------------------------------------- R-EFFECT-3


def test_passives_apply_after_responses_on_attack_power() -> None:
    # R-EFFECT-3: Power Through makes the Lunge 5, so Thick Hide (power <= 4) no longer applies.
    power_through = next(
        a for a in RULES.classes["base:brawler"].abilities if a.id == "power-through"
    )
    game = (
        Scenario("caellahan", level=3)
        .ability_uses(1)
        .resources(se=13, me=1 + power_through.cost.get("me", 0))  # the Lunge's ME and its own
        .weapon("knife", "spear")
        .monster("bugbear-warlord")
        .dice(1)
        .start("battle")
    )
    play(game, act.Attack("pry"))
    assert game.decision is not None and game.decision.trigger == "after_monster_roll"
    play(game, act.Pass())  # no I've Seen Worse: keep the use for Power Through
    assert game.state.monster is not None and game.state.monster.armor == 0
    play(game, act.Attack("lunge"))
    assert game.decision is not None and game.decision.trigger == "after_attack_chosen"
    events = play(game, act.Use("base:brawler", "power-through"))
    assert of(events, ev.MonsterDefeated)


def test_passive_order_is_the_one_best_for_the_player() -> None:
    # R-EFFECT-3: Thick Hide first leaves 5 (not <= 4), then Weakened -1 = 4 wounds.
    game = (
        Scenario("tomu", level=3)
        .resources(le=1)
        .condition("weakened")
        .weapon("knife", "sword")
        .monster("bugbear-warlord")
        .dice(1, 1)
        .start("battle")
    )
    play(game, act.Attack("beat-aside"), act.Attack("decisive-stroke"))
    assert game.state.monster is not None and game.state.monster.health == 1


def test_passive_wound_reduction_applies_after_wound_responses() -> None:
    # R-EFFECT-3: Tough as Nails sees the full WOUND 3; Armored applies after it.
    assert wound("gnoll", 6) == 3
    game = (
        Scenario("tomu", level=3)
        .skills("tough-as-nails")
        .condition("armored")
        .monster("gnoll")
        .dice(6)
        .start("battle")
    )
    play(game, act.Skip())
    assert game.decision is not None and game.decision.trigger == "wound_loss"
    play(game, act.Use("base:tough-as-nails", "tough-as-nails-shrug"))
    assert game.state.res["se"] == 12  # 3 - 2 = 1; Armored keeps the minimum of 1


def test_armored_alone_reduces_wound_loss_by_one() -> None:
    # R-EFFECT-3
    game = Scenario("tomu", level=3).condition("armored").monster("gnoll").dice(6).start("battle")
    play(game, act.Skip())
    assert game.state.res["se"] == 13 - (wound("gnoll", 6) - 1)


# --------------------------------------------------------------------------- R-EFFECT-4


def test_modified_roll_is_clamped_at_one() -> None:
    # R-EFFECT-4
    game = Scenario("maxyn-zenma", level=1).monster("kobold").dice(1).start("battle")
    play(game, act.Skip())
    events = play(game, act.Use("base:sneak", "dodge"))
    # The modification is recorded as made (1 - 1); the result applied is clamped to 1.
    assert [e.value for e in of(events, ev.RollSet)] == [0]
    assert [e.roll for e in of(events, ev.CombatResult)] == [1]


def test_roll_bonus_is_clamped_at_six() -> None:
    # R-EFFECT-4
    game = (
        Scenario("tomu", level=2)
        .condition("frightened", rounds=2)
        .monster("bear")
        .dice(6)
        .start("battle")
    )
    events = play(game, act.Skip())
    assert [(e.roll, e.result) for e in of(events, ev.CombatResult)] == [(6, "WOUND")]
    assert game.state.res["se"] == 13 - wound("bear", 6)


# ------------------------------------------------------------------ R-COMBAT-4, R-MONSTER-2

#: A plugin's level-1 monsters: one with no ambush effect (die face 1), and one near
#: the top of the tracker whose ROAR gains 1 armor and 1 health (die face 2).
HUSH_PACK = """
[[monsters]]
id = "sleeper"
name = "Sleeper"
level = 1
number = 1
armor = 0
health = 2
text = "It never hunts; it waits."
table = [
  { result = "MISS" }, { result = "MISS" }, { result = "MISS" },
  { result = "MISS" }, { result = "MISS" }, { result = "MISS" },
]

[[monsters]]
id = "colossus"
name = "Colossus"
level = 1
number = 2
armor = 20
health = 19
text = "As big as the tracker goes."
table = [
  { result = "ROAR", effects = [{ kind = "monster_gain", armor = 1, health = 1 }] },
  { result = "ROAR", effects = [{ kind = "monster_gain", armor = 3, health = 3 }] },
  { result = "MISS" }, { result = "MISS" }, { result = "MISS" }, { result = "MISS" },
]
"""


@pytest.fixture(scope="module")
def hush(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    """The base game with the HUSH_PACK plugin's monsters."""
    folder = write_pack(tmp_path_factory.mktemp("hush"), {"monsters.toml": HUSH_PACK})
    return load_plugins(["base", "hush"], extra=[("hush", FolderPlugin(folder))]).ruleset


def test_monster_without_ambush_effect_does_not_ambush(hush: Ruleset) -> None:
    # R-COMBAT-4: time runs out against the Sleeper (no ambush effect): straight on to
    # the Battle step, no Trickery, and Light Sleeper ("when ambushed") does not fire.
    game = (
        Scenario("tomu", level=1, ruleset=hush)
        .resources(se=13, time=0)
        .skills("light-sleeper")
        .monster("hush:sleeper")
        .start("ambush")
    )
    assert not of(game.events, ev.TriggerOpened)
    assert not [e for e in of(game.events, ev.Gained) if e.source == "base:light-sleeper"]
    assert game.state.res["se"] == 13
    assert game.state.step == "battle"
    assert game.decision is not None and game.decision.kind == "player_turn"
    assert game.state.res["time"] == START_TIME[1]  # the time is still reset (R-COMBAT-3)


def test_monster_without_ambush_effect_is_not_a_suffered_ambush(hush: Ruleset) -> None:
    # R-COMBAT-4: it does not count for Reckless ("suffered a monster's ambush effect").
    game = Scenario("tomu", level=1, ruleset=hush).resources(time=0).monster("hush:sleeper")
    events = game.start("ambush").events
    assert ambushes_suffered(events, hush) == 0


def test_monster_with_ambush_effect_still_wakes_the_light_sleeper() -> None:
    # R-COMBAT-1 (the other side of R-COMBAT-4): the Kobold ambushes (lose 2 SE), and
    # Light Sleeper is offered at the ambush.
    game = (
        Scenario("tomu", level=1)
        .resources(se=13, time=0)
        .skills("light-sleeper")
        .monster("kobold")
        .start("ambush")
    )
    d = game.decision
    assert d is not None and d.kind == "response" and d.trigger == "ambush"
    assert ambushes_suffered(game.events, RULES) == 1


def test_monster_tracker_stops_at_twenty(hush: Ruleset) -> None:
    # R-MONSTER-2: armor 20 and health 19 gain 1 each: both stay at most 20.
    scenario = Scenario("tomu", level=1, ruleset=hush).monster("hush:colossus").dice(1, 2)
    game = scenario.start("battle")
    events = game.apply(act.Skip())
    mo = game.state.monster
    assert mo is not None
    assert (mo.armor, mo.health, mo.max_armor, mo.max_health) == (20, 20, 20, 20)
    # A second ROAR (+3 / +3) at the top changes nothing: the surplus is lost.
    events = game.apply(act.Skip())
    assert [e.result for e in of(events, ev.CombatResult)] == ["ROAR"]
    assert (mo.armor, mo.health, mo.max_armor, mo.max_health) == (20, 20, 20, 20)


def test_monster_sheet_above_the_tracker_is_a_content_error(tmp_path: Path) -> None:
    # R-MONSTER-2: a sheet printing armor or health above 20 cannot be loaded.
    text = HUSH_PACK.replace("armor = 20", "armor = 21")
    folder = write_pack(tmp_path / "big", {"monsters.toml": text})
    with pytest.raises(ContentError) as raised:
        load_pack(folder, "big")
    message = str(raised.value)
    assert "monsters.toml" in message and "armor" in message and "20" in message
