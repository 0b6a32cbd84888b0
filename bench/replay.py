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
heuristic). `--repeat R` verifies them R times, alternating one process and
`--jobs` (a shared machine only ever makes a run slower: compare the best).

Each verify line gives wall-clock games/s and, in brackets, games per CPU-second
(the parent's and, with workers, theirs added up): what the work costs, whatever
else runs on the machine. `PYTHONPATH=<an older checkout>/src python bench/replay.py`
measures that checkout's engine (back to the first wave's, which read recordings
with `replay.verify_files`), for "then against now" in one run.
"""

from __future__ import annotations

import argparse
import importlib
import os
import resource
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from unbroken import sim
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset
from unbroken.replay import unpack, verify_file

#: This checkout's replay package, or an older one's (see the docstring).
replay: Any = importlib.import_module("unbroken.replay")
#: Plays one game with a bot while recording it (in `replay` before it moved to `sim`).
record_game: Callable[..., Path] = getattr(sim, "record_game", None) or replay.record_game


def problems(paths: list[Path], ruleset: Ruleset, jobs: int) -> list[str]:
    """Verify `paths` as `unbroken verify` does; return the problems found."""
    if hasattr(replay, "verdicts"):
        return [v.problem for v in replay.verdicts(paths, ruleset, jobs) if v.problem]
    return [problem for _, problem in replay.verify_files(paths, ruleset, jobs) if problem]


def cpu_seconds() -> float:
    """Return the CPU time of this process and of its finished worker processes."""
    mine = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + workers.ru_utime + workers.ru_stime


#: Games per bot when --games is not given (the heuristic bot records slowly).
DEFAULT_GAMES = {"random": 500, "greedy": 500, "heuristic": 300}


def measure(ruleset: Ruleset, bot: str, games: int, seed: int, jobs: int, repeat: int) -> None:
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

        rates: list[tuple[int, float, float]] = []
        found: list[str] = []
        for _ in range(repeat):
            for n in sorted({1, jobs}):
                start, spent = time.perf_counter(), cpu_seconds()
                found = problems(paths, ruleset, n)
                wall, cpu = time.perf_counter() - start, cpu_seconds() - spent
                rates.append((n, len(paths) / wall, len(paths) / cpu))
    print(f"{len(paths)} games, {bot} bot, seed {seed}, {decisions:.0f} decisions/game")
    print(f"  record (with fsync): {len(paths) / recording:8.0f} games/s")
    for n, rate, per_cpu in rates:
        label = f"{n} process" + ("es" if n > 1 else "  ")
        print(
            f"  verify, {label}: {rate:8.0f} games/s ({per_cpu:4.0f}/CPU-s), "
            f"{rate * decisions:8.0f} decisions/s  (target >= 500 games/s)"
        )
    print(
        f"  bytes per recording: mean {statistics.mean(sizes) / 1024:.1f} KB, "
        f"median {statistics.median(sizes) / 1024:.1f} KB, max {max(sizes) / 1024:.1f} KB"
        "  (target <= 20 KB)"
    )
    print(f"  uncompressed JSON:   mean {statistics.mean(len(t) for t in texts) / 1024:.1f} KB")
    if found:
        print(f"  {len(found)} recordings did not verify, e.g. {found[0]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="games per bot (default 500; heuristic 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--bot", action="append", choices=sorted(sim.BOTS), help="repeat for several"
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--repeat", type=int, default=1, help="verify runs (default 1)")
    args = parser.parse_args()
    ruleset = load_ruleset()
    for bot in args.bot or ["random", "heuristic"]:
        games = args.games or DEFAULT_GAMES.get(bot, 500)
        measure(ruleset, bot, games, args.seed, args.jobs, args.repeat)


if __name__ == "__main__":
    main()
