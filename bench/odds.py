"""How long the odds (`%`) take to settle at typical decisions of recorded games.

    python bench/odds.py [--positions 100] [--jobs 2] [--seed 1] [--halve-from 16 ...]

Picks `--positions` decisions with a choice at random (a stream of its own,
`--seed`) from the golden recordings, and at each runs the game's odds as
the game screen does (`Anytime` on a pool of `--jobs` workers started once,
polled every 10 ms) until the race ends: the best option clearly ahead of all
others ("alone"), every other option within 2 points ("settled"), or the
budget spent ("budget"), and then the best option's chance is weighed on
futures of its own. Prints the median and 90th percentile of the time to the
race's end and to the chance's, and how the races ended. The machine may be
shared: the load average is printed; compare within one run. Each
`--halve-from` is a way to race (successive halving only after the stage that
ends at that many futures: 16 is the race before #30's follow-up); with
several, each position is weighed every way in turn, so they share the load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import Counter
from pathlib import Path

from unbroken.advisor.analysis import positions
from unbroken.advisor.estimator import HALVE_FROM
from unbroken.advisor.pool import Anytime, RolloutPool
from unbroken.core import rng
from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.replay import read_recording

GOLDEN = Path(__file__).resolve().parents[1] / "replays"


def sample(count: int, seed: int) -> list[tuple[Game, list[Action]]]:
    """Return `count` decisions with a choice drawn from the golden recordings."""
    rules = load_ruleset()
    found: list[tuple[Game, list[Action]]] = []
    for path in sorted(GOLDEN.glob("*.jsonl")):
        found += [(p.game, p.legal) for p in positions(read_recording(path), rules)[0]]
    picked = []
    for i in range(count):
        picked.append(found.pop(rng.below(rng.draw(seed, "bench:odds", i), len(found))))
    return picked


def run_to_the_end(odds: Anytime) -> tuple[float, float]:
    """Poll the odds every 10 ms until they finish; return the seconds they took, and the
    seconds until their race was decided (the same, when it never was)."""
    start = time.perf_counter()
    decided = None
    while not odds.finished:
        time.sleep(0.01)
        odds.poll()
        if decided is None and odds.race.decided:
            decided = time.perf_counter() - start
    total = time.perf_counter() - start
    return total, total if decided is None else decided


class Way:
    """The times of one way to race: to the race's end and to the chance's, how races ended."""

    def __init__(self, halve_from: int) -> None:
        self.halve_from = halve_from
        self.times: list[float] = []
        self.ranked: list[float] = []  # until the race is decided (before the best's futures)
        self.ends: Counter[str] = Counter()

    def time(self, pool: RolloutPool, game: Game, actions: list[Action]) -> None:
        odds = Anytime(pool, game, actions, halve_from=self.halve_from)
        total, decided = run_to_the_end(odds)
        self.times.append(total)
        self.ranked.append(decided)
        self.ends[odds.race.ended.value] += 1

    def report(self) -> None:
        times, ranked = sorted(self.times), sorted(self.ranked)
        print(
            f"halving from {self.halve_from} futures: race decided: median "
            f"{statistics.median(ranked):.2f} s, 90th percentile "
            f"{ranked[int(0.9 * (len(ranked) - 1))]:.2f} s; the best's chance weighed too: "
            f"median {statistics.median(times):.2f} s, 90th percentile "
            f"{times[int(0.9 * (len(times) - 1))]:.2f} s; ended: {dict(self.ends)}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--halve-from", type=int, action="append")
    args = parser.parse_args()
    picked = sample(args.positions, args.seed)
    rules = picked[0][0].ruleset
    ways = [Way(h) for h in args.halve_from or [HALVE_FROM]]
    with RolloutPool(rules, args.jobs) as pool:
        pool.weigh(*picked[0], most=16)  # the workers are up before the clock starts
        for game, actions in picked:
            for way in ways:
                way.time(pool, game, actions)
    options = [len(actions) for _, actions in picked]
    print(
        f"{len(picked)} decisions ({statistics.mean(options):.1f} options on average), "
        f"{args.jobs} workers, load average {os.getloadavg()[0]:.1f}"
    )
    for way in ways:
        way.report()


if __name__ == "__main__":
    main()
