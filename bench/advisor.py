"""The advisor's raw material: the cost of Game.fork and rollouts per second.

    python bench/advisor.py [--rollouts N] [--seed S] [--workers W] [--games G]

From a level-2 position of a heuristic-bot game (Tomu, Normal): the time of one
fork (plain, and with the hidden information drawn anew); rollouts per second
(a resampled fork played to its end by the reference bot, as an advisor would
estimate one option) on one core in this process, and with W worker processes
(default: one per core), as the advisor would run them; and the heuristic bot's
decisions per second over G whole games on one core. Each rate is given for the
wall clock and, on one core, for the process's own CPU time too (the machine may
be shared: the CPU figure is what the code costs, the wall figure what a player
would wait). Numbers compare only within one run; the load average is printed.
Once the position is built, the process freezes what exists (gc.freeze(), as an
advisor's workers would) unless --no-freeze.
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor

from unbroken import sim
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.sim import heuristic_bot

#: The position the workers play from (inherited by forked workers, else built again).
_POSITION: Game | None = None
_SEED = 1
_FREEZE = True


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


def rollouts(game: Game, first: int, count: int) -> tuple[int, int]:
    """Play `count` resampled forks (streams first, first+1, ...) to their end; return
    (wins, decisions)."""
    wins = decisions = 0
    for i in range(first, first + count):
        fork = game.fork(i)
        n = 0
        while not fork.is_over:
            fork.apply(heuristic_bot(fork, n))
            n += 1
        decisions += n
        wins += bool(fork.outcome and fork.outcome.won)
    return wins, decisions


def _worker_rollouts(part: tuple[int, int]) -> tuple[int, int, float]:
    """Play a part of the rollouts in a worker; return (wins, decisions, CPU seconds)."""
    global _POSITION
    if _POSITION is None:  # a spawned worker: build the same position again
        _POSITION = level_two(_SEED)
        if _FREEZE:
            gc.freeze()
    cpu = time.process_time()
    wins, decisions = rollouts(_POSITION, *part)
    return wins, decisions, time.process_time() - cpu


def build() -> str:
    """Return which build of the engine runs: the pure-Python reference or the compiled one."""
    from unbroken.core import driver

    if driver.__file__ is not None and driver.__file__.endswith(".py"):
        return "pure Python"
    return "compiled with mypyc (tools/compile.py)"


def main() -> None:
    global _POSITION, _SEED, _FREEZE
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rollouts", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument(
        "--no-freeze",
        action="store_true",
        help="leave the ruleset and the position to the garbage collector's sweeps",
    )
    args = parser.parse_args()
    game = level_two(args.seed)
    if not args.no_freeze:
        # What an advisor's worker does once its ruleset and position are built: the
        # collector need not sweep them again and again while rollouts come and go.
        gc.collect()
        gc.freeze()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"position: seed {game.state.seed}, level {game.state.level}, {len(game.events)} events")
    print(f"  ({build()}; {os.cpu_count()} cores, load average {load})")
    for label, resample in (("plain", None), ("resampled", 1)):
        start = time.perf_counter()
        for i in range(1000):
            game.fork(resample if resample is None else i)
        took = (time.perf_counter() - start) / 1000
        print(f"  fork ({label}): {took * 1e6:7.0f} µs")

    rollouts(game, 10**6, 20)  # warm-up: imports, memos
    start, cpu = time.perf_counter(), time.process_time()
    wins, decisions = rollouts(game, 0, args.rollouts)
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(
        f"  {args.rollouts} rollouts on one core: {args.rollouts / took:6.0f}/s "
        f"({args.rollouts / cpu:.0f}/s of CPU time), {decisions / took:7.0f} decisions/s "
        f"({decisions / cpu:.0f}/s of CPU time), {decisions / args.rollouts:.0f} decisions each, "
        f"won {100 * wins / args.rollouts:.1f} %"
    )

    # The same rollouts on worker processes, timed once they are running (as an advisor
    # keeps its workers): chunks of 25, the position inherited by forked workers.
    _POSITION, _SEED, _FREEZE = game, args.seed, not args.no_freeze
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    parts = [(i, min(25, args.rollouts - i)) for i in range(0, args.rollouts, 25)]
    with ProcessPoolExecutor(max_workers=args.workers, mp_context=context) as pool:
        list(pool.map(_worker_rollouts, [(10**6 + 25 * w, 10) for w in range(args.workers)]))
        start = time.perf_counter()
        done = list(pool.map(_worker_rollouts, parts))
        took = time.perf_counter() - start
    _POSITION = None
    wins = sum(w for w, _, _ in done)
    cpu = sum(c for _, _, c in done) / args.workers  # each worker's share, on a free core
    print(
        f"  {args.rollouts} rollouts on {args.workers} worker processes: "
        f"{args.rollouts / took:6.0f}/s ({args.rollouts / cpu:.0f}/s of their CPU time), "
        f"won {100 * wins / args.rollouts:.1f} %"
    )

    # Whole games of the heuristic bot (all characters and difficulties), one core.
    ruleset = game.ruleset
    start, cpu = time.perf_counter(), time.process_time()
    decisions = 0
    for game_seed, character, difficulty in sim.schedule(ruleset, args.games, args.seed):
        whole = Game.new(ruleset, character=character, difficulty=difficulty, seed=game_seed)
        decisions += sim.play(whole, heuristic_bot, check=False)
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(
        f"  heuristic bot, {args.games} whole games on one core: {decisions / took:7.0f} "
        f"decisions/s ({decisions / cpu:.0f}/s of CPU time)"
    )


if __name__ == "__main__":
    main()
