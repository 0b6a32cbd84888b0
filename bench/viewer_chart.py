"""The replay viewer's chance chart (`a`) against `unbroken analyze` of the same game.

    python bench/viewer_chart.py [RECORDING] [--rounds N] [--games N]

Both weigh every decision with `advisor.analysis.analyze` on
`worker_count(None, n)` workers. Alternates, `--rounds` times: `unbroken analyze
RECORDING --json --jobs 2` in a fresh process, then the viewer in this process
(`UnbrokenApp` under a Pilot, `a` pressed, until the chart has its analysis),
each with an empty cache. Prints each wall clock and the ratio viewer/analyze;
compare within one run only (the machine may be shared; the load is printed).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "replays" / "hard_mae-el_seed3596675099160277217_lost.jsonl"


def cli(recording: Path, games: int) -> float:
    """Return the wall clock of `unbroken analyze` in a fresh process."""
    cmd = [sys.executable, "-m", "unbroken", "analyze", str(recording), "--json"]
    cmd += ["--games", str(games), "--jobs", "2"]
    start = time.perf_counter()
    subprocess.run(cmd, capture_output=True, check=True)
    return time.perf_counter() - start


async def viewer(recording: Path, games: int) -> float:
    """Return the wall clock from `a` pressed to the chart's analysis, in the viewer."""
    # lazy: the bench sets the cache folder first
    from unbroken.plugins import load_ruleset
    from unbroken.tui import analysis
    from unbroken.tui.analysis import ChanceChart
    from unbroken.tui.app import UnbrokenApp

    analysis.GAMES = games
    app = UnbrokenApp(load_ruleset(), animate=False, record=False, replay=recording)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = time.perf_counter()
        await pilot.press("a")
        chart = app.screen.query_one(ChanceChart)
        while chart.analysis is None:
            await asyncio.sleep(0.05)
        took = time.perf_counter() - start
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("recording", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    cache = Path(tempfile.mkdtemp(prefix="unbroken-viewer-bench-"))
    os.environ["UNBROKEN_CACHE_DIR"] = str(cache)
    try:
        for n in range(args.rounds):
            shutil.rmtree(cache / "analyses", ignore_errors=True)
            a = cli(args.recording, args.games)
            load_a = os.getloadavg()[0]
            shutil.rmtree(cache / "analyses", ignore_errors=True)
            v = asyncio.run(viewer(args.recording, args.games))
            print(
                f"round {n + 1}: analyze {a:6.1f} s (load {load_a:.1f}), viewer {v:6.1f} s "
                f"(load {os.getloadavg()[0]:.1f}): viewer/analyze {v / a:.2f}",
                flush=True,
            )
    finally:
        shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
