"""The statistics of tools/calibrate.py's reliability table, standard library only.

    python tools/calibration_stats.py [--runs 2000] [--shift 0.08] [--seed 1] [--rollouts 0]

A table of ten buckets, each with its own 95 % interval, is ten tests: a perfectly
calibrated advisor has all ten inside only about 60 % of the time (more or less as
the positions of one game share its end). So the table also gives each bucket an
interval at 1 - 0.05/10 (Bonferroni: all ten hold together at least 95 % of the
time, whatever ties the buckets together), counted by game as the 95 % ones are,
and one pooled test of all ten buckets at once (a Wald chi-square of observed
minus predicted, by game: `pooled`).

Run as a script, it plays `--runs` simulated calibrations (800 positions from about
300 games, as the documented run) of a perfectly calibrated predictor and of one
`--shift` too hopeful, and prints how often each check holds; with `--rollouts N`
each prediction is the share of N games won at its chance, as the advisor's figure
is (0, the default: the chance itself).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

#: The buckets of predicted chance, in percent (lower ends; the last one ends at 100).
BUCKETS = (0, 10, 20, 30, 40, 50, 60, 70, 80, 90)
#: The family error of the simultaneous intervals: all buckets inside with 95 %.
FAMILY = 0.05


def normal_quantile(p: float) -> float:
    """Return the standard normal quantile at `p` (0.975: 1.96)."""
    return statistics.NormalDist().inv_cdf(p)


#: The z of the simultaneous intervals: each at 1 - FAMILY / 10, two-sided (2.807).
SIMULTANEOUS_Z = normal_quantile(1 - FAMILY / (2 * len(BUCKETS)))
#: The z of a bucket's own 95 % interval.
Z95 = normal_quantile(0.975)


def chi_square_tail(x: float, df: int) -> float:
    """Return P(X >= x) for X chi-square with `df` (a whole number) degrees of freedom:
    the closed forms, a Poisson sum for even `df` and erfc plus a sum for odd."""
    if df < 1:
        raise ValueError(f"chi-square degrees of freedom must be 1 or more, not {df}")
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:
        term = total = 1.0
        for j in range(1, df // 2):
            term *= half / j
            total += term
        return min(1.0, math.exp(-half) * total)
    total = 0.0
    term = math.sqrt(half) / math.gamma(1.5)
    for j in range(1, (df + 1) // 2):
        total += term
        term *= half / (j + 0.5)
    return min(1.0, math.erfc(math.sqrt(half)) + math.exp(-half) * total)


def bucket_of(rate: float) -> int:
    """Return the bucket (its lower end, in percent) of a predicted chance."""
    return max(b for b in BUCKETS if 100 * rate >= b)


def by_game(errors: Sequence[float], games: Sequence[int]) -> float:
    """Return the design effect of counting `errors` (observed minus predicted, one a
    position) by game: how many times larger their variance is when the positions of a game
    are taken together (cluster-robust) than when each is taken alone (at least 1). The
    positions of one game share its end, so they are not independent, and an interval that
    takes them as such is too narrow by its square root."""
    n = len(errors)
    mean = sum(errors) / n
    sums: dict[int, float] = {}
    counts: dict[int, int] = {}
    for e, g in zip(errors, games, strict=True):
        sums[g] = sums.get(g, 0.0) + e
        counts[g] = counts.get(g, 0) + 1
    alone = sum((e - mean) ** 2 for e in errors)
    together = sum((sums[g] - counts[g] * mean) ** 2 for g in sums)
    return max(1.0, together / alone) if alone > 0 else 1.0


def wilson_by_game(won: int, n: int, effect: float, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson interval (`z`: 95 % unless told) of `won` of `n` counted as
    n / `effect` positions (the effective sample size of positions that come in games:
    `by_game`)."""
    share = won / n
    size = n / effect
    z2 = z * z
    centre = (share + z2 / (2 * size)) / (1 + z2 / size)
    half = z / (1 + z2 / size) * math.sqrt(share * (1 - share) / size + z2 / (4 * size * size))
    low = 0.0 if won <= 0 else max(0.0, centre - half)
    return low, 1.0 if won >= n else min(1.0, centre + half)


@dataclass(frozen=True)
class Bucket:
    """One row of the reliability table: the positions whose prediction fell in it."""

    low: int  # its lower end, in percent
    positions: int
    predicted: float  # the mean prediction
    wins: int  # the real games won
    effect: float  # the design effect (`by_game`)
    by_game: tuple[float, float]  # its own 95 % interval, counted by game
    together: tuple[float, float]  # the simultaneous one (all ten at 95 %), by game

    @property
    def inside(self) -> bool:
        """True if the mean prediction is inside the bucket's own interval by game."""
        return self.by_game[0] <= self.predicted <= self.by_game[1]

    @property
    def inside_together(self) -> bool:
        """True if the mean prediction is inside the simultaneous interval."""
        return self.together[0] <= self.predicted <= self.together[1]


def buckets(rates: Sequence[float], won: Sequence[bool], games: Sequence[int]) -> list[Bucket]:
    """Return the table's rows (the buckets with positions) of predictions `rates`, the
    real games' ends `won` and the game each position came from."""
    rows = []
    for b in BUCKETS:
        at = [k for k, rate in enumerate(rates) if bucket_of(rate) == b]
        if not at:
            continue
        wins = sum(won[k] for k in at)
        effect = by_game([won[k] - rates[k] for k in at], [games[k] for k in at])
        rows.append(
            Bucket(
                b,
                len(at),
                statistics.fmean(rates[k] for k in at),
                wins,
                effect,
                wilson_by_game(wins, len(at), effect),
                wilson_by_game(wins, len(at), effect, SIMULTANEOUS_Z),
            )
        )
    return rows


@dataclass(frozen=True)
class Pooled:
    """The pooled test: all buckets' observed minus predicted at once."""

    statistic: float
    df: int
    p: float


def pooled(rates: Sequence[float], won: Sequence[bool], games: Sequence[int]) -> Pooled:
    """Return the Wald chi-square of the buckets' sums of observed minus predicted, with
    the covariance a calibrated predictor gives them: a position's own variance is p(1-p)
    and, the positions of a game sharing its end, two of one game covary by the later
    one's p(1-p) (the chance a calibrated predictor gives moves as a martingale towards
    the end). So `rates` must come game by game in the order played. From the predictions,
    not from the spread of the outcomes: a bucket of chances near 0 with no win would
    otherwise look certain. A calibrated predictor gives about a chi-square with as many
    degrees of freedom as buckets with any spread."""
    index = {b: k for k, b in enumerate(BUCKETS)}
    sums = [0.0] * len(BUCKETS)
    cov = [[0.0] * len(BUCKETS) for _ in BUCKETS]
    played: dict[int, list[tuple[int, float]]] = {}
    for rate, w, g in zip(rates, won, games, strict=True):
        k = index[bucket_of(rate)]
        sums[k] += w - rate
        for j, _ in played.get(g, []):
            cov[j][k] += rate * (1 - rate)
            cov[k][j] += rate * (1 - rate)
        cov[k][k] += rate * (1 - rate)
        played.setdefault(g, []).append((k, rate))
    used = [k for k in range(len(BUCKETS)) if cov[k][k] > 1e-12]
    if not used:
        return Pooled(0.0, 0, 1.0)
    x = solve([[cov[i][j] for j in used] for i in used], [sums[i] for i in used])
    statistic = sum(s * v for s, v in zip((sums[i] for i in used), x, strict=True))
    return Pooled(statistic, len(used), chi_square_tail(statistic, len(used)))


def solve(matrix: list[list[float]], right: list[float]) -> list[float]:
    """Return x with matrix . x = right (Gaussian elimination, partial pivoting); a
    direction with no spread left (a pivot of about 0) gets 0."""
    n = len(right)
    a = [row[:] + [r] for row, r in zip(matrix, right, strict=True)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        if abs(a[c][c]) < 1e-12:
            continue
        for r in range(c + 1, n):
            f = a[r][c] / a[c][c]
            for k in range(c, n + 1):
                a[r][k] -= f * a[c][k]
    x = [0.0] * n
    for c in reversed(range(n)):
        if abs(a[c][c]) >= 1e-12:
            x[c] = (a[c][n] - sum(a[c][k] * x[k] for k in range(c + 1, n))) / a[c][c]
    return x


def simulate(
    seed: int, games: int = 400, shift: float = 0.0, rollouts: int = 0
) -> tuple[list[float], list[bool], list[int]]:
    """Return a simulated calibration: (predictions, real ends, games) of `games` games
    with two positions each on average (none to eight), predicted by a perfectly
    calibrated predictor, `shift` added (clipped to 0-1). Each game's chance moves as a
    martingale (each position's chance drawn from a beta with the last one's mean, the
    end drawn from the last), so its positions share its end across buckets too.

    With `rollouts`, each prediction is the share of that many games won at that chance
    (as the advisor's figure is: unbiased, with the noise of its rollouts), drawn from a
    stream of its own, so the games and their ends are those of `rollouts` 0. A bucket
    then holds the positions whose figure was lucky towards it, and its mean prediction
    lies further out than their chance (docs/advisor.md, "Calibration")."""
    draw = random.Random(seed)
    noise = random.Random(seed ^ 0x5EED)
    rates: list[float] = []
    won: list[bool] = []
    of: list[int] = []
    for g in range(games):
        chance = draw.betavariate(2, 2)
        picks = sum(draw.random() < 0.25 for _ in range(8))
        chances = []
        for _ in range(picks):
            chance = _step(draw, chance)
            chances.append(chance)
        end = draw.random() < _step(draw, chance)
        for c in chances:
            chance = min(1.0, max(0.0, c + shift))
            if rollouts:
                chance = sum(noise.random() < chance for _ in range(rollouts)) / rollouts
            rates.append(chance)
            won.append(end)
            of.append(g)
    return rates, won, of


def _step(draw: random.Random, chance: float, spread: float = 15.0) -> float:
    """Return the next chance of a game: a beta draw with mean `chance`."""
    if chance <= 0.0 or chance >= 1.0:
        return chance
    return draw.betavariate(spread * chance, spread * (1 - chance))


@dataclass(frozen=True)
class Checks:
    """What a run's table says: its buckets' own 95 % intervals by game holding, all of
    the simultaneous ones holding, the pooled test's p-value."""

    inside: int
    all_together: bool
    p: float


def checks(rates: Sequence[float], won: Sequence[bool], games: Sequence[int]) -> Checks:
    """Return the checks of one calibration run."""
    rows = buckets(rates, won, games)
    return Checks(
        sum(r.inside for r in rows),
        all(r.inside_together for r in rows),
        pooled(rates, won, games).p,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--shift", type=float, default=0.08)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rollouts", type=int, default=0, help="predictions from this many games (0: exact)"
    )
    args = parser.parse_args()
    if args.rollouts < 0:
        parser.error(f"--rollouts must be 0 or more, not {args.rollouts}")
    shifted = f"shifted {100 * args.shift:+.0f} points"
    for name, shift in (("calibrated", 0.0), (shifted, args.shift)):
        runs = [
            checks(*simulate(args.seed * 1_000_003 + k, shift=shift, rollouts=args.rollouts))
            for k in range(args.runs)
        ]
        ten = sum(c.inside == len(BUCKETS) for c in runs)
        together = sum(c.all_together for c in runs)
        held = sum(c.p >= FAMILY for c in runs)
        print(
            f"{name}: all ten inside their own 95 % intervals by game in {ten} of {args.runs} "
            f"runs ({100 * ten / args.runs:.1f} %); all ten inside the simultaneous ones "
            f"{together} ({100 * together / args.runs:.1f} %); pooled test p >= {FAMILY} "
            f"{held} ({100 * held / args.runs:.1f} %)."
        )


if __name__ == "__main__":
    main()
