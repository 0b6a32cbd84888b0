"""Game.fork: an independent game at the same position, optionally with what is hidden
drawn anew (issue #20: the advisor's rollouts must neither change the game nor peek)."""

from __future__ import annotations

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import CHARACTERS, DIFFICULTIES, RULES

from unbroken.core.game import Game
from unbroken.sim import heuristic_bot


def encoded(game: Game) -> bytes:
    return msgspec.msgpack.encode([game.state, game.events])


def play(game: Game, decisions: int | None = None) -> None:
    n = 0
    while not game.is_over and (decisions is None or n < decisions):
        game.apply(heuristic_bot(game, n))
        n += 1


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**63),
    character=st.sampled_from(CHARACTERS),
    difficulty=st.sampled_from(DIFFICULTIES),
    played=st.integers(0, 60),
    resample=st.one_of(st.none(), st.integers(0, 2**64 - 1)),
)
def test_playing_a_fork_never_changes_the_game(
    seed: int, character: str, difficulty: str, played: int, resample: int | None
) -> None:
    game = Game.new(RULES, character, difficulty, seed)
    play(game, played)
    before = encoded(game)
    twin = Game.new(RULES, character, difficulty, seed)
    play(twin, played)
    fork = game.fork(resample)
    play(fork)  # to its end
    assert encoded(game) == before
    # The game goes on exactly as an untouched twin does.
    play(game)
    play(twin)
    assert encoded(game) == encoded(twin)


def test_a_plain_fork_has_the_same_future() -> None:
    game = Game.new(RULES, "tomu", "normal", 11)
    play(game, 10)
    fork = game.fork()
    play(fork)
    play(game)
    assert encoded(fork) == encoded(game)


def test_a_resampled_fork_does_not_peek() -> None:
    """Same visible position, another seed and another order of the unseen cards: the same
    fork for the same resample seed, and the same rollout, move for move."""
    game = Game.new(RULES, "helena", "normal", 21)
    play(game, 12)
    other = game.fork()  # the same position, but a different hidden future:
    other.state.seed = 9_999_999
    other.state.encounter_deck = list(reversed(other.state.encounter_deck))
    other.state.skill_deck = list(reversed(other.state.skill_deck))
    assert encoded(other) != encoded(game)
    for resample in (1, 2, 2**64 - 1):
        a, b = game.fork(resample), other.fork(resample)
        assert encoded(a) == encoded(b)
        play(a)
        play(b)
        assert encoded(a) == encoded(b)
    # And the real future is not what a resampled fork sees.
    assert game.fork(1).state.encounter_deck != game.state.encounter_deck
    assert game.fork(1).state.seed != game.state.seed
