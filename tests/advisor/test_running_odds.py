"""The running `%` tells where its chance will end (r21a).

A player saw `%` read 51 % (41-61) while the race ran, then 38 % (29-48) when it was
over: the running figure was the race's own figure of the option ahead (on the race's
futures, and ahead for being high), the final one its chance on futures of its own.
Now the option ahead plays the chance's futures beside the race, and the running figure
is those played so far: while it stays ahead, a prefix of the final figure's sample.
"""

from __future__ import annotations

from concurrent.futures import Future
from pathlib import Path

from unbroken.advisor.analysis import positions
from unbroken.advisor.estimator import Weighing, weigh
from unbroken.advisor.pool import Anytime
from unbroken.advisor.rollouts import unpack_round
from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.replay import read_recording

RULES = load_ruleset()
GAME = Path(__file__).parents[2] / "replays" / "normal_tomu_seed1811464556580010651_lost.jsonl"
#: Futures an option at most here (the game's 100 take too long for a test; the same race).
MOST = 32


def choices(count: int) -> list[tuple[Game, list[Action]]]:
    """Return `count` decisions of two options or more of a golden game, spread over it."""
    found = [(p.game, p.legal) for p in positions(read_recording(GAME), RULES)[0]]
    found = [(g, legal) for g, legal in found if len(legal) > 1]
    step = max(1, len(found) // count)
    return found[::step][:count]


def prefix(running: Weighing, final: Weighing) -> bool:
    """True when the running chance is the first of the final chance's futures."""
    games = running.chance.games
    return running.fresh == final.fresh & ((1 << games) - 1) and games <= final.fresh_games


class Later:
    """A pool whose rounds are played one at a time when the test says (`play_one`), in this
    process with the workers' own function: the odds are seen after every round, as the
    game screen's timer sees them."""

    def __init__(self) -> None:
        self.waiting: list[tuple[Future[list[int]], bytes, bytes, list[int]]] = []

    def submit(self, state: bytes, actions: bytes, resamples: list[int]) -> Future[list[int]]:
        later: Future[list[int]] = Future()
        self.waiting.append((later, state, actions, resamples))
        return later

    def play_one(self) -> None:
        later, state, actions, resamples = self.waiting.pop(0)
        later.set_result(unpack_round(RULES, state, actions, resamples))


def run(game: Game, legal: list[Action]) -> list[Weighing]:
    """Return the game screen's odds at the position after every round, the last final."""
    pool = Later()
    odds = Anytime(pool, game, legal, most=MOST, reused=None)
    seen = [odds.poll()]
    while not odds.finished:
        pool.play_one()
        seen.append(odds.poll())
        done, count = odds.under_way()
        assert 0 <= done <= count
    return seen


def test_the_running_chance_is_a_prefix_of_the_final_sample_and_its_interval_holds_it() -> None:
    shown = inside = same = 0
    for i, (game, legal) in enumerate(choices(10)):
        seen = run(game, legal)
        final = seen[-1]
        assert final.weighed
        if i < 2:  # the same figures as the estimator's, which plays no futures early
            assert final == weigh(game, legal, most=MOST)
        for w in seen[:-1]:
            assert not w.weighed
            if not w.chance.games:  # none of its futures yet: nothing shown, no race figure
                assert not any(f.games for f in w.shown_all)
                continue
            shown += 1
            if w.best == final.best:
                same += 1
                assert prefix(w, final)
            inside += w.chance.low <= final.chance.rate <= w.chance.high
    # Not vacuous: running figures were shown, most of the option that ended best.
    assert shown >= 20 and same >= 0.8 * shown
    # The running 95 % intervals held the final figure at least 95 % of the time.
    assert inside >= 0.95 * shown


def test_the_estimator_watched_plays_the_chances_futures_early_to_the_same_end() -> None:
    for game, legal in choices(10):
        running: list[Weighing] = []
        final = weigh(game, legal, most=MOST, watch=running.append)
        if any(w.chance.games and not w.weighed for w in running):  # a race past its first stage
            assert running[-1] == final == run(game, legal)[-1]
            assert all(prefix(w, final) for w in running if w.best == final.best)
            return
    raise AssertionError("no race here ran past its first stage")
