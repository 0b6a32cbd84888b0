"""Weapons, skills, abilities, conditions and rewards (R-WEAPON-*, R-SKILL-1,
R-ABILITY-1, R-COND-*, R-REWARD-1)."""

from __future__ import annotations

import dataclasses

import pytest

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.game import Game, IllegalAction
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, play
from unbroken.testing import events_of as of

RULES = load_ruleset()
START_TIME = RULES.settings.level_start_time
BARE = "base:bare-hands"


def attacks(game: Game) -> list[str]:
    return [a.attack for a in game.legal_actions() if isinstance(a, act.Attack)]


def skills_offered(game: Game) -> list[str]:
    """Return the skills a choose_skill decision offers (every legal action is a ChooseSkill)."""
    legal = game.legal_actions()
    assert all(isinstance(a, act.ChooseSkill) for a in legal), legal
    return [a.skill for a in legal if isinstance(a, act.ChooseSkill)]


def with_encounter(card: m.Encounter) -> Ruleset:
    """Return the base ruleset with one extra encounter card."""
    return dataclasses.replace(RULES, encounters={**RULES.encounters, card.id: card})


# --------------------------------------------------------------------------- R-WEAPON-1


def test_weapon_classes_in_base_content() -> None:
    # R-WEAPON-1
    kinds = {w.id: w.type for w in RULES.weapons.values()}
    assert {w for w, t in kinds.items() if t == "basic"} == {
        "base:bare-hands",
        "base:club",
        "base:knife",
    }
    assert {w for w, t in kinds.items() if t == "advanced"} == {
        "base:spear",
        "base:sword",
        "base:axe",
        "base:maul",
    }
    assert RULES.settings.starting_weapon == BARE


def test_crafting_stacks_and_downgrade_returns_to_the_weapon_below() -> None:
    # R-WEAPON-1
    game = Scenario("tomu", level=1).resources(metal=3, time=7).start("preparation")
    assert game.state.weapons == [BARE]
    assert act.Downgrade() not in game.legal_actions()
    play(game, act.Craft("base:knife"))
    assert game.state.weapons == [BARE, "base:knife"]
    play(game, act.Craft("base:sword"))
    assert game.state.weapons == [BARE, "base:knife", "base:sword"]
    play(game, act.Downgrade())
    assert game.state.weapons == [BARE, "base:knife"]
    play(game, act.Downgrade())
    assert game.state.weapons == [BARE]
    assert act.Downgrade() not in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply(act.Downgrade())


def test_current_weapon_is_the_top_of_the_stack() -> None:
    # R-WEAPON-1
    game = Scenario("tomu", level=1).weapon("knife", "sword").monster("hyena").start("battle")
    assert attacks(game) == ["cut"]  # Sword options only; armor 0, no LE
    play(game, act.Downgrade())
    assert game.state.weapons == [BARE, "base:knife"]


# --------------------------------------------------------------------------- R-WEAPON-2


def test_weapon_sheets_list_attacks_and_at_most_two_upgrades() -> None:
    # R-WEAPON-2
    for weapon in RULES.weapons.values():
        assert weapon.attacks, weapon.id
        for attack in weapon.attacks:
            assert attack.type in ("break", "wound") and attack.power >= 1, weapon.id
            assert attack.cost, weapon.id
        assert len(weapon.upgrades) <= 2, weapon.id
        for up in weapon.upgrades:
            assert up.cost.get("time", 0) >= 1, weapon.id


def test_sword_has_the_seed_example_options() -> None:
    # R-WEAPON-2
    sword = RULES.weapons["base:sword"]
    options = {(a.type, a.power, tuple(sorted(a.cost.items()))) for a in sword.attacks}
    assert ("break", 1, (("se", 1),)) in options
    assert ("wound", 5, (("le", 1), ("se", 2))) in options


def test_attack_pays_the_option_cost_and_uses_its_power() -> None:
    # R-WEAPON-2
    game = Scenario("tomu", level=1).weapon("knife").monster("hyena").dice(1).start("battle")
    assert attacks(game) == ["quick-cut", "stab"]
    events = play(game, act.Attack("stab"))
    assert of(events, ev.Spent)[0].amounts == {"se": 2}
    chosen = of(events, ev.AttackChosen)[0]
    assert (chosen.weapon, chosen.attack, chosen.kind, chosen.power) == (
        "base:knife",
        "stab",
        "wound",
        2,
    )
    assert game.state.monster is not None and game.state.monster.health == 2


# --------------------------------------------------------------------------- R-WEAPON-3


def test_craft_in_travel_pays_resources_and_time() -> None:
    # R-WEAPON-3
    game = Scenario("tomu", level=1).resources(metal=1, time=5).start("preparation")
    events = play(game, act.Craft("base:knife"))
    assert of(events, ev.Spent)[0].amounts == {"metal": 1, "time": 1}
    assert game.state.res["time"] == 4
    assert game.decision is not None and game.decision.kind == "preparation"


def test_craft_time_can_trigger_the_ambush() -> None:
    # R-WEAPON-3
    game = Scenario("tomu", level=1).resources(metal=1, time=1).dice(1).start("preparation")
    events = play(game, act.Craft("base:knife"))
    assert ("combat", "ambush") in [(e.phase, e.step) for e in of(events, ev.StepEntered)]
    assert game.state.weapons == [BARE, "base:knife"]
    assert game.state.res["time"] == START_TIME[1]


def test_craft_needs_its_cost() -> None:
    # R-WEAPON-3
    game = Scenario("tomu", level=1).resources(metal=0, wood=0).start("preparation")
    assert not [a for a in game.legal_actions() if isinstance(a, act.Craft)]


def test_craft_in_battle_uses_the_turn_and_its_time_comes_off_next_level() -> None:
    # R-WEAPON-3
    game = Scenario("tomu", level=1).resources(metal=1).monster("kobold").dice(1).start("trickery")
    assert game.state.res["time"] == START_TIME[1]
    events = play(game, act.Craft("base:knife"))
    assert game.state.weapons == [BARE, "base:knife"]
    assert game.state.res["time"] == START_TIME[1] - 1
    assert [e.purpose for e in of(events, ev.DieRolled)] == ["combat"]  # monster's turn
    assert game.decision is not None and game.decision.kind == "player_turn"


def test_craft_in_battle_at_level_four_costs_se_for_time() -> None:
    # R-WEAPON-3 R-TRAVEL-9 (no time track: the time in a cost is paid in SE, as before)
    game = (
        Scenario("tomu", level=4)
        .no_time_track()
        .resources(se=5, metal=2)
        .weapon("knife")
        .monster("troll")
        .dice(1)
        .start("battle")
    )
    events = play(game, act.Craft("base:sword"))
    assert of(events, ev.Spent)[0].amounts == {"metal": 2, "se": 2}
    assert game.state.weapons[-1] == "base:sword"


def test_craft_at_level_four_is_illegal_without_se_for_time() -> None:
    # R-WEAPON-3
    game = (
        Scenario("tomu", level=4)
        .no_time_track()
        .resources(se=1, metal=2)
        .weapon("knife")
        .monster("troll")
        .start("battle")
    )
    assert act.Craft("base:sword") not in game.legal_actions()


# --------------------------------------------------------------------------- R-WEAPON-4


def test_temporary_downgrade_returns_after_the_players_next_turn() -> None:
    # R-WEAPON-4
    game = Scenario("tomu", level=2).weapon("knife").monster("goblin").dice(5, 1).start("battle")
    events = play(game, act.Skip())  # DISARM: downgrade for 1 turn
    assert of(events, ev.WeaponSetAside)[0].weapon == "base:knife"
    assert game.state.weapons == [BARE]
    assert attacks(game) == ["shove"]  # Bare Hands during that turn
    play(game, act.Skip())
    assert game.state.weapons == [BARE, "base:knife"]
    assert game.state.set_aside == []


def test_a_weapon_set_aside_cannot_be_crafted_again() -> None:
    # R-WEAPON-1, R-WEAPON-4: the Club knocked aside is still the player's, not in the
    # supply; crafting it again would give two Clubs when it comes back.
    game = (
        Scenario("tomu", level=2)
        .resources(wood=2, se=13)
        .weapon("club")
        .monster("goblin")
        .dice(5, 1)
        .start("battle")
    )
    play(game, act.Skip())  # DISARM: the Club is set aside for 1 turn
    assert game.state.weapons == [BARE]
    assert [a.weapon for a in game.state.set_aside] == ["base:club"]
    crafts = [a.weapon for a in game.legal_actions() if isinstance(a, act.Craft)]
    assert "base:club" not in crafts
    assert "base:knife" not in crafts  # no metal: the other upgrade is unaffordable
    with pytest.raises(IllegalAction):
        game.apply(act.Craft("base:club"))
    play(game, act.Skip())
    assert game.state.weapons == [BARE, "base:club"]  # one Club, back


def test_temporary_downgrade_for_two_turns() -> None:
    # R-WEAPON-4
    game = (
        Scenario("tomu", level=3)
        .weapon("knife")
        .monster("bugbear-warlord")
        .dice(4, 1, 1)
        .start("battle")
    )
    play(game, act.Skip())  # DISARM for 2 turns
    assert game.state.weapons == [BARE]
    play(game, act.Skip())
    assert game.state.weapons == [BARE]
    play(game, act.Skip())
    assert game.state.weapons == [BARE, "base:knife"]


def test_set_aside_weapon_comes_back_when_the_battle_ends_early() -> None:
    # R-WEAPON-4
    game = (
        Scenario("tomu", level=3)
        .resources(le=2)
        .skills("heroic-perseverance")
        .weapon("knife")
        .monster("bugbear-warlord")
        .dice(4)
        .start("battle")
    )
    heroic = act.Use("base:heroic-perseverance", "heroic-perseverance-effort")
    play(game, act.Skip())
    assert game.state.weapons == [BARE]
    play(game, heroic, heroic)  # 3 + 3 wounds: defeated during the extra turn
    assert game.state.step == "rewards"
    assert game.state.weapons == [BARE, "base:knife"]


def test_permanent_downgrade_by_effect_returns_the_weapon_to_supply() -> None:
    # R-WEAPON-4
    game = (
        Scenario("tomu", level=2).weapon("knife").monster("crazed-survivor").dice(1).start("battle")
    )
    assert game.state.weapons == [BARE]
    assert game.state.set_aside == []
    # The Survivor then attacked with +1: 1 + 1 = 2, a WOUND.
    assert [(e.roll, e.result) for e in of(game.events, ev.CombatResult)] == [(2, "WOUND")]
    row = RULES.monsters["base:crazed-survivor"].table[1]
    assert game.state.res["se"] == 13 - sum(
        e.amounts.get("se", 0) for e in row.effects if isinstance(e, m.Lose)
    )


def test_bare_hands_cannot_be_downgraded() -> None:
    # R-WEAPON-4
    game = Scenario("tomu", level=2).monster("goblin").dice(5).start("battle")
    events = play(game, act.Skip())
    assert not of(events, ev.WeaponSetAside)
    assert not of(events, ev.WeaponsSet)
    assert game.state.weapons == [BARE]


# --------------------------------------------------------------------------- R-SKILL-1


def test_skills_are_kept_across_levels_without_limit() -> None:
    # R-SKILL-1
    # Twelve skills (Iron Stomach left out: it would change the food requirement).
    held = [sk for sk in sorted(RULES.skills) if sk != "base:iron-stomach"][:12]
    game = (
        Scenario("tomu", level=1)
        .skills(*held)
        .resources(food=1, time=10)
        .monster("kobold")
        .start("rewards")
    )
    assert game.decision is not None and game.decision.kind == "choose_skill"
    new = game.legal_actions()[0]
    assert isinstance(new, act.ChooseSkill)
    play(game, new)
    play(game, game.legal_actions()[0])  # eat as much as allowed
    assert game.state.level == 2
    assert game.state.skills == [*held, new.skill]


def test_skill_gained_from_an_encounter_is_draw_two_keep_one() -> None:
    # R-SKILL-1
    card = m.Encounter(
        id="test:wise-hermit",
        name="Wise Hermit",
        time=1,
        text="test card",
        effects=[m.GainSkill(draw=2)],
    )
    game = (
        Scenario("tomu", level=1, ruleset=with_encounter(card))
        .encounters("test:wise-hermit")
        .start("preparation")
    )
    play(game, act.Explore(), act.ChooseEncounter("test:wise-hermit"), act.Resolve())
    assert game.decision is not None and game.decision.kind == "choose_skill"
    offered = skills_offered(game)
    assert len(offered) == 2
    play(game, act.ChooseSkill(offered[1]))
    assert game.state.skills == [offered[1]]
    assert game.state.skill_discard == [offered[0]]
    assert game.decision is not None and game.decision.kind == "preparation"


# --------------------------------------------------------------------------- R-ABILITY-1


def test_ability_uses_are_shared_and_run_out() -> None:
    # R-ABILITY-1
    game = Scenario("maxyn-zenma", level=2).monster("goblin").dice(2, 2, 2).start("battle")
    assert game.state.ability_uses == 2
    play(game, act.Skip(), act.Use("base:sneak", "dodge"))
    assert game.state.ability_uses == 1
    play(game, act.Skip(), act.Use("base:sneak", "dodge"))
    assert game.state.ability_uses == 0
    events = play(game, act.Skip())
    # No use left: the roll is not offered to Dodge.
    assert not of(events, ev.TriggerOpened)
    assert game.decision is not None and game.decision.kind == "player_turn"


def test_skill_responses_do_not_take_ability_uses() -> None:
    # R-ABILITY-1
    game = (
        Scenario("maxyn-zenma", level=4)
        .no_time_track()
        .skills("daring")
        .monster("troll")
        .start("battle")
    )
    play(game, act.Use("base:daring", "daring-rush"))
    assert game.state.ability_uses == 4


def test_class_action_takes_a_use_and_needs_one() -> None:
    # R-ABILITY-1
    game = Scenario("maxyn-zenma", level=1).start("preparation")
    peek = act.Use("base:sneak", "take-a-peek")
    play(game, peek)
    assert game.state.ability_uses == 0
    assert peek not in game.legal_actions()


@pytest.mark.parametrize(("level", "left"), [(1, 1), (1, 0), (2, 2), (3, 0)])
def test_uses_refill_to_the_new_level_without_carry_over(level: int, left: int) -> None:
    # R-ABILITY-1
    game = (
        Scenario("tomu", level=level)
        .ability_uses(left)
        .resources(food=level, time=10)
        .start("hunger")
    )
    play(game, act.Eat(level))
    assert game.state.level == level + 1
    assert game.state.ability_uses == level + 1


# --------------------------------------------------------------------------- R-COND-1


def test_condition_for_next_level_is_pending_then_active() -> None:
    # R-COND-1
    game = (
        Scenario("tomu", level=2)
        .resources(le=1, food=2)
        .weapon("knife", "sword")
        .monster("crazed-survivor")
        .dice(6, 1)
        .start("battle")
    )
    # Sword is Advanced: no grab. THREATEN: Weakened for the next level.
    play(game, act.Attack("beat-aside"))
    weakened = [c for c in game.state.conditions if c.id == "base:weakened"]
    assert [(c.active) for c in weakened] == [False]
    # Pending: its Passive is not in force (Decisive Stroke keeps power 5).
    events = play(game, act.Attack("decisive-stroke"))
    assert not of(events, ev.AttackPowerSet)
    assert game.state.monster is not None and game.state.monster.health == 1


def test_pending_condition_becomes_active_next_level() -> None:
    # R-COND-1
    game = (
        Scenario("tomu", level=2)
        .condition("weakened", active=False)
        .resources(food=2, time=12)
        .start("hunger")
    )
    play(game, act.Eat(2))
    assert [(c.id, c.active) for c in game.state.conditions] == [("base:weakened", True)]


def test_immediate_condition_is_active_now_and_discarded_after_the_level() -> None:
    # R-COND-1
    game = Scenario("tomu", level=1).monster("wererat").dice(5).start("battle")
    events = play(game, act.Skip())  # DAZE: Poisoned (2) now
    gained = of(events, ev.ConditionGained)
    assert [(e.condition, e.active, e.tokens) for e in gained] == [("base:poisoned", True, 2)]
    # Active at once: it already bit before the player's next turn.
    assert [(c.id, c.active) for c in game.state.conditions] == [("base:poisoned", True)]
    assert game.state.res["se"] == 11
    game2 = (
        Scenario("tomu", level=1)
        .condition("poisoned", tokens=2)
        .resources(food=1, time=10)
        .start("hunger")
    )
    play(game2, act.Eat(1))
    assert game2.state.conditions == []


def test_rounds_limited_condition_counts_down_and_leaves() -> None:
    # R-COND-1
    # "For 2 rounds" counts the full rounds after the one it was gained in.
    game = Scenario("tomu", level=2).monster("bear").dice(4, 1, 1, 1).start("battle")
    play(game, act.Skip())  # round 1, ROAR: Frightened now, for 2 rounds
    frightened = [c for c in game.state.conditions if c.id == "base:frightened"]
    assert [(c.active, c.rounds) for c in frightened] == [(True, 2)]  # gained this round
    events = play(game, act.Skip())  # round 2: the roll gets +1
    assert [e.roll for e in of(events, ev.CombatResult)] == [2]
    assert [c.rounds for c in game.state.conditions] == [1]
    events = play(game, act.Skip())  # round 3: still +1, then it leaves
    assert [e.roll for e in of(events, ev.CombatResult)] == [2]
    assert [e.why for e in of(events, ev.ConditionRemoved)] == ["rounds over"]
    assert game.state.conditions == []


def test_permanent_condition_stays_across_levels() -> None:
    # R-COND-1
    game = Scenario("tomu", level=2).condition("armored").resources(food=2, time=12).start("hunger")
    play(game, act.Eat(2))
    assert [(c.id, c.active) for c in game.state.conditions] == [("base:armored", True)]
    assert RULES.conditions["base:armored"].permanent


def test_encounter_can_remove_a_condition() -> None:
    # R-COND-1
    card = m.Encounter(
        id="test:healing-spring",
        name="Healing Spring",
        time=1,
        text="test card",
        effects=[m.RemoveCondition()],
    )
    game = (
        Scenario("tomu", level=2, ruleset=with_encounter(card))
        .condition("crippled")
        .condition("amnesia")
        .encounters("test:healing-spring")
        .start("preparation")
    )
    play(game, act.Explore(), act.ChooseEncounter("test:healing-spring"), act.Resolve())
    assert game.decision is not None and game.decision.kind == "choose_condition"
    assert game.legal_actions() == [
        act.ChooseCondition("base:crippled"),
        act.ChooseCondition("base:amnesia"),
    ]
    play(game, act.ChooseCondition("base:amnesia"))
    assert [c.id for c in game.state.conditions] == ["base:crippled"]


# --------------------------------------------------------------------------- R-COND-2


def test_token_condition_enters_with_the_effects_tokens() -> None:
    # R-COND-2
    game = Scenario("tomu", level=3).monster("dark-elf").dice(6).start("battle")
    events = play(game, act.Skip())
    gained = of(events, ev.ConditionGained)
    assert [(e.condition, e.tokens) for e in gained] == [("base:poisoned", 2)]


def test_plus_x_adds_tokens() -> None:
    # R-COND-2
    game = (
        Scenario("tomu", level=4)
        .no_time_track()
        .monster("basilisk")
        .dice(6, 2, 6)  # paralysis check, GAZE, paralysis check
        .start("battle")
    )
    assert [(c.id, c.tokens) for c in game.state.conditions] == [("base:paralyzed", 2)]
    play(game, act.Skip())  # GAZE: +1 paralysis
    assert [(c.id, c.tokens) for c in game.state.conditions] == [("base:paralyzed", 3)]


def test_paralyzed_skips_the_turn_at_or_below_its_tokens() -> None:
    # R-COND-2
    game = (
        Scenario("tomu", level=4)
        .no_time_track()
        .monster("basilisk")
        .dice(2, 1, 3)  # check 2 <= 2 tokens: skip; row 1 WOUND; check 3 > 2: act
        .start("battle")
    )
    assert [e.reason for e in of(game.events, ev.TurnSkipped)] == ["effect"]
    row = RULES.monsters["base:basilisk"].table[0]
    assert row.result == "WOUND"
    assert game.state.res["se"] == 13 - sum(
        e.amounts.get("se", 0) for e in row.effects if isinstance(e, m.Lose)
    )
    assert game.state.round == 2
    assert game.decision is not None and game.decision.kind == "player_turn"


def test_poisoned_loses_per_token_then_drops_one() -> None:
    # R-COND-2
    game = (
        Scenario("tomu", level=1)
        .condition("poisoned", tokens=2)
        .monster("hyena")
        .dice(1)
        .start("battle")
    )
    assert game.state.res["se"] == 11
    assert [(c.id, c.tokens) for c in game.state.conditions] == [("base:poisoned", 1)]
    play(game, act.Skip())
    assert game.state.res["se"] == 10
    assert game.state.conditions == []


# --------------------------------------------------------------------------- R-REWARD-1


def test_rewards_are_gained_with_caps() -> None:
    # R-REWARD-1
    game = Scenario("caellahan", level=1).resources(food=6).monster("hyena").start("rewards")
    gained = [e for e in of(game.events, ev.Gained) if e.source == "base:hyena"]
    assert [(e.amounts, e.lost_to_cap) for e in gained] == [({"food": 1}, {"food": 1})]
    assert game.state.res["food"] == 7


@pytest.mark.parametrize(("level", "monster"), [(1, "kobold"), (2, "goblin"), (3, "orc")])
def test_levels_one_to_three_draw_two_skills_keep_one(level: int, monster: str) -> None:
    # R-REWARD-1
    game = Scenario("caellahan", level=level).monster(monster).start("rewards")
    assert game.decision is not None and game.decision.kind == "choose_skill"
    offered = skills_offered(game)
    assert len(offered) == 2
    play(game, act.ChooseSkill(offered[0]))
    assert game.state.skills == [offered[0]]
    assert game.state.skill_discard == [offered[1]]
    assert game.decision is not None and game.decision.kind == "hunger"


def test_level_four_rewards_give_no_skill() -> None:
    # R-REWARD-1
    game = Scenario("caellahan", level=4).no_time_track().monster("troll").start("rewards")
    assert not of(game.events, ev.SkillsDrawn)
    assert game.state.res["treasure"] == 2
    assert game.decision is not None and game.decision.kind == "hunger"


def test_skill_discard_is_reshuffled_when_the_deck_runs_out() -> None:
    # R-REWARD-1
    held = sorted(RULES.skills)[:21]  # 3 skills left in the deck
    game = Scenario("caellahan", level=3).skills(*held).monster("bugbear-warlord").start("rewards")
    # The Warlord's own reward draws 2 first.
    first = skills_offered(game)
    assert len(first) == 2
    assert len(game.state.skill_deck) == 1
    last = game.state.skill_deck[0]
    events = play(game, act.ChooseSkill(first[0]))
    # Then the level's draw: 1 from the deck, then the discard is reshuffled.
    shuffled = of(events, ev.DeckShuffled)
    assert [(e.deck, e.from_discard, e.order) for e in shuffled] == [("skills", True, [first[1]])]
    assert skills_offered(game) == [last, first[1]]


def test_reward_weapon_choice_goes_on_top() -> None:
    # R-REWARD-1
    game = Scenario("caellahan", level=2).monster("crazed-survivor").start("rewards")
    assert game.decision is not None and game.decision.kind == "choose_weapon"
    assert game.legal_actions() == [
        act.ChooseWeapon("base:club"),
        act.ChooseWeapon("base:knife"),
        act.Pass(),  # R-REWARD-2: or none
    ]
    play(game, act.ChooseWeapon("base:knife"))
    assert game.state.weapons == [BARE, "base:knife"]
    assert game.decision is not None and game.decision.kind == "choose_skill"


def test_tricked_monster_gives_nothing() -> None:
    # R-REWARD-1
    game = (
        Scenario("caellahan", level=2)
        .resources(cunning=3, food=2)
        .monster("goblin")
        .start("trickery")
    )
    events = play(game, act.Trick())
    assert not [e for e in of(events, ev.Gained) if e.source == "base:goblin"]
    assert not of(events, ev.SkillsDrawn)
    assert (game.state.res["metal"], game.state.res["treasure"]) == (0, 0)
    assert game.decision is not None and game.decision.kind == "hunger"


# --------------------------------------------------------------------------- R-EFFECT-2: order


def survivor_with_daring(se: int) -> Game:
    """Level 2, a Knife and Daring, against the Crazed Survivor: its Response grabs the
    Knife at the start of the Battle step and attacks with +1 (die 2 -> 3, WOUND 2 SE)."""
    return (
        Scenario("tomu", level=2)
        .resources(se=se, me=0, le=0)
        .weapon("knife")
        .skills("daring")
        .monster("crazed-survivor")
        .dice(2)
        .start("battle")
    )


def test_optional_response_can_come_before_a_mandatory_one_at_the_same_trigger() -> None:
    # R-EFFECT-2: Daring and Grab the Weapon fire together at battle start; the player
    # takes Daring first (+2 SE) and survives the Survivor's attack with 1 SE.
    game = survivor_with_daring(se=1)
    d = game.decision
    assert d is not None and d.kind == "response" and d.trigger == "battle_start"
    assert game.state.weapons == [BARE, "base:knife"]  # the grab has not happened yet
    assert act.Use("base:daring", "daring-rush") in game.legal_actions()
    events = game.apply(act.Use("base:daring", "daring-rush"))
    assert not game.is_over
    assert game.state.weapons == [BARE]
    assert [(e.roll, e.result) for e in of(events, ev.CombatResult)] == [(3, "WOUND")]
    assert game.state.res["se"] == 1 + 2 - 2
    # Daring fired once at this trigger: it is not offered again after the grab.
    assert game.decision is not None and game.decision.kind == "player_turn"


def test_passing_first_lets_the_mandatory_response_resolve_then_offers_the_rest() -> None:
    # R-EFFECT-2: the player may also let the Survivor's Response go first, and then
    # use Daring after it (the same trigger: it has not fired for Daring yet).
    game = survivor_with_daring(se=5)
    events = game.apply(act.Pass())
    assert [(e.roll, e.result) for e in of(events, ev.CombatResult)] == [(3, "WOUND")]
    assert game.state.res["se"] == 3
    d = game.decision
    assert d is not None and d.kind == "response" and d.trigger == "battle_start"
    assert game.legal_actions() == [act.Use("base:daring", "daring-rush"), act.Pass()]
    game.apply(act.Use("base:daring", "daring-rush"))
    assert game.state.res["se"] == 5
    assert game.decision is not None and game.decision.kind == "player_turn"


def test_with_only_one_se_passing_first_lets_the_survivor_kill() -> None:
    # R-EFFECT-2: the order is the player's, and it matters (the case above, passed).
    game = survivor_with_daring(se=1)
    game.apply(act.Pass())
    assert game.is_over and game.outcome is not None and not game.outcome.won


# --------------------------------------------------------------------------- R-REWARD-2


def test_knife_holder_beating_the_survivor_is_offered_only_the_club() -> None:
    # R-REWARD-2: a weapon held is never offered again (no second Knife).
    scenario = Scenario("caellahan", level=2).weapon("knife").monster("crazed-survivor")
    game = scenario.start("rewards")
    assert game.legal_actions() == [act.ChooseWeapon("base:club"), act.Pass()]
    play(game, act.ChooseWeapon("base:club"))
    assert game.state.weapons == [BARE, "base:knife", "base:club"]


def test_sword_holder_may_decline_the_basic_weapon() -> None:
    # R-REWARD-2: "a weapon of choice" may be declined; the Sword stays on top.
    scenario = Scenario("caellahan", level=2).weapon("knife", "sword").monster("crazed-survivor")
    game = scenario.start("rewards")
    assert game.decision is not None and game.decision.kind == "choose_weapon"
    assert game.legal_actions() == [act.ChooseWeapon("base:club"), act.Pass()]
    events = play(game, act.Pass())
    assert not of(events, ev.WeaponsSet)
    assert game.state.weapons == [BARE, "base:knife", "base:sword"]
    assert game.state.choices != ["base:club"]
    assert game.decision is not None and game.decision.kind == "choose_skill"


def test_no_weapon_offered_when_every_choice_is_held() -> None:
    # R-REWARD-2: holding the Club and the Knife, the reward offers nothing.
    scenario = Scenario("caellahan", level=2).weapon("club", "knife").monster("crazed-survivor")
    game = scenario.start("rewards")
    assert game.decision is not None and game.decision.kind == "choose_skill"
    assert not of(game.events, ev.ChoicesOffered)
    assert game.state.weapons == [BARE, "base:club", "base:knife"]


def test_weapon_rack_never_stacks_a_second_copy() -> None:
    # R-REWARD-2: the Weapon Rack encounter (Club or Knife) with a Club held.
    game = (
        Scenario("caellahan")
        .weapon("club")
        .encounters("weapon-rack", "metal-scraps")
        .start("exploration")
    )
    game.apply(act.ChooseEncounter("base:weapon-rack"))
    game.apply(act.Resolve())
    assert game.decision is not None and game.decision.kind == "choose_weapon"
    assert game.legal_actions() == [act.ChooseWeapon("base:knife"), act.Pass()]
