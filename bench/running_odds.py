"""Whether the running `%` tells where its chance will end: running figures against the final.

    python bench/running_odds.py [--positions 100] [--jobs 2] [--seed 1]

At `--positions` decisions with a choice drawn from the golden recordings (as
bench/odds.py draws them), the options are raced as the game's `%` races them
(`estimator.weigh` with `watch`: the option ahead plays the chance's futures
beside each stage), and after every stage the running figure of the option
ahead is compared with the position's final chance (its best option's, on 100
futures of its own). Two running figures are judged on the same races:

- "race": the option ahead's own figure on the race's futures, what `%`
  showed beside it before r21a (the race picks the leader for being high, and
  its futures are not the chance's);
- "now": the chance's futures the option ahead has played so far, what `%`
  shows now (while it stays ahead, a prefix of the chance's own sample).

For each, how often the final chance lies inside the running figure's 95 %
interval, and the mean of running minus final (its bias), in points.
"""

from __future__ import annotations

import argparse
import os
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from odds import sample  # bench/odds.py's decisions: the same for the same seed

from unbroken.advisor.estimator import Weighing, weigh
from unbroken.core.actions import Action
from unbroken.core.game import Game

_PICKED: list[tuple[Game, list[Action]]] = []


@dataclass
class Tally:
    """Running figures against the final chance: inside its interval, and the gaps."""

    inside: int = 0
    seen: int = 0
    gaps: list[float] = field(default_factory=list)

    def add(self, rate: float, low: float, high: float, final: float) -> None:
        self.seen += 1
        self.inside += low - 1e-9 <= final <= high + 1e-9
        self.gaps.append(100 * (rate - final))

    def said(self) -> str:
        if not self.seen:
            return "none"
        mean = statistics.mean(self.gaps)
        spread = statistics.stdev(self.gaps) if len(self.gaps) > 1 else 0.0
        return (
            f"final inside the interval {self.inside} of {self.seen} "
            f"({100 * self.inside / self.seen:.1f} %); running - final: mean {mean:+.2f} "
            f"points (sd {spread:.1f})"
        )


def _one(i: int, count: int, seed: int) -> list[tuple[str, float, float, float, float]]:
    """Race position i; return (way, rate, low, high, final) of every running figure."""
    if not _PICKED:
        _PICKED.extend(sample(count, seed))
    game, actions = _PICKED[i]
    running: list[Weighing] = []
    final = weigh(game, actions, watch=running.append)
    if len(actions) < 2:
        return []
    end = final.chance.rate
    found = []
    for w in running:
        if w.weighed:
            continue  # the final figure itself
        race = w.estimate(w.best)
        found.append(("race", race.rate, race.low, race.high, end))
        if w.chance.games:
            c = w.chance
            found.append(("now", c.rate, c.low, c.high, end))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tallies = {"race": Tally(), "now": Tally()}
    with ProcessPoolExecutor(args.jobs) as pool:
        jobs = [pool.submit(_one, i, args.positions, args.seed) for i in range(args.positions)]
        for job in jobs:
            for way, rate, low, high, final in job.result():
                tallies[way].add(rate, low, high, final)
    print(f"{args.positions} decisions, load average {os.getloadavg()[0]:.1f}")
    print(f"before (the race's figure of the option ahead): {tallies['race'].said()}")
    print(f"now (the chance's futures played so far): {tallies['now'].said()}")


if __name__ == "__main__":
    main()
