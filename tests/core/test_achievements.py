"""Achievements (R-ACH-1): each one earned by a won game, and just missed by another.

Games are built with the Scenario builder and played to the end by a small
deterministic policy, with dice chosen by the test: monster reveals come from a
list, combat rolls from a list and then 1 (a MISS on every monster used here).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable

import msgspec
import pytest

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.achievements import (
    ACHIEVEMENTS,
    CROSS_GAME_PREDICATES,
    PREDICATES,
    GameRecord,
    difficulty_of,
    earned,
    earned_across,
    not_a_scratch,
    record_of,
    slugger,
)
from unbroken.core.game import Game
from unbroken.core.reducer import fold
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, pass_responses

RULES = load_ruleset()

ALL_IDS = [
    "reckless",
    "not-a-scratch",
    "ascetic",
    "all-the-time-in-the-world",
    "not-worth-it",
    "master-of-survival",
    "no-rest-for-the-wicked",
    "a-bit-of-everything",
    "best-served-cold",
    "consistency-is-key",
    "slugger",
    "high-stakes",
    "still-kicking",
    "conflict-avoidance",
    "glutton",
    "payday",
]


# ---------------------------------------------------------------- test harness


class Dice:
    """Die results for a whole game: reveals and combat rolls from lists, else `default`."""

    def __init__(
        self, reveals: Iterable[int] = (), combat: Iterable[int] = (), default: int = 1
    ) -> None:
        self.reveals = list(reveals)
        self.combat = list(combat)
        self.default = default

    def __call__(self, stream: str, purpose: str) -> int:
        if purpose == "monster":
            assert self.reveals, "no scripted monster reveal left"
            return self.reveals.pop(0)
        if purpose == "combat" and self.combat:
            return self.combat.pop(0)
        return self.default


Hook = Callable[[Game, list[act.Action]], "act.Action | None"]


@dataclasses.dataclass
class Policy:
    """A deterministic way to play: explore and rest, fight with the strongest blow."""

    fight_levels: tuple[int, ...] = ()  # levels where Preparation goes straight to the fight
    trick_levels: tuple[int, ...] = ()  # levels where the monster is tricked
    rest: bool = True  # Rest on the kept encounter (else Resolve it)
    eat: Callable[[int], int] | None = None  # food to eat at a level (default: all it can)
    prep: Hook | None = None  # extra Preparation actions
    turn: Hook | None = None  # battle turn override
    response: Hook | None = None  # Response override (default: pass)
    choose_encounter: str = ""  # the card to keep (default: the first)

    def __call__(self, game: Game) -> act.Action:
        d = game.decision
        assert d is not None
        legal = game.legal_actions()
        s = game.state
        kind = d.kind
        if kind == "preparation":
            chosen = self.prep(game, legal) if self.prep else None
            if chosen is not None:
                return chosen
            return act.Fight() if s.level in self.fight_levels else act.Explore()
        if kind == "choose_encounter":
            wanted = act.ChooseEncounter(self.choose_encounter)
            return wanted if wanted in legal else legal[0]
        if kind == "resolve_or_rest":
            if self.rest and act.Rest() in legal:
                return act.Rest()
            return act.Resolve() if act.Resolve() in legal else legal[0]
        if kind == "trickery":
            return act.Trick() if s.level in self.trick_levels else act.Fight()
        if kind in ("player_turn", "extra_attack"):
            chosen = self.turn(game, legal) if self.turn else None
            if chosen is not None:
                return chosen
            return best_attack(game, legal) or (act.Skip() if kind == "player_turn" else act.Pass())
        if kind == "response":
            chosen = self.response(game, legal) if self.response else None
            return chosen if chosen is not None else act.Pass()
        if kind == "hunger":
            eat = legal[0]  # the most it can eat
            assert isinstance(eat, act.Eat)
            food = eat.food
            if self.eat is not None:
                food = min(food, self.eat(s.level))
            return act.Eat(food)
        return legal[0]


def best_attack(game: Game, legal: list[act.Action]) -> act.Action | None:
    """The weakest attack that finishes the monster, else the strongest one."""
    s = game.state
    assert s.monster is not None
    weapon = RULES.weapons[s.weapons[-1]]
    power = {a.id: a.power for a in weapon.attacks}
    attacks = sorted((power[a.attack], a.attack) for a in legal if isinstance(a, act.Attack))
    if not attacks:
        return None
    if s.monster.armor == 0:
        for p, aid in attacks:
            if p >= s.monster.health:
                return act.Attack(aid)
    return act.Attack(attacks[-1][1])


def play(game: Game, policy: Policy, dice: Dice | None = None, limit: int = 600) -> Game:
    """Play the game to its end with the policy; fail if it is not over in `limit` decisions."""
    game.dice = dice or Dice()
    for _ in range(limit):
        if game.is_over:
            return game
        game.apply(policy(game))
    raise AssertionError(f"game not over after {limit} decisions: {game.decision}")


def won_game(game: Game) -> list[ev.Event]:
    """Return the events of a game that must have been won."""
    assert game.outcome is not None and game.outcome.won, game.outcome
    return game.events


def level4(
    at: str = "battle",
    monster: str = "troll",
    character: str = "maxyn-zenma",
    weapon: tuple[str, ...] = ("club", "axe"),
    skills: tuple[str, ...] = (),
    track: bool = False,
    **res: int,
) -> Game:
    """A level-4 game at step `at`: axe in hand, plenty of effort unless told otherwise."""
    amounts = {"se": 20, "me": 7, "le": 0, **res}
    sc = Scenario(character, level=4).resources(**amounts).weapon(*weapon).monster(monster)
    sc = sc.skills(*skills)
    if not track:
        sc = sc.no_time_track()
    return sc.start(at)


def use(source: str, ability: str) -> Hook:
    """A hook that uses this ability whenever it is legal."""
    wanted = act.Use(f"base:{source}", ability)
    return lambda game, legal: wanted if wanted in legal else None


def explore_once() -> Hook:
    """A Preparation hook: explore the first time, then fight."""
    explored: list[bool] = []

    def prep(game: Game, legal: list[act.Action]) -> act.Action:
        if explored:
            return act.Fight()
        explored.append(True)
        return act.Explore()

    return prep


def count(events: list[ev.Event], kind: type) -> int:
    return sum(isinstance(e, kind) for e in events)


# ---------------------------------------------------------------- the table


def test_the_sixteen_achievements_with_kebab_case_ids() -> None:  # R-ACH-1
    assert [a.id for a in ACHIEVEMENTS] == ALL_IDS
    assert {a.id for a in ACHIEVEMENTS if a.cross_game} == {
        "best-served-cold",
        "consistency-is-key",
    }
    assert set(PREDICATES) == set(ALL_IDS) - {"best-served-cold", "consistency-is-key"}
    assert set(CROSS_GAME_PREDICATES) == {"best-served-cold", "consistency-is-key"}
    for a in ACHIEVEMENTS:
        assert a.name and a.text
        with pytest.raises(AttributeError):
            a.name = "x"  # type: ignore[misc]  # frozen


def test_a_lost_game_earns_nothing() -> None:  # R-ACH-1
    # No rest, no craft, no ability... but the player dies: 1 SE left and the Troll's
    # 4-SE WOUND (roll 2) cannot be paid.
    game = play(level4(se=1, me=0, le=0), Policy(), Dice(combat=[2]))
    assert game.outcome is not None and not game.outcome.won
    assert earned(game.events, RULES) == []
    # The same log, had it ended in a win, would have earned something.
    *rest, over = game.events
    assert isinstance(over, ev.GameOver)
    as_won = [*rest, msgspec.structs.replace(over, won=True)]
    assert "no-rest-for-the-wicked" in earned(as_won, RULES)


def test_plugins_can_register_more_single_game_achievements() -> None:  # R-ACH-1
    game = play(level4(food=4), Policy())
    extra = dict(PREDICATES)
    extra["no-skills"] = lambda events, final, rules: not final.skills
    got = earned(game.events, RULES, extra)
    assert got[-1] == "no-skills"
    assert got[:-1] == earned(game.events, RULES)


# ---------------------------------------------------------------- Reckless


def reckless_game(fight_levels: tuple[int, ...]) -> Game:
    """Levels 1-4 from the start: explore and rest until the monster ambushes (or fight)."""
    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=20, me=7, le=7, food=7)
        .weapon("club", "axe")
        .start("preparation")
    )
    # Kobold, Goblin, Gnoll, Troll: every one has an ambush effect and a MISS on 1.
    return play(game, Policy(fight_levels=fight_levels), Dice(reveals=[1, 1, 1, 2]))


def test_reckless_earned_by_four_ambushes() -> None:  # R-ACH-1
    events = won_game(reckless_game(fight_levels=()))
    assert sum(isinstance(e, ev.StepEntered) and e.step == "ambush" for e in events) == 4
    assert "reckless" in earned(events, RULES)


def test_reckless_missed_with_three_ambushes() -> None:  # R-ACH-1
    events = won_game(reckless_game(fight_levels=(4,)))
    assert sum(isinstance(e, ev.StepEntered) and e.step == "ambush" for e in events) == 3
    assert "reckless" not in earned(events, RULES)


def test_reckless_counts_only_ambushes_with_an_effect() -> None:  # R-ACH-1
    # The same four ambushes, read with a Troll whose sheet has no ambush effect.
    events = won_game(reckless_game(fight_levels=()))
    troll = msgspec.structs.replace(RULES.monsters["base:troll"], ambush=[])
    quiet = dataclasses.replace(RULES, monsters={**RULES.monsters, "base:troll": troll})
    assert "reckless" not in earned(events, quiet)


# ---------------------------------------------------------------- Not a Scratch


def test_not_a_scratch_earned_when_only_spending_in_battle() -> None:  # R-ACH-1
    # Ambushed: the Troll's ambush takes 4 SE, but that is the Ambush step, not Battle.
    events = won_game(play(level4("ambush", food=4), Policy()))
    assert any(isinstance(e, ev.Lost) and e.amounts.get("se") for e in events)
    assert any(isinstance(e, ev.Spent) and e.source == "base:axe" for e in events)
    assert "not-a-scratch" in earned(events, RULES)


def test_not_a_scratch_missed_after_one_wound_in_battle() -> None:  # R-ACH-1
    events = won_game(play(level4(food=4), Policy(), Dice(combat=[2])))  # one WOUND: lose 4 SE
    assert "not-a-scratch" not in earned(events, RULES)


def test_not_a_scratch_kept_when_a_reduce_trades_le_for_se() -> None:  # R-ACH-1
    # The Shaman's CONFUSE (roll 3): lose 1 LE, gain 2 SE. No SE is lost: it counts SE only.
    game = play(level4(monster="shaman", le=1, food=4), Policy(), Dice(combat=[3]))
    events = won_game(game)
    assert [e.amounts for e in events if isinstance(e, ev.Lost)] == [{"le": 1}]
    assert "not-a-scratch" in earned(events, RULES)


def test_not_a_scratch_missed_when_substitution_pays_an_se_loss() -> None:  # R-ACH-1
    # No SE left: the Shaman's WOUND (roll 2, lose 2 SE) is paid with 2 ME. That is
    # still SE lost to an effect.
    game = level4(monster="shaman", se=0, me=7)
    game.dice = Dice(combat=[2])
    game.apply(act.Skip())
    pass_responses(game)
    lost = [e for e in game.events if isinstance(e, ev.Lost)]
    assert [(e.amounts, e.asked) for e in lost] == [({"me": 2}, {"se": 2})]
    assert not not_a_scratch(game.events, game.state, RULES)


# ---------------------------------------------------------------- Ascetic


def test_ascetic_earned_by_never_eating() -> None:  # R-ACH-1
    events = won_game(play(level4(food=4), Policy(eat=lambda level: 0)))
    assert [e.food for e in events if isinstance(e, ev.Ate)] == [0]
    assert "ascetic" in earned(events, RULES)


def test_ascetic_missed_by_eating_one_food() -> None:  # R-ACH-1
    events = won_game(play(level4(food=4), Policy(eat=lambda level: 1)))
    assert "ascetic" not in earned(events, RULES)


# ---------------------------------------------------------------- All the Time in the World


def time_game(card: str) -> list[ev.Event]:
    """Level 4 with 4 time: explore once, keep `card`, rest, then fight (the track goes)."""
    game = (
        Scenario("maxyn-zenma", level=4)
        .resources(se=20, me=7, time=4, food=4)
        .weapon("club", "axe")
        .monster("troll")
        .encounters("catch-a-breath", "a-clever-scheme")
        .start("preparation")
    )
    return won_game(play(game, Policy(prep=explore_once(), choose_encounter=f"base:{card}")))


def test_all_the_time_in_the_world_earned_at_exactly_three() -> None:  # R-ACH-1
    events = time_game("catch-a-breath")  # time value 1: 4 -> 3
    assert any(isinstance(e, ev.Lost) and e.amounts == {"time": 1} for e in events)
    assert [e.time for e in events if isinstance(e, ev.TimeSet)] == [0]  # the track is removed
    assert "all-the-time-in-the-world" in earned(events, RULES)


def test_all_the_time_in_the_world_missed_at_two() -> None:  # R-ACH-1
    events = time_game("a-clever-scheme")  # time value 2: 4 -> 2
    assert "all-the-time-in-the-world" not in earned(events, RULES)


def test_all_the_time_in_the_world_missed_by_an_ambush() -> None:  # R-ACH-1
    # Four levels of exploring until time runs out: every ambush means time hit 0.
    events = won_game(reckless_game(fight_levels=()))
    assert "all-the-time-in-the-world" not in earned(events, RULES)


# ---------------------------------------------------------------- Not Worth It


def test_not_worth_it_earned_using_only_skill_abilities() -> None:  # R-ACH-1
    # A Brawler who uses the Brute Force skill (+2 power) but never a class ability.
    game = level4(character="caellahan", skills=("brute-force",), me=7, le=7, food=4)
    events = won_game(play(game, Policy(response=use("brute-force", "brute-force-heave"))))
    assert any(isinstance(e, ev.AbilityUsed) and not e.ability_use for e in events)
    assert "not-worth-it" in earned(events, RULES)


def test_not_worth_it_missed_by_one_class_ability() -> None:  # R-ACH-1
    game = level4(character="caellahan", food=4)
    events = won_game(play(game, Policy(response=use("brawler", "power-through"))))
    assert any(isinstance(e, ev.AbilityUsed) and e.ability_use for e in events)
    assert "not-worth-it" not in earned(events, RULES)


# ---------------------------------------------------------------- Master of Survival

PASSIVE_SKILLS = ("steady-nerves", "clear-headed", "iron-grip", "hidden-pockets")


def test_master_of_survival_earned_with_four_skills() -> None:  # R-ACH-1
    events = won_game(play(level4(skills=PASSIVE_SKILLS, food=4), Policy()))
    assert "master-of-survival" in earned(events, RULES)


def test_master_of_survival_missed_with_three_skills() -> None:  # R-ACH-1
    events = won_game(play(level4(skills=PASSIVE_SKILLS[:3], food=4), Policy()))
    assert "master-of-survival" not in earned(events, RULES)


# ---------------------------------------------------------------- No Rest for the Wicked


def explore_once_game(rest: bool) -> list[ev.Event]:
    game = (
        Scenario("maxyn-zenma", level=4)
        .resources(se=20, me=7, food=4)
        .weapon("club", "axe")
        .monster("troll")
        .encounters("catch-a-breath", "a-clever-scheme")
        .start("preparation")
    )
    return won_game(play(game, Policy(prep=explore_once(), rest=rest)))


def test_no_rest_for_the_wicked_earned_by_resolving() -> None:  # R-ACH-1
    events = explore_once_game(rest=False)
    assert count(events, ev.EncounterResolved) == 1
    assert "no-rest-for-the-wicked" in earned(events, RULES)


def test_no_rest_for_the_wicked_missed_by_one_rest() -> None:  # R-ACH-1
    events = explore_once_game(rest=True)
    assert count(events, ev.Rested) == 1
    assert "no-rest-for-the-wicked" not in earned(events, RULES)


# ---------------------------------------------------------------- A Bit of Everything


def test_a_bit_of_everything_earned_with_one_of_each() -> None:  # R-ACH-1
    # The Troll's reward brings treasure; 5 food less the 4 eaten leaves 1.
    events = won_game(play(level4(wood=1, metal=1, food=5), Policy()))
    assert "a-bit-of-everything" in earned(events, RULES)


def test_a_bit_of_everything_missed_by_eating_the_last_food() -> None:  # R-ACH-1
    events = won_game(play(level4(wood=1, metal=1, food=4), Policy()))
    assert "a-bit-of-everything" not in earned(events, RULES)


# ---------------------------------------------------------------- Slugger


def slugger_game(craft: bool) -> list[ev.Event]:
    game = level4("preparation", weapon=("club",), track=True, wood=1, metal=1, food=4)

    def prep(game: Game, legal: list[act.Action]) -> act.Action:
        if craft and act.Craft("base:axe") in legal:
            return act.Craft("base:axe")
        return act.Fight()

    return won_game(play(game, Policy(prep=prep)))


def test_slugger_earned_without_crafting() -> None:  # R-ACH-1
    events = slugger_game(craft=False)
    assert "slugger" in earned(events, RULES)


def test_slugger_missed_by_one_craft() -> None:  # R-ACH-1
    events = slugger_game(craft=True)
    assert any(isinstance(e, ev.WeaponsSet) and e.why == "crafted" for e in events)
    assert "slugger" not in earned(events, RULES)


def after_start(events: list[ev.Event], *more: ev.Event) -> list[ev.Event]:
    """Return the events with `more` put right after the scenario's set-up."""
    at = next(i for i, e in enumerate(events) if isinstance(e, ev.WeaponsSet)) + 1
    return [*events[:at], *more, *events[at:]]


def crazed_survivor_reward(choice: act.Action) -> Game:
    """A level-2 game at the Crazed Survivor's reward (a Basic Weapon of choice), Bare
    Hands in hand, after `choice`."""
    game = Scenario("caellahan", level=2).monster("crazed-survivor").start("rewards")
    assert choice in game.legal_actions()
    game.apply(choice)
    return game


def test_slugger_missed_by_a_weapon_of_choice_taken_over_the_current_one() -> None:  # R-ACH-2
    # The Crazed Survivor's "Basic Weapon of choice" taken over Bare Hands is an upgrade.
    game = crazed_survivor_reward(act.ChooseWeapon("base:knife"))
    assert game.state.weapons == ["base:bare-hands", "base:knife"]
    assert not slugger(game.events, game.state, RULES)


def test_slugger_missed_by_a_reward_weapon_over_the_current_one() -> None:  # R-ACH-2
    events = slugger_game(craft=False)  # the club is current
    reward = ev.WeaponsSet(["base:bare-hands", "base:club", "base:sword"], "gained", "base:sword")
    assert "slugger" not in earned(after_start(events, reward), RULES)


def test_slugger_missed_by_a_plugin_effect_that_upgrades() -> None:  # R-ACH-2
    events = slugger_game(craft=False)
    swapped = ev.WeaponsSet(["base:bare-hands", "base:axe"], "tide:swapped", "base:axe")
    assert "slugger" not in earned(after_start(events, swapped), RULES)


def test_slugger_kept_by_a_weapon_gained_no_further_along() -> None:  # R-ACH-2
    # Holding the Club, gaining a Knife (one step along, as the Club) is no upgrade.
    events = slugger_game(craft=False)
    knife = ev.WeaponsSet(["base:bare-hands", "base:club", "base:knife"], "gained", "base:knife")
    assert "slugger" in earned(after_start(events, knife), RULES)


def test_slugger_kept_when_a_set_aside_weapon_comes_back() -> None:  # R-ACH-2
    # Downgraded for a turn (the Club set aside), then back: not an upgrade.
    events = slugger_game(craft=False)
    aside = ev.WeaponSetAside("base:club", 1, 1)
    back = ev.SetAsideTicked(["base:club"])
    assert "slugger" in earned(after_start(events, aside, back), RULES)


def test_slugger_kept_by_a_downgrade_and_by_declining() -> None:  # R-ACH-2
    events = slugger_game(craft=False)
    down = ev.WeaponsSet(["base:bare-hands"], "downgraded", "base:club")
    assert "slugger" in earned(after_start(events, down), RULES)
    # Declining a weapon of choice (Pass) changes nothing.
    game = crazed_survivor_reward(act.Pass())
    assert game.state.weapons == ["base:bare-hands"]
    assert slugger(game.events, game.state, RULES)


# ---------------------------------------------------------------- High Stakes


def test_high_stakes_earned_by_a_spike_into_the_vampire() -> None:  # R-ACH-1
    # Six Iron Spikes (2 wounds each, past armor) bring the Vampire from 12 to 0.
    game = level4(monster="vampire", skills=("spike-thrower",), metal=6, food=4)
    events = won_game(play(game, Policy(turn=use("spike-thrower", "spike-thrower-iron"))))
    assert any(isinstance(e, ev.MonsterDefeated) and e.monster == "base:vampire" for e in events)
    assert "high-stakes" in earned(events, RULES)


def test_high_stakes_missed_when_a_weapon_lands_the_last_wound() -> None:  # R-ACH-1
    # Spikes (2 wounds each, one per metal) leave the Vampire at 2 health; the axe finishes it.
    spikes = (RULES.monsters["base:vampire"].health - 2) // 2
    game = level4(monster="vampire", skills=("spike-thrower",), metal=spikes, food=4)
    events = won_game(play(game, Policy(turn=use("spike-thrower", "spike-thrower-iron"))))
    assert count(events, ev.AbilityUsed) == spikes
    assert "high-stakes" not in earned(events, RULES)


def test_high_stakes_missed_when_the_spike_kills_another_monster() -> None:  # R-ACH-1
    game = level4(monster="troll", skills=("spike-thrower",), metal=7, food=4)
    events = won_game(play(game, Policy(turn=use("spike-thrower", "spike-thrower-iron"))))
    assert "high-stakes" not in earned(events, RULES)


# ---------------------------------------------------------------- Still Kicking


def test_still_kicking_earned_with_no_effort_left() -> None:  # R-ACH-1
    # 14 SE - 4 for two chops = 10, all taken by the 4 uneaten food; 3 ME for cleave and hack
    # (6 + 3 wounds) finish the Troll's health.
    assert RULES.monsters["base:troll"].health <= 6 + 3
    events = won_game(play(level4(se=14, me=3, food=0), Policy()))
    final = fold(events).res
    assert (final["se"], final["me"], final["le"]) == (0, 0, 0)
    assert "still-kicking" in earned(events, RULES)


def test_still_kicking_missed_with_one_se_left() -> None:  # R-ACH-1
    events = won_game(play(level4(se=15, me=5, food=0), Policy()))
    assert "still-kicking" not in earned(events, RULES)


# ---------------------------------------------------------------- Conflict Avoidance


def trickster_game(trick_levels: tuple[int, ...]) -> list[ev.Event]:
    """Levels 1-4, fighting at once each level: Kobold, Gremlin, Gnoll (tricked or not), Troll."""
    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=20, me=7, le=7, cunning=7, food=7)
        .weapon("club", "axe")
        .monster("kobold")
        .start("preparation")
    )
    policy = Policy(fight_levels=(1, 2, 3, 4), trick_levels=trick_levels)
    return won_game(play(game, policy, Dice(reveals=[4, 1, 2])))


def test_conflict_avoidance_earned_by_tricking_levels_one_to_three() -> None:  # R-ACH-1
    events = trickster_game(trick_levels=(1, 2, 3))
    assert count(events, ev.MonsterTricked) == 3
    assert "conflict-avoidance" in earned(events, RULES)


def test_conflict_avoidance_missed_by_fighting_the_third_monster() -> None:  # R-ACH-1
    events = trickster_game(trick_levels=(1, 2))
    assert count(events, ev.MonsterTricked) == 2
    assert "conflict-avoidance" not in earned(events, RULES)


# ---------------------------------------------------------------- Glutton


def test_glutton_earned_by_eating_all_that_is_needed() -> None:  # R-ACH-1
    events = won_game(play(level4(food=4), Policy()))
    assert [e.food for e in events if isinstance(e, ev.Ate)] == [4]
    assert "glutton" in earned(events, RULES)


def test_glutton_missed_by_one_food_short() -> None:  # R-ACH-1
    events = won_game(play(level4(food=3), Policy()))
    assert any(isinstance(e, ev.Lost) and e.source == "hunger" for e in events)
    assert "glutton" not in earned(events, RULES)


# ---------------------------------------------------------------- Payday


def test_payday_earned_with_four_treasure() -> None:  # R-ACH-1
    events = won_game(play(level4(treasure=2, food=4), Policy()))  # +2 from the Troll
    assert fold(events).res["treasure"] == 4
    assert "payday" in earned(events, RULES)


def test_payday_missed_with_three_treasure() -> None:  # R-ACH-1
    events = won_game(play(level4(treasure=1, food=4), Policy()))
    assert fold(events).res["treasure"] == 3
    assert "payday" not in earned(events, RULES)


# ---------------------------------------------------------------- across games


def rec(order: int, cls: str, won: bool = True, difficulty: str = "normal") -> GameRecord:
    return GameRecord(won=won, cls=f"base:{cls}", difficulty=difficulty, order=order)


def test_best_served_cold_earned_with_every_class_on_one_difficulty() -> None:  # R-ACH-1
    history = [
        rec(1, "sneak"),
        rec(2, "sage", won=False),
        rec(3, "brawler"),
        rec(4, "sage"),
        rec(5, "hunter"),
    ]
    assert ("best-served-cold", "normal") in earned_across(history)


def test_best_served_cold_missed_when_one_class_won_elsewhere() -> None:  # R-ACH-1
    history = [
        rec(1, "sneak"),
        rec(2, "sage"),
        rec(3, "brawler"),
        rec(4, "hunter", won=False),
        rec(5, "hunter", difficulty="easy"),
    ]
    got = earned_across(history)
    assert not any(aid == "best-served-cold" for aid, _ in got)


def test_consistency_is_key_earned_by_three_wins_in_a_row() -> None:  # R-ACH-1
    # The hard game between does not break the run of normal games; order, not list order.
    history = [
        rec(3, "sage"),
        rec(1, "sneak"),
        rec(2, "hunter", won=False, difficulty="hard"),
        rec(4, "brawler"),
        rec(0, "sneak", won=False),
    ]
    assert earned_across(history) == [("consistency-is-key", "normal")]


def test_consistency_is_key_missed_when_a_loss_splits_the_wins() -> None:  # R-ACH-1
    history = [rec(1, "sneak"), rec(2, "sneak"), rec(3, "sneak", won=False), rec(4, "sneak")]
    history += [rec(5, "sneak", difficulty="hard"), rec(6, "sage", difficulty="hard")]
    assert earned_across(history) == []


def test_cross_game_pairs_per_difficulty() -> None:  # R-ACH-1
    history = [
        rec(i, c, difficulty=d)
        for d in ("hard", "easy")
        for i, c in enumerate(("sneak", "sage", "brawler", "hunter"))
    ]
    assert earned_across(history) == [
        ("best-served-cold", "easy"),
        ("best-served-cold", "hard"),
        ("consistency-is-key", "easy"),
        ("consistency-is-key", "hard"),
    ]


def test_record_of_a_finished_game() -> None:  # R-ACH-1
    events = won_game(play(level4(food=4), Policy()))
    assert difficulty_of(events) == "normal"
    assert record_of(events, 7) == GameRecord(True, "base:sneak", "normal", 7)
