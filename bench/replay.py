"""Replay speed and size: verify throughput (games/s) and bytes per recording.

    python bench/replay.py [--games N] [--seed S] [--bot random|greedy|heuristic ...] [--jobs N]

Records N games with each bot into a temporary folder, as the game does
(gzip-compressed, fsync per decision), then verifies them all from disk as
`unbroken verify` does: first in this process, then with `--jobs` worker
processes (default: one per CPU). The targets of issue #5: at least 500
games/s, at most 20 KB per game. By default it measures two kinds of game:
the random bot's, short (about 13 decisions: it dies early), and the
heuristic bot's, full length (about 113 decisions), which is what a person's
recording looks like. `--games` applies to each (default 500 random, 300
heuristic).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from unbroken import sim
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset
from unbroken.replay import unpack, verdicts, verify_file
from unbroken.sim import record_game

#: Games per bot when --games is not given (the heuristic bot records slowly).
DEFAULT_GAMES = {"random": 500, "greedy": 500, "heuristic": 300}


def measure(ruleset: Ruleset, bot: str, games: int, seed: int, jobs: int) -> None:
    """Record `games` games with `bot`, verify them, and print the figures."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        paths = [
            record_game(ruleset, character, difficulty, game_seed, bot, folder)
            for game_seed, character, difficulty in sim.schedule(ruleset, games, seed)
        ]
        recording = time.perf_counter() - start
        sizes = [p.stat().st_size for p in paths]
        texts = [unpack(p.read_bytes()) for p in paths]
        decisions = statistics.mean(text.count(b'"kind":"decision"') for text in texts)
        verify_file(paths[0], ruleset)  # warm the memos, as a long run would have them

        rates = {}
        problems: list[str] = []
        for n in sorted({1, jobs}):
            start = time.perf_counter()
            problems = [v.problem for v in verdicts(paths, ruleset, n) if v.problem]
            rates[n] = len(paths) / (time.perf_counter() - start)
    print(f"{len(paths)} games, {bot} bot, seed {seed}, {decisions:.0f} decisions/game")
    print(f"  record (with fsync): {len(paths) / recording:8.0f} games/s")
    for n, rate in rates.items():
        label = f"{n} process" + ("es" if n > 1 else "  ")
        print(
            f"  verify, {label}: {rate:8.0f} games/s, {rate * decisions:8.0f} decisions/s"
            "  (target >= 500 games/s)"
        )
    print(
        f"  bytes per recording: mean {statistics.mean(sizes) / 1024:.1f} KB, "
        f"median {statistics.median(sizes) / 1024:.1f} KB, max {max(sizes) / 1024:.1f} KB"
        "  (target <= 20 KB)"
    )
    print(f"  uncompressed JSON:   mean {statistics.mean(len(t) for t in texts) / 1024:.1f} KB")
    if problems:
        print(f"  {len(problems)} recordings did not verify, e.g. {problems[0]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="games per bot (default 500; heuristic 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--bot", action="append", choices=sorted(sim.BOTS), help="repeat for several"
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    ruleset = load_ruleset()
    for bot in args.bot or ["random", "heuristic"]:
        measure(ruleset, bot, args.games or DEFAULT_GAMES.get(bot, 500), args.seed, args.jobs)


if __name__ == "__main__":
    main()
