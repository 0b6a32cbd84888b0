"""Hold the forecast to what happens over many bot games (#28's done-when, at scale).

    python tools/forecast_check.py [--games N] [--seed S] [--plugins base,unearthed,...]

At every decision of every game, every legal option is forecast and taken on a
fork (`unbroken.testing.check_forecasts`): the forecast's certain events must be
the first events `Game.apply` emits, up to the next decision or the first thing
chance decides, and the rules it names must be on cards in play. The games mix
the heuristic bot, the greedy bot and random legal choices (seeded), over every
character and difficulty in turn, so they reach the later levels. Prints the
games, decisions and options checked and every disagreement (seed, decision,
option); exits 1 when there is one. The suite's property test
(tests/core/test_forecast.py) plays 40 games each run; this plays thousands.
"""

from __future__ import annotations

import argparse
import sys
import time

from unbroken.core.game import Game
from unbroken.plugins import load_plugins, load_ruleset
from unbroken.testing import check_forecasts, mixed_walk


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plugins", default="", help="plugins to load (default: installed)")
    args = parser.parse_args()
    names = [p for p in args.plugins.split(",") if p]
    rules = load_plugins(names).ruleset if names else load_ruleset()
    characters = sorted(rules.characters)
    difficulties = [d.id for d in rules.settings.difficulties]
    decisions = options = 0
    wrong: list[str] = []
    start = time.perf_counter()
    for i in range(args.games):
        seed = args.seed * 1_000_003 + i
        character = characters[i % len(characters)]
        game = Game.new(rules, character, difficulties[i % len(difficulties)], seed)
        n = 0
        for n, at in enumerate(mixed_walk(game, seed), start=1):
            try:
                options += check_forecasts(at)
            except AssertionError as exc:
                wrong.append(f"seed {seed} ({at.state.character}), decision {n - 1}: {exc}")
                n -= 1
                break
        decisions += n
    spent = time.perf_counter() - start
    print(
        f"{args.games} games, {decisions} decisions, {options} options forecast and taken "
        f"on a fork: {len(wrong)} disagreement(s) ({spent:.0f} s)"
    )
    for line in wrong[:20]:
        print(f"  {line}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
