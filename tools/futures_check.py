"""Do the advisor's futures play out as the real game does? A check for each way they could differ.

    python tools/futures_check.py [--games 4000] [--seed 3] [--rate 0.01] [--jobs 2]
        [--below 100]

Plays `--games` games with the reference (heuristic) bot (the schedule of `unbroken
sim --seed S`) and picks decisions with a choice as tools/calibrate.py does (each with
probability `--rate`, from a stream of its own, so a pick depends on nothing after it).
At each it plays the bot's own option, then the bot, several ways, and compares each
with the next, paired by position (mean difference in points, a 95 % interval counted
by game, docs/advisor.md "Calibration"):

- W: the real game's end.
- R0: the real future (the game's seed and deck orders, a fork without resampling),
  the bot's decisions numbered from the fork as in a rollout (its random draws change).
- Rpos: the same without the event log, as a position is sent to the workers.
- Rdice: 16 futures with the dice and draws resampled but the real deck orders kept.
- Rk: 32 rollouts as the advisor plays them (`position`, then resampled forks).

W - R0 is what the bot's numbering does, R0 - Rpos what the event log does, Rdice - Rk
what resampling the unseen cards' order does, W - Rdice what resampling the dice does;
W - Rk is all of it. Then a small reliability table: positions bucketed by the first
16 rollouts, predicted by the other 16 (so the bucket's own noise does not lean it).

`--below P` looks only at the positions whose first 16 rollouts won less than P % (the
others are left after those 16): the check restricted to losing positions, where the
calibration's lowest buckets missed (docs/advisor.md, "Calibration"). Rk is then the
other 16 rollouts alone: the first 16, which picked the position, lean low.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Callable
from multiprocessing import Pool

from unbroken.advisor.estimator import futures, futures_key
from unbroken.advisor.rollouts import position, rollout
from unbroken.bots.batch import schedule
from unbroken.bots.heuristic import heuristic_bot
from unbroken.core import rng
from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset

#: Rollouts a position as the advisor plays them (half to bucket, half to predict).
ROLLOUTS = 32
#: Futures with the real deck orders and resampled dice.
DICE = 16

#: One picked position: game, won, R0, Rpos, Rdice wins, Rk wins (first half, second half).
Row = tuple[int, bool, bool, bool, int, int, int]


def play_on(game: Game, action: Action, n: int) -> bool:
    """Take `action`, then let the bot play to the end (its next decision numbered n + 1)."""
    game.apply(action)
    while not game.is_over:
        n += 1
        game.apply(heuristic_bot(game, n))
    return bool(game.outcome and game.outcome.won)


def look(
    game: Game, action: Action, below: float = 100.0
) -> tuple[bool, bool, int, list[bool]] | None:
    """Return R0, Rpos, Rdice's wins and the rollouts at the position (see the module); None
    when the first half of the rollouts won `below` % or more (the position is left)."""
    seen = position(game)
    key = futures_key(seen)
    half = ROLLOUTS // 2
    first = [rollout(seen, action, s) for s in futures(key, 0, half)]
    if 100 * sum(first) >= below * half:
        return None
    real = play_on(game.fork(), action, -1)
    bare = play_on(Game(game.ruleset, game.fork().state, []), action, -1)
    dice = 0
    for seed in futures(key, 500, DICE):
        fork = game.fork()
        fork.state.seed = rng.mix(seed & rng.MASK) >> 1
        dice += play_on(fork, action, -1)
    rest = [rollout(seen, action, s) for s in futures(key, half, ROLLOUTS - half)]
    return real, bare, dice, first + rest


def one(job: tuple[int, int, str, str, float, float]) -> list[Row]:
    """Play one scheduled game; return its picked positions' rows."""
    number, game_seed, character, difficulty, rate, below = job
    game = Game.new(load_ruleset(), character, difficulty, game_seed)
    n = k = 0
    looked = []
    while not game.is_over:
        action = heuristic_bot(game, n)
        if len(game.legal_actions()) > 1:
            if rng.draw(777, "futures_check", (number << 24) | k) < rate * (1 << 64):
                found = look(game, action, below)
                if found is not None:
                    looked.append(found)
            k += 1
        game.apply(action)
        n += 1
    won = bool(game.outcome and game.outcome.won)
    half = ROLLOUTS // 2
    return [(number, won, r0, rp, rd, sum(rk[:half]), sum(rk[half:])) for r0, rp, rd, rk in looked]


def by_game(rows: list[Row], f: Callable[[Row], float]) -> tuple[float, float]:
    """Return the mean of f over the rows and its 95 % half-width counted by game."""
    sums: dict[int, float] = {}
    counts: dict[int, int] = {}
    for r in rows:
        sums[r[0]] = sums.get(r[0], 0.0) + f(r)
        counts[r[0]] = counts.get(r[0], 0) + 1
    n, k = len(rows), len(sums)
    mean = sum(sums.values()) / n
    spread = sum((sums[g] - counts[g] * mean) ** 2 for g in sums) * k / (k - 1) / (n * n)
    return mean, 1.959964 * math.sqrt(spread)


def _rk(r: Row) -> float:
    return (r[5] + r[6]) / ROLLOUTS


def _rk_other(r: Row) -> float:
    return r[6] / (ROLLOUTS - ROLLOUTS // 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--below", type=float, default=100.0)
    args = parser.parse_args()
    scheduled = schedule(load_ruleset(), args.games, args.seed)
    jobs = [(i, s, c, d, args.rate, args.below) for i, (s, c, d) in enumerate(scheduled)]
    with Pool(args.jobs) as pool:
        rows = [row for rows in pool.map(one, jobs, chunksize=8) for row in rows]
    half = ROLLOUTS // 2
    below = (
        f", the first {half} rollouts below {args.below:g} %; Rk: the other {half}"
        if args.below < 100
        else ""
    )
    print(
        f"{len(rows)} positions from {args.games} games (seed {args.seed}, rate {args.rate}{below})"
    )
    print()
    print("| Compared | What differs | Mean difference (95 %, by game) | Outcomes differing |")
    print("|---|---|---:|---:|")
    rk = _rk if args.below >= 100 else _rk_other  # the half that picked them leans low
    checks: list[tuple[str, str, Callable[[Row], float], int]] = [
        ("W - R0", "the bot's numbering", lambda r: r[1] - r[2], sum(r[1] != r[2] for r in rows)),
        ("R0 - Rpos", "the event log", lambda r: r[2] - r[3], sum(r[2] != r[3] for r in rows)),
        ("W - Rdice", "the dice resampled", lambda r: r[1] - r[4] / DICE, -1),
        ("Rdice - Rk", "the card order resampled", lambda r: r[4] / DICE - rk(r), -1),
        ("W - Rk", "all of it", lambda r: r[1] - rk(r), -1),
    ]  # fmt: skip
    for name, what, f, differ in checks:
        mean, h = by_game(rows, f)
        told = "" if differ < 0 else str(differ)
        print(f"| {name} | {what} | {100 * mean:+.2f} points (±{100 * h:.2f}) | {told} |")
    print()
    print("| Bucket (first 16) | Positions | Predicted (other 16) | Rdice | Observed W |")
    print("|---|---:|---:|---:|---:|")
    for low in range(0, 100, 10):
        got = [r for r in rows if min(90, 10 * (100 * r[5] // half // 10)) == low]
        if got:
            pred = statistics.fmean(r[6] / half for r in got)
            dice = statistics.fmean(r[4] / DICE for r in got)
            won = statistics.fmean(r[1] for r in got)
            print(
                f"| {low}-{low + 10} % | {len(got)} | {100 * pred:.1f} % | {100 * dice:.1f} % "
                f"| {100 * won:.1f} % |"
            )


if __name__ == "__main__":
    main()
