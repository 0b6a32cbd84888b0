"""Work reused between neighbouring decisions: rollouts saved and time, reuse on against off.

    python bench/reuse.py [RECORDING ...] [--jobs N] [--games N] [--odds N]

For every recording (default: the three golden games of bench/analyze.py) weighs
every decision with a choice as `unbroken analyze` does (`pool.weigh_all` on
`--jobs` workers), in a fresh process each time, once with the work of the race
before reused (`reuse`: when nothing was seen between two decisions, the rollouts of
the option taken at the first are, future by future, the reference bot's own option
at the second) and once without, in turn. Prints, for each, the positions that
follow the one before with nothing seen, the rollouts a race needs, those taken
from the race before instead of played, the wall clock and the CPU seconds of the
process and its workers, and whether the two gave the same figures (they must).

With `--odds N`, then times the game's `%` (`Anytime`, polled every 10 ms) at N
decisions that follow the one before with nothing seen, after `%` was asked there:
with the last race's results kept and without. The machine may be shared: the load
average is printed; compare within one run only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from odds import run_to_the_end  # bench/odds.py, beside this script

from unbroken.advisor.analysis import positions
from unbroken.advisor.estimator import GAMES, futures_key
from unbroken.advisor.pool import Anytime, RolloutPool, weigh_all
from unbroken.advisor.reuse import Reuse, landing, place
from unbroken.advisor.rollouts import position
from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.replay import read_recording

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = (
    "hard_huckdorf_seed6463287655993783358_won.jsonl",
    "normal_kirilla-el-kaer_seed351874930206491601_won.jsonl",
    "easy_huckdorf_seed1160876784240538503_won.jsonl",
)


def weigh_game(recording: Path, games: int, jobs: int, reuse: bool) -> None:
    """Weigh a recording's decisions (in the child process); print what it cost as JSON."""
    rules = load_ruleset()
    found, _ = positions(read_recording(recording), rules)
    kept = Reuse(keep=None) if reuse else None
    with RolloutPool(rules, jobs) as pool:
        weighed = weigh_all(pool, [(p.game, p.legal) for p in found], games, reused=kept)
    needed = sum(sum(w.games) + w.fresh_games for w in weighed)
    figures = [[w.wins, w.games, w.best, w.fresh, w.fresh_games] for w in weighed]
    digest = hashlib.sha256(json.dumps(figures).encode()).hexdigest()
    saved = 0 if kept is None else kept.saved
    print(json.dumps({"positions": len(found), "needed": needed, "saved": saved, "id": digest}))


def run(recording: Path, games: int, jobs: int, reuse: bool) -> tuple[float, float, dict[str, Any]]:
    """Return (wall s, CPU s of the child and its workers, what it printed)."""
    cmd = [sys.executable, __file__, str(recording), "--child", "on" if reuse else "off"]
    cmd += ["--games", str(games), "--jobs", str(jobs)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, json.loads(out)


def follows(recording: Path) -> list[tuple[tuple[Game, list[Action]], tuple[Game, list[Action]]]]:
    """Return the recording's neighbouring decisions with nothing seen between them."""
    found, _ = positions(read_recording(recording), load_ruleset())
    pairs = []
    for p0, p1 in zip(found, found[1:], strict=False):
        seen0, seen1 = position(p0.game), position(p1.game)
        if futures_key(seen0) == futures_key(seen1):
            if landing(seen0, p0.legal[p0.taken]) == place(seen1):
                pairs.append(((p0.game, p0.legal), (p1.game, p1.legal)))
    return pairs


def settle(pool: RolloutPool, game: Game, actions: list[Action], kept: Reuse) -> float:
    """Return the seconds the game's `%` takes to decide its race (polled every 10 ms)."""
    return run_to_the_end(Anytime(pool, game, actions, reused=kept))[1]


def odds(recordings: list[Path], count: int, jobs: int) -> None:
    """Time `%` at `count` decisions following the one before with nothing seen."""
    pairs = [pair for recording in recordings for pair in follows(recording)]
    step = max(1, len(pairs) // count)
    picked = pairs[::step][:count]
    with_: list[float] = []
    without: list[float] = []
    saved = 0
    with RolloutPool(load_ruleset(), jobs) as pool:
        pool.weigh(*picked[0][0], most=16)  # the workers are up before the clock starts
        for i, (before, after) in enumerate(picked):
            kept = Reuse()
            settle(pool, *before, kept)  # `%` asked at the decision before
            ways = [(with_, kept), (without, Reuse())]
            for times, store in ways if i % 2 else ways[::-1]:
                times.append(settle(pool, *after, store))
            saved += kept.saved
    print(f"`%` at {len(picked)} decisions following the one before with nothing seen:")
    for name, times in (("reused", with_), ("not reused", without)):
        ranked = sorted(times)
        print(
            f"  {name:10}: race decided, median {statistics.median(ranked):.2f} s, "
            f"90th percentile {ranked[int(0.9 * (len(ranked) - 1))]:.2f} s"
        )
    print(f"  rollouts taken from the race before: {saved} (load {os.getloadavg()[0]:.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("recordings", nargs="*", type=Path)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--odds", type=int, default=0)
    parser.add_argument("--child", choices=("on", "off"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    recordings = args.recordings or [ROOT / "replays" / name for name in DEFAULT]
    if args.child:
        weigh_game(recordings[0], args.games, args.jobs, args.child == "on")
        return
    print(f"load average {os.getloadavg()[0]:.1f}; {args.games} games per option at most")
    for i, recording in enumerate(recordings):
        runs = {}
        for reuse in (True, False) if i % 2 == 0 else (False, True):
            runs[reuse] = run(recording, args.games, args.jobs, reuse)
        (wall, cpu, on), (wall_off, cpu_off, off) = runs[True], runs[False]
        quiet = len(follows(recording))
        print(
            f"{recording.name[:44]:44} {on['positions']:3} positions, {quiet:3} following with "
            f"nothing seen; {on['needed']:6} rollouts needed, {on['saved']:5} reused "
            f"({100 * on['saved'] / max(1, on['needed']):.1f} %); reuse on {wall:6.1f} s wall, "
            f"{cpu:6.1f} s CPU; off {wall_off:6.1f} s wall, {cpu_off:6.1f} s CPU; "
            f"same figures: {on['id'] == off['id'] and on['needed'] == off['needed']} "
            f"(load {os.getloadavg()[0]:.1f})"
        )
    if args.odds:
        odds(recordings, args.odds, args.jobs)


if __name__ == "__main__":
    main()
