"""The advisor's raw material: the cost of Game.fork and rollouts per second.

    python bench/advisor.py [--rollouts N] [--seed S]

From a level-2 position of a heuristic-bot game (Tomu, Normal), on one core in
this process: the time of one fork (plain, and with the hidden information
drawn anew), and rollouts per second — a resampled fork played to its end by
the reference bot, as an advisor would estimate one option. Numbers from a
shared machine compare only within one run.
"""

from __future__ import annotations

import argparse
import time

from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.sim import heuristic_bot


def level_two(seed: int) -> Game:
    """Return a game at its first level-2 decision (or the last, if it never got there)."""
    rules = load_ruleset()
    while True:
        game = Game.new(rules, "tomu", "normal", seed)
        n = 0
        while not game.is_over and game.state.level < 2:
            game.apply(heuristic_bot(game, n))
            n += 1
        if not game.is_over:
            return game
        seed += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rollouts", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = level_two(args.seed)
    print(f"position: seed {game.state.seed}, level {game.state.level}, {len(game.events)} events")
    for label, resample in (("plain", None), ("resampled", 1)):
        start = time.perf_counter()
        for i in range(1000):
            game.fork(resample if resample is None else i)
        took = (time.perf_counter() - start) / 1000
        print(f"  fork ({label}): {took * 1e6:7.0f} µs")
    wins = decisions = 0
    start = time.perf_counter()
    for i in range(args.rollouts):
        fork = game.fork(i)
        n = 0
        while not fork.is_over:
            fork.apply(heuristic_bot(fork, n))
            n += 1
        decisions += n
        wins += bool(fork.outcome and fork.outcome.won)
    took = time.perf_counter() - start
    print(
        f"  {args.rollouts} rollouts: {args.rollouts / took:6.0f}/s on one core, "
        f"{decisions / took:7.0f} decisions/s, {decisions / args.rollouts:.0f} decisions each, "
        f"won {100 * wins / args.rollouts:.1f} %"
    )


if __name__ == "__main__":
    main()
