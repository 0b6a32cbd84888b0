"""The heuristic bot's memoised estimates answer as the computation written out does.

needs() and battle_cost() are memoised by what they read from the game (issue #20,
item 5: rollouts meet the same positions again and again); at every decision of
random games, and of a fork's rollout, they must equal fresh_needs() and
fresh_battle_cost(), the unmemoised computations, exactly (the same floats).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unbroken.bots import values
from unbroken.bots.heuristic import heuristic_bot
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset

RULES = load_ruleset()
CHARACTERS = sorted(RULES.characters)
DIFFICULTIES = [d.id for d in RULES.settings.difficulties]


def agree(game: Game) -> None:
    assert values.needs(game) == values.fresh_needs(game)
    assert values.battle_cost(game) == values.fresh_battle_cost(game)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**64 - 1),
    character=st.sampled_from(CHARACTERS),
    difficulty=st.sampled_from(DIFFICULTIES),
    picks=st.lists(st.integers(0, 99), min_size=300, max_size=300),
    resample=st.integers(0, 2**64 - 1),
)
def test_the_memoised_estimates_equal_the_computation(
    seed: int, character: str, difficulty: str, picks: list[int], resample: int
) -> None:
    game = Game.new(RULES, character, difficulty, seed)
    decisions = 0
    for n, pick in enumerate(picks):  # random and heuristic choices mixed
        if game.is_over:
            break
        agree(game)
        legal = game.legal_actions()
        game.apply(heuristic_bot(game, n) if pick % 2 else legal[pick % len(legal)])
        decisions += 1
    fork = Game.new(RULES, character, difficulty, seed).fork(resample)
    n = 0
    while not fork.is_over:  # a rollout, as the advisor plays it
        agree(fork)
        fork.apply(heuristic_bot(fork, n))
        n += 1
    assert decisions > 0 and n > 0


def test_the_memo_of_needs_gives_a_copy_the_caller_may_change() -> None:
    game = Game.new(RULES, "tomu", "normal", 5)
    first = values.needs(game)
    first["se"] = -1.0
    assert values.needs(game) == values.fresh_needs(game) != first
