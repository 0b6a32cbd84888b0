"""Hunger, advancing a level, the end of the game and its score (R-HUNGER-*,
R-LEVEL-*, R-END-1, R-SCORE-*)."""

from __future__ import annotations

import pytest

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game, IllegalAction
from unbroken.core.history import reveals
from unbroken.core.query import hunger_cost
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, play
from unbroken.testing import events_of as of

RULES = load_ruleset()
START_TIME = RULES.settings.level_start_time


def hunger(level: int, **res: int) -> Game:
    """A game at the Hunger step of `level` (level 4 without a time track)."""
    scenario = Scenario("tomu", level=level)
    if level == 4:
        scenario = scenario.no_time_track()
    else:
        scenario = scenario.resources(time=START_TIME[level])
    return scenario.resources(**res).start("hunger")


def win(**res: int) -> Game:
    """A game won by surviving the level-4 Hunger step eating nothing (10 SE)."""
    game = hunger(4, se=20, **res)
    play(game, act.Eat(0))
    assert game.outcome is not None and game.outcome.won
    return game


# --------------------------------------------------------------------------- R-HUNGER-1


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_food_requirement_is_the_level(level: int) -> None:
    # R-HUNGER-1
    game = hunger(level, food=7)
    assert game.decision is not None and game.decision.kind == "hunger"
    assert game.legal_actions() == [act.Eat(n) for n in range(level, -1, -1)]
    events = play(game, act.Eat(level))
    assert [(e.food, e.requirement) for e in of(events, ev.Ate)] == [(level, level)]


def test_food_requirement_also_after_trickery() -> None:
    # R-HUNGER-1
    game = Scenario("tomu", level=3).resources(cunning=4, food=7).monster("orc").start("trickery")
    play(game, act.Trick())
    assert game.decision is not None and game.decision.kind == "hunger"
    assert max(a.food for a in game.legal_actions() if isinstance(a, act.Eat)) == 3


# --------------------------------------------------------------------------- R-HUNGER-2


def test_eat_at_most_the_smaller_of_food_and_requirement() -> None:
    # R-HUNGER-2
    game = hunger(3, food=1)
    assert game.legal_actions() == [act.Eat(1), act.Eat(0)]
    with pytest.raises(IllegalAction):
        game.apply(act.Eat(2))
    assert game.state.res["food"] == 1


def test_each_food_eaten_gives_one_se() -> None:
    # R-HUNGER-2
    game = hunger(2, se=5, food=4)
    events = play(game, act.Eat(2))
    assert of(events, ev.Spent)[0].amounts == {"food": 2}
    assert of(events, ev.Gained)[0].amounts == {"se": 2}
    assert not of(events, ev.Lost)
    assert (game.state.res["se"], game.state.res["food"]) == (7, 2)


def test_eating_less_is_allowed_with_food_in_hand() -> None:
    # R-HUNGER-2
    game = hunger(2, se=5, food=4)
    play(game, act.Eat(0))
    assert (game.state.res["se"], game.state.res["food"]) == (5 - 3, 4)


# --------------------------------------------------------------------------- R-HUNGER-3


@pytest.mark.parametrize(("missing", "cost"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10)])
def test_hunger_cost_is_triangular(missing: int, cost: int) -> None:
    # R-HUNGER-3
    assert hunger_cost(missing) == cost
    game = hunger(4, se=20, food=4 - missing)
    events = play(game, act.Eat(4 - missing))
    lost = [e.amounts for e in of(events, ev.Lost) if e.source == "hunger"]
    assert lost == ([{"se": cost}] if cost else [])


def test_hunger_loss_uses_effort_substitution() -> None:
    # R-HUNGER-3
    game = hunger(4, se=3, me=2, le=5)
    events = play(game, act.Eat(0))
    assert [e.amounts for e in of(events, ev.Lost)] == [{"se": 3, "me": 2, "le": 5}]
    assert game.outcome is not None and game.outcome.won


def test_unpaid_hunger_is_death_by_starvation() -> None:
    # R-HUNGER-3
    game = hunger(3, se=4, me=1, food=0)
    play(game, act.Eat(0))  # 6 SE needed, 5 effort held
    assert game.outcome is not None
    assert not game.outcome.won
    assert game.outcome.cause == "starvation"
    assert game.outcome.step == "hunger"
    assert game.outcome.level == 3


# --------------------------------------------------------------------------- R-LEVEL-1


def test_advance_sets_up_the_next_level() -> None:
    # R-LEVEL-1
    game = (
        Scenario("tomu", level=1)
        .ability_uses(0)
        .condition("poisoned", tokens=1)
        .condition("weakened", active=False)
        .condition("armored")
        .monster("kobold")
        .resources(food=1, time=9)
        .start("hunger")
    )
    events = play(game, act.Eat(1))
    s = game.state
    assert s.level == 2
    assert s.ability_uses == 2
    assert sorted((c.id, c.active) for c in s.conditions) == [
        ("base:armored", True),
        ("base:weakened", True),
    ]
    assert s.monster is None
    assert of(events, ev.MonsterRemoved)[0].monster == "base:kobold"
    assert s.res["time"] == 9
    assert (s.phase, s.step) == ("travel", "preparation")
    assert game.decision is not None and game.decision.kind == "preparation"


def test_next_level_reveals_a_new_monster() -> None:
    # R-LEVEL-1
    game = (
        Scenario("tomu", level=1)
        .monster("kobold")
        .resources(food=1, time=10)
        .dice(1)
        .start("hunger")
    )
    play(game, act.Eat(1), act.Fight())
    assert game.state.monster is not None
    assert game.state.monster.id == "base:goblin"  # level 2, number 1


def test_level_with_no_time_opens_with_the_ambush() -> None:
    # R-LEVEL-1
    game = Scenario("tomu", level=1).resources(food=1, time=0, metal=1).dice(1).start("hunger")
    events = play(game, act.Eat(1))
    steps = [(e.phase, e.step) for e in of(events, ev.StepEntered)]
    assert ("combat", "ambush") in steps
    assert game.state.level == 2
    assert game.state.monster is not None and game.state.monster.id == "base:goblin"
    assert game.state.res["metal"] == 0  # the Goblin's ambush
    assert game.state.res["time"] == START_TIME[2]
    assert game.decision is not None and game.decision.kind == "player_turn"


@pytest.mark.parametrize(("condition", "uses"), [("amnesia", 2), ("blessed", 4)])
def test_new_conditions_change_the_new_levels_uses(condition: str, uses: int) -> None:
    # R-LEVEL-1
    game = (
        Scenario("tomu", level=2)
        .condition(condition, active=False)
        .resources(food=2, time=12)
        .start("hunger")
    )
    play(game, act.Eat(2))
    assert game.state.level == 3
    assert game.state.ability_uses == uses


def test_level_three_hunger_does_not_end_the_game() -> None:
    # R-LEVEL-1
    game = hunger(3, food=3)
    play(game, act.Eat(3))
    assert not game.is_over
    assert game.state.level == 4
    assert game.state.time_track
    assert game.state.res["time"] == START_TIME[3]


# --------------------------------------------------------------------------- R-LEVEL-2


def test_surviving_level_four_hunger_wins() -> None:
    # R-LEVEL-2
    game = hunger(4, se=1, food=4)
    events = play(game, act.Eat(4))
    assert game.is_over
    assert game.outcome is not None
    assert (game.outcome.won, game.outcome.level) == (True, 4)
    assert of(events, ev.GameOver)[0].won
    assert game.decision is None
    assert game.legal_actions() == []


def test_winning_the_level_four_battle_is_not_yet_the_win() -> None:
    # R-LEVEL-2
    game = Scenario("tomu", level=4).no_time_track().monster("troll").start("rewards")
    assert not game.is_over
    assert game.decision is not None and game.decision.kind == "hunger"


# --------------------------------------------------------------------------- R-END-1


def test_death_by_wounds_records_level_step_and_cause() -> None:
    # R-END-1
    game = Scenario("tomu", level=2).resources(se=1).monster("goblin").dice(6).start("battle")
    play(game, act.Skip())  # row 6, WOUND 2, with 1 SE and nothing to substitute
    assert game.is_over
    out = game.outcome
    assert out is not None
    assert (out.won, out.level, out.step) == (False, 2, "battle")
    assert (out.cause, out.source) == ("wounds", "base:goblin")
    assert (out.score, out.rank) == (0, "")
    assert game.decision is None and game.legal_actions() == []
    with pytest.raises(IllegalAction):
        game.apply(act.Skip())


def test_death_by_a_named_effect_records_it() -> None:
    # R-END-1
    game = (
        Scenario("tomu", level=1)
        .resources(se=1)
        .condition("poisoned", tokens=2)
        .monster("hyena")
        .start("battle")
    )
    assert game.is_over
    assert game.outcome is not None
    assert (game.outcome.won, game.outcome.level, game.outcome.step) == (False, 1, "battle")
    assert game.outcome.cause == "Poisoned"


def test_victory_ends_the_game() -> None:
    # R-END-1
    game = win()
    assert game.is_over
    assert game.state.phase == "over"
    with pytest.raises(IllegalAction):
        game.apply(act.Eat(0))


# --------------------------------------------------------------------------- R-SCORE-1


def test_score_counts_what_is_left() -> None:
    # R-SCORE-1
    game = win(me=1, le=1, cunning=1, metal=1, wood=1, food=1, treasure=1)
    # The level-4 requirement is 4: eating 0 keeps the 1 food.
    assert game.outcome is not None
    assert game.outcome.score == 3 + 5 + 2 + 3 + 2 + 3 + 10


def test_se_scores_nothing() -> None:
    # R-SCORE-1
    game = win()
    assert game.state.res["se"] == 10
    assert game.outcome is not None and game.outcome.score == 0


def test_score_after_eating_counts_food_left() -> None:
    # R-SCORE-1
    game = hunger(4, se=0, food=6, treasure=2)
    play(game, act.Eat(4))
    assert game.outcome is not None and game.outcome.won
    assert game.outcome.score == 2 * 3 + 2 * 10


def test_lost_game_scores_nothing() -> None:
    # R-SCORE-1
    game = hunger(4, se=0, treasure=7, le=1)
    play(game, act.Eat(0))
    assert game.outcome is not None and not game.outcome.won
    assert (game.outcome.score, game.outcome.rank) == (0, "")


# --------------------------------------------------------------------------- R-SCORE-2


@pytest.mark.parametrize(
    ("res", "score", "rank"),
    [
        ({}, 0, "Prey"),
        ({"cunning": 1}, 2, "Cast-off"),
        ({"treasure": 1}, 10, "Cast-off"),
        ({"treasure": 1, "wood": 1}, 12, "Survivor"),
        ({"treasure": 2}, 20, "Survivor"),
        ({"treasure": 2, "wood": 1}, 22, "Avenger"),
        ({"treasure": 3}, 30, "Avenger"),
        ({"treasure": 3, "cunning": 1}, 32, "Revenant"),
        ({"treasure": 4}, 40, "Revenant"),
        ({"treasure": 4, "cunning": 1}, 42, "Nemesis"),
        ({"le": 1, "treasure": 7}, 75, "Nemesis"),
        ({"metal": 3, "cunning": 1}, 11, "Survivor"),
        ({"treasure": 1, "metal": 3, "cunning": 1}, 21, "Avenger"),
        ({"treasure": 2, "metal": 3, "cunning": 1}, 31, "Revenant"),
        ({"treasure": 3, "metal": 3, "cunning": 1}, 41, "Nemesis"),
    ],
)
def test_rank_by_points(res: dict[str, int], score: int, rank: str) -> None:
    # R-SCORE-2
    game = win(**res)
    assert game.outcome is not None
    assert (game.outcome.score, game.outcome.rank) == (score, rank)


def test_rank_boundaries_in_content() -> None:
    # R-SCORE-2
    assert RULES.settings.ranks == [
        (0, "Prey"),
        (1, "Cast-off"),
        (11, "Survivor"),
        (21, "Avenger"),
        (31, "Revenant"),
        (41, "Nemesis"),
    ]


def test_what_a_decision_reveals() -> None:
    # What the seeded generator decided (R-DIGI-1) shows in these events: new knowledge.
    from unbroken.core import events as ev

    assert not reveals([ev.Spent({"se": 4}, "focus"), ev.Gained({"me": 1}, {}, "focus")])
    assert not reveals([])
    for shown in (
        ev.DieRolled("dice", "combat", 3),
        ev.DeckShuffled("skills", ["a", "b"]),
        ev.EncountersRevealed(["x"]),
        ev.SkillsDrawn(["a"]),
        ev.MonsterRevealed("base:kobold", 1, 3),
    ):
        assert reveals([ev.Spent({"se": 1}, "x"), shown])
