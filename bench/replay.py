"""Replay speed and size: verify throughput (games/s) and bytes per recording.

    python bench/replay.py [--games N] [--seed S] [--bot random|greedy]

Records N games with a bot into a temporary folder (fsync per decision, as
the game does), then verifies them all from disk, as `unbroken verify` does.
The targets of issue #5: at least 500 games/s, at most 20 KB per game.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from unbroken import sim
from unbroken.plugins import load_ruleset
from unbroken.replay import record_game, verify_file


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="random", choices=sorted(sim.BOTS))
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

        start = time.perf_counter()
        problems = [problem for p in paths if (problem := verify_file(p, ruleset)) is not None]
        verifying = time.perf_counter() - start
    print(f"{len(paths)} games, {args.bot} bot, seed {args.seed}")
    print(f"  record (with fsync): {len(paths) / recording:8.0f} games/s")
    print(f"  verify from disk:    {len(paths) / verifying:8.0f} games/s  (target >= 500)")
    print(
        f"  bytes per recording: mean {statistics.mean(sizes) / 1024:.1f} KB, "
        f"median {statistics.median(sizes) / 1024:.1f} KB, max {max(sizes) / 1024:.1f} KB"
        "  (target <= 20 KB)"
    )
    if problems:
        print(f"  {len(problems)} recordings did not verify, e.g. {problems[0]}")


if __name__ == "__main__":
    main()
