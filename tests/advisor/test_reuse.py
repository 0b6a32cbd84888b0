"""Work reused between neighbouring decisions (#30 item 4): the futures keyed by what stays
the same while nothing is seen, the reference bot numbered by the game's count, so the
option taken at one decision IS, future by future, the bot's own option at the next; the
next race takes those results instead of playing them, and every figure stays the same."""

from __future__ import annotations

from pathlib import Path

import msgspec

from unbroken.advisor.analysis import analyze, positions
from unbroken.advisor.estimator import futures, futures_key, weigh
from unbroken.advisor.pool import Anytime, RolloutPool
from unbroken.advisor.reuse import Reuse, landing, place
from unbroken.advisor.rollouts import position, rollout
from unbroken.bots.heuristic import heuristic_bot
from unbroken.core import rng
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.replay import read_recording

RULES = load_ruleset()
REPLAYS = Path(__file__).parents[2] / "replays"
GAME = REPLAYS / "normal_niola_seed8544419173813656440_lost.jsonl"


def quiet_pairs(path: Path) -> list[tuple[Game, int, Game]]:
    """Return the neighbouring positions of a recording with nothing seen between them: the
    position, the option taken there, and the next position (the one it led to)."""
    found, _ = positions(read_recording(path), RULES)
    pairs = []
    for p0, p1 in zip(found, found[1:], strict=False):
        seen0, seen1 = position(p0.game), position(p1.game)
        if futures_key(seen0) == futures_key(seen1):
            if landing(seen0, p0.legal[p0.taken]) == place(seen1):
                pairs.append((p0.game, p0.taken, p1.game))
    return pairs


def test_games_that_differ_only_in_unseen_order_get_the_same_futures() -> None:
    """No peeking, for the new key: the real seed and the order of the unseen cards are not
    in it; a card or a die seen is."""
    game = Game.new(RULES, "tomu", "normal", 5)
    for _ in range(40):
        game.apply(heuristic_bot(game, game.state.decisions))
    other = game.fork()
    other.state.seed = 987654321
    other.state.encounter_deck = list(reversed(other.state.encounter_deck))
    other.state.skill_deck = list(reversed(other.state.skill_deck))
    assert other.state != game.state
    assert futures_key(other) == futures_key(game)
    assert futures(futures_key(other), 0, 4) == futures(futures_key(game), 0, 4)
    assert weigh(other, most=8) == weigh(game, most=8)
    rolled = game.fork()
    rolled.state.counters = {**rolled.state.counters, "dice": rolled.state.counters["dice"] + 1}
    assert futures_key(rolled) != futures_key(game)  # a die seen: other futures
    drawn = game.fork()
    drawn.state.encounter_deck = drawn.state.encounter_deck[1:]
    assert futures_key(drawn) != futures_key(game)  # a card seen: other futures


def test_the_option_taken_is_the_bots_own_option_at_the_next_quiet_decision() -> None:
    pairs = quiet_pairs(GAME)
    assert len(pairs) >= 3
    for before, taken, after in pairs:
        seen0, seen1 = position(before), position(after)
        action = before.legal_actions()[taken]
        bot = heuristic_bot(seen1, seen1.state.decisions)
        for seed in futures(futures_key(seen0), 0, 3):
            # The fork of the first, the option taken and the forced answers on the way, is
            # the fork of the second on the same future: bit for bit.
            fork = seen0.fork(seed)
            fork.apply(action)
            while len(fork.legal_actions()) == 1:
                fork.apply(fork.legal_actions()[0])
            assert msgspec.msgpack.encode(fork.state) == msgspec.msgpack.encode(
                seen1.fork(seed).state
            )
            assert rollout(seen0, action, seed) == rollout(seen1, bot, seed)


def test_a_game_analysed_with_and_without_reuse_gives_the_same_json() -> None:
    rec = read_recording(GAME)
    kept = Reuse(keep=None)
    alone = analyze(rec, RULES, games=16, jobs=1, reuse=False).as_json()
    reused = analyze(rec, RULES, games=16, jobs=1, reused=kept).as_json()
    assert kept.saved > 0  # it did take rollouts from the race before
    assert reused == alone
    pooled = Reuse(keep=None)
    assert analyze(rec, RULES, games=16, jobs=2, reused=pooled).as_json() == alone
    assert pooled.saved == kept.saved


def finish(odds: Anytime) -> Anytime:
    while not odds.finished:
        odds.poll()
    return odds


def test_the_odds_asked_at_neighbouring_decisions_are_the_same_with_and_without_reuse() -> None:
    """The game's `%` keeps the last positions' results (`pool.SHARED_REUSE`): asked at a
    decision and at the next, with nothing seen between, the second race takes the first's
    results for the bot's option and shows what it shows without them."""
    before, _, after = quiet_pairs(GAME)[0]
    kept = Reuse()
    with RolloutPool(RULES, 2) as pool:
        finish(Anytime(pool, before, before.legal_actions(), most=32, reused=kept))
        odds = finish(Anytime(pool, after, after.legal_actions(), most=32, reused=kept))
        alone = finish(Anytime(pool, after, after.legal_actions(), most=32, reused=None))
    assert kept.saved > 0
    assert odds.weighing() == alone.weighing() == weigh(after, most=32)


def test_a_kept_result_is_not_taken_where_the_futures_differ() -> None:
    before, taken, after = quiet_pairs(GAME)[0]
    seen0, seen1 = position(before), position(after)
    kept = Reuse()
    key = futures_key(seen0)
    kept.remember(key, seen0, [before.legal_actions()[taken]], [(0b1, 0b1)])
    assert kept.recall(futures_key(seen1), seen1, after.legal_actions()) is not None
    assert kept.recall(rng.mix(key + 1), seen1, after.legal_actions()) is None
