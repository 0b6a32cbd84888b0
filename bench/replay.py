"""Replay speed and size: verify throughput (games/s) and bytes per recording.

    python bench/replay.py [--games N] [--seed S] [--bot random|greedy|heuristic] [--jobs N]

Records N games with a bot into a temporary folder, as the game does
(gzip-compressed, fsync per decision), then verifies them all from disk as
`unbroken verify` does: first in this process, then with `--jobs` worker
processes (default: one per CPU). The targets of issue #5: at least 500
games/s, at most 20 KB per game. The random bot's games are short (about 13
decisions); `--bot heuristic` plays full-length games (about 110 decisions),
which is what a person's recording looks like.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from unbroken import sim
from unbroken.plugins import load_ruleset
from unbroken.replay import record_game, unpack, verify_files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="random", choices=sorted(sim.BOTS))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    ruleset = load_ruleset()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        paths = [
            record_game(ruleset, character, difficulty, seed, args.bot, folder)
            for seed, character, difficulty in sim.schedule(ruleset, args.games, args.seed)
        ]
        recording = time.perf_counter() - start
        sizes = [p.stat().st_size for p in paths]
        text = [len(unpack(p.read_bytes())) for p in paths]
        decisions = statistics.mean(
            unpack(p.read_bytes()).count(b'"kind":"decision"') for p in paths
        )

        rates = {}
        for jobs in sorted({1, args.jobs}):
            start = time.perf_counter()
            problems = [problem for _, problem in verify_files(paths, ruleset, jobs) if problem]
            rates[jobs] = len(paths) / (time.perf_counter() - start)
    print(f"{len(paths)} games, {args.bot} bot, seed {args.seed}, {decisions:.0f} decisions/game")
    print(f"  record (with fsync): {len(paths) / recording:8.0f} games/s")
    for jobs, rate in rates.items():
        label = f"{jobs} process" + ("es" if jobs > 1 else "  ")
        print(f"  verify, {label}: {rate:8.0f} games/s  (target >= 500)")
    print(
        f"  bytes per recording: mean {statistics.mean(sizes) / 1024:.1f} KB, "
        f"median {statistics.median(sizes) / 1024:.1f} KB, max {max(sizes) / 1024:.1f} KB"
        "  (target <= 20 KB)"
    )
    print(f"  uncompressed JSON:   mean {statistics.mean(text) / 1024:.1f} KB")
    if problems:
        print(f"  {len(problems)} recordings did not verify, e.g. {problems[0]}")


if __name__ == "__main__":
    main()
