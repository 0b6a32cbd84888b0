"""The advisor (issue #20): honest intervals, no peeking, the same advice in workers, anytime."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from unbroken.advisor import Estimate, advise, wilson
from unbroken.advisor.bot import RolloutBot
from unbroken.advisor.pool import Anytime, RolloutPool
from unbroken.advisor.rollouts import position
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.sim import heuristic_bot

RULES = load_ruleset()


def played(seed: int, decisions: int, character: str = "tomu") -> Game:
    game = Game.new(RULES, character, "normal", seed)
    for n in range(decisions):
        game.apply(heuristic_bot(game, n))
    return game


def visible(game: Game) -> bytes:
    """The state as the player sees it: not the seed, nor the order of the unseen cards."""
    s = msgspec.structs.replace(
        game.state,
        seed=0,
        encounter_deck=sorted(game.state.encounter_deck),
        skill_deck=sorted(game.state.skill_deck),
    )
    return msgspec.msgpack.encode(s)


@given(st.integers(0, 400), st.integers(0, 400))
def test_the_wilson_interval_holds_the_rate_inside_zero_to_one(wins: int, more: int) -> None:
    games = wins + more
    low, high = wilson(wins, games)
    rate = wins / games if games else 0.5
    assert 0.0 <= low <= rate <= high <= 1.0
    if games:  # more games of the same rate: a narrower interval
        low2, high2 = wilson(4 * wins, 4 * games)
        assert high2 - low2 < high - low


def test_the_wilson_interval_of_known_counts() -> None:
    # 0 of 10: the upper end is z²/(n+z²) = 3.8415/13.8415.
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.27753, abs=1e-5)
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.23659, abs=1e-5) and high == pytest.approx(0.76341, abs=1e-5)
    assert wilson(0, 0) == (0.0, 1.0)
    assert Estimate(5, 10).percent() == "50 % (24-76)"


def test_two_games_with_the_same_visible_history_get_the_same_advice() -> None:
    """R-DIGI (no peeking, #20 item 2): at the first decision of Normal games nothing random
    has been seen, so games of different seeds look the same; their futures differ."""
    a, b = Game.new(RULES, "tomu", "normal", 1), Game.new(RULES, "tomu", "normal", 2)
    assert visible(a) == visible(b)
    assert a.state.encounter_deck != b.state.encounter_deck  # the real futures differ
    assert advise(a, games=6, seed=7) == advise(b, games=6, seed=7)
    # Later: the same history with another seed and other unseen card orders.
    game = played(3, 30)
    other = game.fork()
    other.state.seed = 123456789
    other.state.encounter_deck = list(reversed(other.state.encounter_deck))
    other.state.skill_deck = list(reversed(other.state.skill_deck))
    assert visible(other) == visible(game) and other.state != game.state
    assert advise(game, games=6, seed=7) == advise(other, games=6, seed=7)


def test_the_advisors_stream_matters_and_the_game_is_untouched() -> None:
    game = played(5, 40)
    before = msgspec.msgpack.encode([game.state, game.events])
    by_seed = {advise(game, games=8, seed=s) for s in range(4)}
    assert len(by_seed) > 1  # the estimates come from the advisor's stream
    assert msgspec.msgpack.encode([game.state, game.events]) == before


def test_a_sent_position_holds_no_trace_of_the_real_future() -> None:
    game = played(8, 20)
    seen = position(game)
    assert seen.events == []
    assert seen.state.seed != game.state.seed
    assert sorted(seen.state.encounter_deck) == sorted(game.state.encounter_deck)
    assert position(game).state == seen.state  # the same for the same position


def test_worker_processes_give_the_same_estimates() -> None:
    game = played(5, 40)
    assert advise(game, games=6, seed=3, jobs=2) == advise(game, games=6, seed=3)


def test_anytime_estimates_grow_to_the_whole_and_stop() -> None:
    game = played(5, 40)
    actions = game.legal_actions()
    with RolloutPool(RULES, 2) as pool:
        odds = Anytime(pool, game, actions, stream=3, batch=5, most=40)
        seen = []
        while not odds.finished:
            seen.append(odds.poll().games[0])
        assert seen == sorted(seen)  # it only grows
        assert odds.weighing() == advise(game, actions, games=40, seed=3)
        stopped = Anytime(pool, game, actions, stream=3, batch=2, most=1000)
        stopped.stop()
        assert stopped.finished and stopped.poll().games[0] == 0


def test_the_rollout_bot_takes_a_legal_option_and_is_deterministic() -> None:
    bot = RolloutBot(games=2)
    game = played(5, 40)
    assert len(game.legal_actions()) > 1
    choice = bot(game, 0)
    assert choice in game.legal_actions()
    assert bot(game, 0) == choice


def test_the_rollout_bot_leaves_the_reference_only_for_a_clear_gain() -> None:
    from unbroken.advisor.bot import clearly_better

    t, f = True, False
    assert clearly_better([t, t, t, t, f], [f, f, f, f, f]) == 4  # 4 ahead, 0 behind: clear
    assert clearly_better([t, t, f, f], [f, f, f, f]) == 0  # 2 ahead: could be luck
    assert clearly_better([t, t, t, t, t, f], [f, f, f, f, t, t]) == 0  # 4 ahead, 1 behind
    assert clearly_better([f, f, f, f], [t, t, t, t]) == 0  # behind


def test_a_rollout_that_fails_in_a_worker_raises_its_own_error() -> None:
    """analyze turns a plugin's HandlerError into one line; on workers it must stay itself."""
    from unbroken.advisor.pool import weigh_all
    from unbroken.core.actions import Eat
    from unbroken.core.game import IllegalAction

    game = played(5, 40)
    assert Eat(99) not in game.legal_actions()
    with RolloutPool(RULES, 2) as pool, pytest.raises(IllegalAction):
        weigh_all(pool, [(game, [game.legal_actions()[0], Eat(99)])], most=4)
