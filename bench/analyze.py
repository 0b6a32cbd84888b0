"""`unbroken analyze` of whole recorded games: wall clock and CPU, one source tree or several.

    python bench/analyze.py [RECORDING ...] [--src DIR ...] [--games N] [--jobs N]

Runs `unbroken analyze RECORDING --json --jobs N` in a fresh process for every
recording (default: three golden games of about 120-130 decisions) with each
`--src` tree first on the path (default: this checkout's src; give an older
checkout's src too to compare the estimators in one run). Prints, per run, the
wall clock, the CPU seconds of the process and its workers (what the work
costs: the machine may be shared), the decisions weighed and the rollouts
played. Compare figures within one run only; the load average is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "replays"
#: Three golden games of about the length the issue's target names (120 decisions).
DEFAULT = (
    "hard_huckdorf_seed6463287655993783358_won.jsonl",
    "normal_kirilla-el-kaer_seed351874930206491601_won.jsonl",
    "easy_huckdorf_seed1160876784240538503_won.jsonl",
)


def run(src: Path, recording: Path, games: int, jobs: int) -> tuple[float, float, int]:
    """Return (wall s, CPU s of the process and its workers, decisions weighed)."""
    # An empty cache each run: analyze shows an analysis kept the same way again (#28
    # round 27), and an older tree given with --src has no --fresh.
    cache = tempfile.mkdtemp(prefix="unbroken-bench-")
    env = {**os.environ, "PYTHONPATH": str(src), "UNBROKEN_CACHE_DIR": cache}
    cmd = [sys.executable, "-m", "unbroken", "analyze", str(recording), "--json"]
    cmd += ["--games", str(games), "--jobs", str(jobs)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, len(json.loads(out)["choices"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("recordings", nargs="*", type=Path)
    parser.add_argument("--src", action="append", type=Path)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    recordings = args.recordings or [GOLDEN / name for name in DEFAULT]
    sources = args.src or [ROOT / "src"]
    print(f"load average {os.getloadavg()[0]:.1f}; {args.games} games per option at most")
    for recording in recordings:
        for src in sources:
            wall, cpu, weighed = run(src, recording, args.games, args.jobs)
            print(
                f"{recording.name[:44]:44} {str(src)[-28:]:>28}: {weighed:3} decisions, "
                f"{wall:6.1f} s wall, {cpu:6.1f} s CPU (load {os.getloadavg()[0]:.1f})"
            )


if __name__ == "__main__":
    main()
