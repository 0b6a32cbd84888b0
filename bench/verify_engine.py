"""Engine speed at re-running recorded games: the engine's share of `unbroken verify`.

    python bench/verify_engine.py [--games N] [--seed S] [--bot heuristic|greedy|random]
                                  [--repeat R] [--profile]

Plays N games with a bot and keeps each one's actions and events in memory;
then re-runs them as a replay does (Game.new, then Game.apply of every
recorded action, with its legality check) and compares the events. No files,
parsing or digests: the number is the ceiling the engine puts on verify.
Runs on one core in this process; the best of `--repeat` runs is printed, as
a shared machine only ever makes a run slower, by the wall clock and by the CPU
time the process used (what the engine costs, whatever else runs on the machine).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from unbroken import sim
from unbroken.core.actions import Action
from unbroken.core.events import Event
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset

Played = tuple[int, str, str, list[Event], list[tuple[Action, list[Event]]]]


def record(ruleset: Ruleset, games: int, seed: int, bot: str) -> list[Played]:
    """Play the games; return each one's start, setup events and (action, events) pairs."""
    policy = sim.BOTS[bot]
    out: list[Played] = []
    for game_seed, character, difficulty in sim.schedule(ruleset, games, seed):
        game = Game.new(ruleset, character=character, difficulty=difficulty, seed=game_seed)
        setup = list(game.events)
        steps = []
        n = 0
        while not game.is_over:
            action = policy(game, n)
            steps.append((action, game.apply(action)))
            n += 1
        out.append((game_seed, character, difficulty, setup, steps))
    return out


def rerun(ruleset: Ruleset, played: list[Played]) -> None:
    """Re-run every game and check that it produces the same events."""
    for game_seed, character, difficulty, setup, steps in played:
        game = Game.new(ruleset, character=character, difficulty=difficulty, seed=game_seed)
        assert game.events == setup, f"seed {game_seed}: setup differs"
        for action, events in steps:
            assert game.apply(action) == events, f"seed {game_seed}: events differ"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="heuristic", choices=sorted(sim.BOTS))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    ruleset = load_ruleset()
    played = record(ruleset, args.games, args.seed, args.bot)
    decisions = sum(len(steps) for *_, steps in played)
    best = best_cpu = 0.0
    for _ in range(args.repeat):
        start, cpu = time.perf_counter(), time.process_time()
        rerun(ruleset, played)
        best = max(best, len(played) / (time.perf_counter() - start))
        best_cpu = max(best_cpu, len(played) / (time.process_time() - cpu))
    print(f"{len(played)} games, {args.bot} bot, {decisions / len(played):.0f} decisions/game")
    for what, rate in (("wall clock", best), ("CPU time", best_cpu)):
        per_second = rate * decisions / len(played)
        line = f"{rate:6.0f} games/s, {per_second:7.0f} decisions/s"
        print(f"  re-run (engine only), {what:10}: {line}")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        rerun(ruleset, played)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
