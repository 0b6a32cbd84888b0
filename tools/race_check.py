"""Does the race keep the best option? Its best against every option on fresh futures.

    python tools/race_check.py [RECORDING ...] [--positions 150] [--options 3] [--seed 1]
        [--fresh 400] [--jobs 2] [--halve-from 16 --halve-from 64 ...]

Picks `--positions` decisions with at least `--options` options at random (a
stream of its own, `--seed`) from the recordings (default: the golden games in
replays/). At each, every option plays the race's futures (0-99 of the
position's stream, as `%` and `unbroken analyze` play them) and `--fresh`
futures the race never looks at (1000 on of the same stream), on a pool of
`--jobs` workers. Then the race (`estimator.Race`) is run on those results once
for every `--halve-from` (successive halving only after the stage that ends at
that many futures; 16 is the race before #30's follow-up), so every way is
judged on the same futures in one run. For each it prints how often the
race's best was not the best on the fresh futures (fewer wins than the option
that won most there), how often it was clearly worse than that option (its
paired interval on the fresh futures below 0), the points it lost there on
average (a 95 % interval), and the rollouts a race cost. Then the positions
where some way's best was clearly worse. Only a race of three options or more
can halve: with two, every way is the same.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path

from unbroken.advisor.analysis import positions
from unbroken.advisor.estimator import GAMES, HALVE_FROM, Race, canonical, futures, futures_key
from unbroken.advisor.paired import Difference
from unbroken.advisor.pool import RolloutPool
from unbroken.advisor.rollouts import DEFAULT_SEED, pack, pack_actions, position
from unbroken.core import rng
from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.replay import read_recording

GOLDEN = Path(__file__).resolve().parents[1] / "replays"
#: The first fresh future: far past any the race or the position's chance plays.
FRESH_START = 1000
#: Futures in one task sent to a worker.
BATCH = 8


@dataclass
class Picked:
    """A position picked: where it is, its options (canonical order) and their results."""

    name: str
    decision: int
    game: Game
    actions: list[Action]
    race: list[int]  # each option's wins on the race's futures (bit i: future i won)
    fresh: list[int]  # the same on the fresh futures


def sample(paths: Sequence[Path], count: int, fewest: int, seed: int) -> list[Picked]:
    """Return `count` decisions with `fewest` options or more, drawn from the recordings."""
    rules = load_ruleset()
    found: list[Picked] = []
    for path in paths:
        for p in positions(read_recording(path), rules)[0]:
            if len(p.legal) >= fewest:
                actions = [p.legal[i] for i in canonical(p.legal)]
                found.append(Picked(path.name, p.n, p.game, actions, [], []))
    picked = []
    for i in range(min(count, len(found))):
        picked.append(found.pop(rng.below(rng.draw(seed, "race-check", i), len(found))))
    return picked


def play(picked: Sequence[Picked], most: int, fresh: int, jobs: int) -> None:
    """Play every option of every position on the race's futures and the fresh ones."""
    by_rules: dict[str, list[Picked]] = {}
    for p in picked:
        by_rules.setdefault(p.game.ruleset.digest, []).append(p)
    for group in by_rules.values():
        with RolloutPool(group[0].game.ruleset, jobs) as pool:
            rounds = [_submit(pool, p, most, fresh) for p in group]
            for p, (race, again) in zip(group, rounds, strict=True):
                p.race, p.fresh = _gather(race, len(p.actions)), _gather(again, len(p.actions))


Rounds = list[tuple[int, Future[list[int]]]]


def _submit(pool: RolloutPool, p: Picked, most: int, fresh: int) -> tuple[Rounds, Rounds]:
    seen = position(p.game)
    state, _ = pack(seen, [])
    actions = pack_actions(p.actions)
    key = futures_key(seen, DEFAULT_SEED)

    def rounds(start: int, count: int) -> Rounds:
        return [
            (i, pool.submit(state, actions, futures(key, start + i, min(BATCH, count - i))))
            for i in range(0, count, BATCH)
        ]

    return rounds(0, most), rounds(FRESH_START, fresh)


def _gather(rounds: Rounds, options: int) -> list[int]:
    masks = [0] * options
    for first, future in rounds:
        for k, wins in enumerate(future.result()):
            masks[k] |= wins << first
    return masks


def race_on(masks: Sequence[int], most: int, halve_from: int) -> tuple[int, int]:
    """Return the race's best (canonical index) on the given results, and its rollouts."""
    race = Race(len(masks), most, halve_from=halve_from)
    rollouts = 0
    while not race.decided:
        start, count, live = race.stage()
        for k in live:
            race.record(k, start, count, (masks[k] >> start) & ((1 << count) - 1))
        rollouts += count * len(live)
        race.close_stage()
    return race.best, rollouts


@dataclass
class Judged:
    """A way of racing over the positions: per position, its best's loss and cost."""

    halve_from: int
    lost: list[float]  # points its best won less than the fresh futures' best
    clearly: list[bool]  # its best clearly worse than that one (paired, fresh futures)
    rollouts: list[int]


def judge(picked: Sequence[Picked], most: int, fresh: int, halve_from: int) -> Judged:
    """Race every position the given way; judge its best on the fresh futures."""
    judged = Judged(halve_from, [], [], [])
    for p in picked:
        best, rollouts = race_on(p.race, most, halve_from)
        wins = [m.bit_count() for m in p.fresh]
        top = max(range(len(wins)), key=lambda k: (wins[k], k == best))
        judged.lost.append(100 * (wins[top] - wins[best]) / fresh)
        judged.clearly.append(Difference.of(p.fresh[best], p.fresh[top], fresh).worse)
        judged.rollouts.append(rollouts)
    return judged


def report(picked: Sequence[Picked], ways: Sequence[Judged], fresh: int) -> None:
    """Print the table in Markdown, then the positions where some way's best was clearly worse."""
    n = len(picked)
    options = statistics.mean(len(p.actions) for p in picked)
    print(f"{n} positions ({options:.1f} options on average), {fresh} fresh futures each.\n")
    print(
        "| Halving from | Not the best | Clearly worse | Points lost (95 % interval) "
        "| Rollouts a race |"
    )
    print("|---:|---:|---:|---:|---:|")
    for way in ways:
        mean = statistics.mean(way.lost)
        half = 1.96 * statistics.stdev(way.lost) / math.sqrt(n) if n > 1 else 0.0
        print(
            f"| {way.halve_from} | {sum(x > 0 for x in way.lost)} | {sum(way.clearly)} "
            f"| {mean:.2f} ({mean - half:.2f} to {mean + half:.2f}) "
            f"| {statistics.mean(way.rollouts):.0f} |"
        )
    print()
    for i, p in enumerate(picked):
        if any(way.clearly[i] for way in ways):
            said = ", ".join(
                f"from {w.halve_from}: -{w.lost[i]:.0f}{' clearly' if w.clearly[i] else ''}"
                for w in ways
            )
            print(f"{p.name[:44]} decision {p.decision}: {said}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("recordings", nargs="*", type=Path)
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--options", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fresh", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--halve-from", type=int, action="append")
    args = parser.parse_args()
    paths = args.recordings or sorted(GOLDEN.glob("*.jsonl"))
    picked = sample(paths, args.positions, args.options, args.seed)
    play(picked, GAMES, args.fresh, args.jobs)
    ways = [judge(picked, GAMES, args.fresh, h) for h in args.halve_from or [16, HALVE_FROM]]
    report(picked, ways, args.fresh)


if __name__ == "__main__":
    main()
