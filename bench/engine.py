"""Engine speed: random-bot games/s and decisions/s, and where the time goes.

    python bench/engine.py [--games N] [--seed S] [--profile | --calls]

Runs on one core in this process. Numbers from a shared, noisy machine are
only comparable within one run; --profile prints the top functions by
cumulative time (cProfile) for the same batch. --calls counts the functions
called (Python and built-in) per decision over the batch, without checks,
instead of timing anything: the engine's work, which the machine's noise does
not move, to compare checkouts (`PYTHONPATH=OLD/src python bench/engine.py
--calls`, then with the new src; the same games, so the same decisions).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from typing import Any

from unbroken import sim
from unbroken.core.game import Game
from unbroken.play.observers import Observers
from unbroken.plugins import load_ruleset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--calls", action="store_true", help="count calls, do not time")
    args = parser.parse_args()
    ruleset = load_ruleset()
    if args.calls:
        count_calls(ruleset, args.games, args.seed)
        return

    # Warm-up (imports, caches), then the measured batch, with and without invariant checks.
    sim.run(ruleset, games=50, seed=args.seed)
    summary = sim.run(ruleset, games=args.games, seed=args.seed)
    print(f"random bot, {summary.games} games, all characters and difficulties:")
    print(f"  {summary.games / summary.seconds:8.0f} games/s")
    print(f"  {summary.decisions / summary.seconds:8.0f} decisions/s")
    print(f"  {summary.decisions / summary.games:8.1f} decisions/game, {summary.wins} wins")

    start = time.perf_counter()
    decisions = 0
    for game_seed, character, difficulty in sim.schedule(ruleset, args.games, args.seed):
        game = Game.new(ruleset, character=character, difficulty=difficulty, seed=game_seed)
        decisions += sim.play(game, sim.random_bot, check=False)
    seconds = time.perf_counter() - start
    print("without invariant checks or the log digest:")
    print(f"  {args.games / seconds:8.0f} games/s, {decisions / seconds:8.0f} decisions/s")

    # Plugin observers (unbroken_game_event): none costs nothing; one no-op observer
    # costs a copy of the state per decision and a fold of its events.
    def observed(observers: Observers) -> float:
        start = time.perf_counter()
        for game_seed, character, difficulty in sim.schedule(ruleset, args.games, args.seed):
            game = Game.new(ruleset, character=character, difficulty=difficulty, seed=game_seed)
            sim.play(game, sim.random_bot, check=False, observers=observers)
        games: int = args.games
        return games / (time.perf_counter() - start)

    nobody = observed(Observers())
    one = observed(Observers([("noop", lambda **kwargs: None)]))
    print("plugin observers (same batch, no checks):")
    print(f"  {nobody:8.0f} games/s with none ({nobody / (args.games / seconds):.2f}x the above)")
    print(f"  {one:8.0f} games/s with one no-op observer ({one / nobody:.2f}x)")

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        sim.run(ruleset, games=args.games, seed=args.seed)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(18)


def count_calls(ruleset: Any, games: int, seed: int) -> None:
    """Print the functions called per decision over `games` random-bot games (--calls)."""
    calls = [0]

    def count(frame: Any, event: str, arg: Any) -> None:
        if event in ("call", "c_call"):
            calls[0] += 1

    decisions = 0
    for game_seed, character, difficulty in sim.schedule(ruleset, games, seed):
        game = Game.new(ruleset, character=character, difficulty=difficulty, seed=game_seed)
        sys.setprofile(count)
        decisions += sim.play(game, sim.random_bot, check=False)
        sys.setprofile(None)
    print(f"random bot, {games} games, {decisions} decisions, without checks:")
    print(f"  {calls[0]:,} functions called, {calls[0] / decisions:.1f} per decision")


if __name__ == "__main__":
    main()
