"""Is the advisor calibrated? Predicted chances against what the reference bot then did.

    python tools/calibrate.py [--games 300] [--per-game 2] [--rollouts 100] [--seed 1] [--jobs 2]
        [--fresh 400]

Plays `--games` games with the reference (heuristic) bot, round-robin over
every character and difficulty (the schedule of `unbroken sim --seed S`), and
picks each decision with a choice with the same probability, fixed before the
games are played (`--per-game` on average: that many over the mean count of
such decisions in as many other games, `pick_rate`), from a stream of its own.
Whether a decision is picked depends on nothing that comes after it: picking a
fixed number a game favoured the positions of short games, and lost games are
short, which made every prediction look hopeful (docs/advisor.md,
"Calibration"). At each, the advisor predicts the chance that the bot
wins from there — `--rollouts` games from resampled forks, the bot's own
option first — without seeing the game's seed. What happened is the real
game's end: the bot played on with the real future. Grouped by predicted
chance, the predictions of a calibrated advisor match the observed win rates
within their intervals. Prints the reliability table in Markdown
(docs/advisor.md has one): each bucket's 95 % interval, counted by game, and
the simultaneous one (all ten together at 95 %: ten separate 95 % intervals
all hold for a perfect advisor only about 60 % of the time), then a pooled test
of all the buckets at once (tools/calibration_stats.py).

Then the paired claims: at the same positions the estimator races every
option (as `%` and `unbroken analyze` do); each option it calls clearly worse
than the best is a claim "the best is better", checked on fresh futures (a
stream of their own, `--fresh` games of the two options): how often the
claimed better option really did better there.

While it runs, a line on stderr says which step is under way and how far it got
(`Predicting the bot's own options: 310 of 834 positions (52 s)`), as `unbroken
analyze` counts its decisions: rewritten in place on a terminal, a line at each
step's end otherwise (stdout, the tables, can go to a file).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO

from calibration_stats import BUCKETS, Z95, buckets, by_game, pooled, wilson_by_game

from unbroken.advisor import Estimate
from unbroken.advisor.estimator import GAMES, RaceEnd, Weighing
from unbroken.advisor.pool import RolloutPool, weigh_all
from unbroken.advisor.rollouts import position
from unbroken.bots.batch import schedule
from unbroken.core import rng
from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset
from unbroken.sim import heuristic_bot

#: The advisor stream of the fresh futures that check the paired claims.
FRESH_STREAM = 1_000_003


class Progress:
    """How far the tool got, on stderr: `step(what)` names the step under way, and calling it
    with (done, total) counts it: "Predicting the bot's own options: 310 of 834 positions
    (52 s)" (the time since the tool started). On a terminal the line is rewritten in place;
    otherwise (stderr to a file) a line is written when a step ends, so a log stays short."""

    def __init__(self, err: TextIO | None = None) -> None:
        self.err = sys.stderr if err is None else err
        self.live = self.err.isatty()
        self.start = time.monotonic()
        self.what = ""
        self.unit = ""

    def step(self, what: str, unit: str) -> Progress:
        """Start a step (`what` it does, the `unit` it counts); return its counter."""
        self.what, self.unit = what, unit
        return self

    def line(self, done: int, total: int) -> str:
        """Return the line: "Predicting the bot's own options: 310 of 834 positions (52 s)"."""
        took = time.monotonic() - self.start
        return f"{self.what}: {done} of {total} {self.unit} ({took:.0f} s)"

    def __call__(self, done: int, total: int) -> None:
        if self.live:
            print(f"\r\033[K{self.line(done, total)}", end="", file=self.err, flush=True)
            if done >= total:
                print(file=self.err, flush=True)
        elif done >= total:
            print(self.line(done, total), file=self.err, flush=True)


def counter(progress: Progress | None, what: str, unit: str) -> Callable[[int, int], None] | None:
    """Return the counter of a step of `progress` (None: no progress shown)."""
    return None if progress is None else progress.step(what, unit)


def pick_rate(per_game: float, games: int, seed: int, progress: Progress | None = None) -> float:
    """Return the probability a decision with a choice is picked: `per_game` over the mean
    count of such decisions in `games` other games (the schedule of seed+1, not the ones
    sampled, so the rate is fixed before them)."""
    rules = load_ruleset()
    count = counter(progress, "Playing other games to fix the pick rate", "games")
    played = []
    for scheduled in schedule(rules, games, seed + 1):
        played.append(sum(1 for game, _ in _decisions(rules, *scheduled)))
        if count is not None:
            count(len(played), games)
    return min(1.0, per_game * len(played) / max(1, sum(played)))


def picked(seed: int, game: int, decision: int, rate: float) -> bool:
    """True if the game's `decision`-th decision with a choice is sampled: a draw of its own
    for each, so the pick depends on nothing after the decision (not on the game's length)."""
    return rng.draw(seed, "calibrate", (game << 24) | decision) < rate * (1 << 64)


def _decisions(
    rules: Ruleset, game_seed: int, character: str, difficulty: str
) -> Iterator[tuple[Game, Action]]:
    """Play a game with the bot; yield (the game, the bot's option) at each decision with a
    choice, before the option is taken (the game goes on: the same object, over at the end)."""
    game = Game.new(rules, character, difficulty, game_seed)
    n = 0
    while not game.is_over:
        action = heuristic_bot(game, n)
        if len(game.legal_actions()) > 1:
            yield game, action
        game.apply(action)
        n += 1


def sample(
    scheduled: Sequence[tuple[int, str, str]], rate: float, seed: int
) -> list[tuple[Game, Action, bool]]:
    """Play each scheduled game with the bot; return (position, bot's option, won) at the
    decisions `picked` (each with probability `rate`)."""
    return [found for game in sample_by_game(scheduled, rate, seed) for found in game]


def sample_by_game(
    scheduled: Sequence[tuple[int, str, str]],
    rate: float,
    seed: int,
    progress: Progress | None = None,
) -> list[list[tuple[Game, Action, bool]]]:
    """Return `sample`'s positions game by game (the positions of a game share its end)."""
    rules = load_ruleset()
    count = counter(progress, "Playing the games and picking positions", "games")
    found: list[list[tuple[Game, Action, bool]]] = []
    for number, (game_seed, character, difficulty) in enumerate(scheduled):
        points = []
        game = None
        for k, (game, action) in enumerate(_decisions(rules, game_seed, character, difficulty)):
            if picked(seed, number, k, rate):
                points.append((position(game), action))
        won = bool(game and game.outcome and game.outcome.won)
        found.append([(seen, action, won) for seen, action in points])
        if count is not None:
            count(len(found), len(scheduled))
    return found


def predictions(
    pool: RolloutPool,
    samples: list[tuple[Game, Action, bool]],
    rollouts: int,
    progress: Progress | None = None,
) -> list[Estimate]:
    """Return the chance of the bot's own option at every sample (`rollouts` futures)."""
    count = counter(progress, "Predicting the bot's own options", "positions")
    positions = [(seen, [action]) for seen, action, _ in samples]
    weighed = weigh_all(pool, positions, rollouts, progress=count)
    return [w.estimate(0) for w in weighed]


#: The claimed differences' buckets, in points (lower ends).
CLAIM_BUCKETS = (0, 5, 10, 20, 40)


def claims(
    pool: RolloutPool,
    samples: list[tuple[Game, Action, bool]],
    rollouts: int,
    fresh: int,
    progress: Progress | None = None,
) -> tuple[int, list[tuple[float, Weighing]], list[Weighing]]:
    """Return the positions with a claim, and every claim "the best is clearly better than
    option k" the estimator made at the samples: (its claimed difference, the two options
    weighed again on fresh futures, the best first); and every position's race."""
    positions = [(seen, seen.legal_actions()) for seen, _, _ in samples]
    count = counter(progress, "Racing every option", "positions")
    weighed = weigh_all(pool, positions, rollouts, progress=count)
    pairs = []
    claimed = []
    for (seen, legal), w in zip(positions, weighed, strict=True):
        for k in range(len(legal)):
            if w.clearly_worse(k):
                pairs.append((seen, [legal[w.best], legal[k]]))
                claimed.append(-w.difference(k).mean)
    with_claim = sum(1 for w in weighed if any(map(w.clearly_worse, range(len(w.wins)))))
    # Fresh futures: another stream, the two options only, no early end when settled.
    count = counter(progress, "Checking the claims on fresh futures", "claims")
    checked = weigh_all(pool, pairs, fresh, FRESH_STREAM, count, settle=0.0)
    return with_claim, list(zip(claimed, checked, strict=True)), weighed


def chances_again(
    pool: RolloutPool,
    samples: list[tuple[Game, Action, bool]],
    weighed: list[Weighing],
    progress: Progress | None = None,
) -> list[tuple[Weighing, Estimate]]:
    """Return each position's chance as the estimator gives it (its best option's, the
    leader when the race ended), with that option weighed again on fresh futures: the
    race picks the best on the same futures it then reports, so a chance picked as the
    highest of several could be too hopeful (the winner's curse)."""
    seen = [seen for seen, _, _ in samples]
    again = weigh_all(
        pool,
        [(g, [g.legal_actions()[w.best]]) for g, w in zip(seen, weighed, strict=True)],
        GAMES,
        FRESH_STREAM,
        counter(progress, "Weighing the best options again", "positions"),
    )
    return [(w, a.estimate(0)) for w, a in zip(weighed, again, strict=True)]


def print_chances_again(again: list[tuple[Weighing, Estimate]]) -> None:
    """Print the position's chance against its best option on fresh futures, by how the
    race ended (the mean difference in points, with a 95 % interval)."""
    print(
        "The position's chance (its best option's, as `%`, `unbroken analyze` and the chart "
        f"show it) against the same option on {GAMES} fresh futures:"
    )
    print()
    print("| Race ended | Positions | Chance shown | Fresh futures | Difference (95 % interval) |")
    print("|---|---:|---:|---:|---:|")
    groups = [(end.value, [x for x in again if x[0].ended == end]) for end in RaceEnd]
    for name, got in [*groups, ("all", again)]:
        if not got:
            continue
        shown = [w.chance.rate for w, _ in got]
        fresh = [e.rate for _, e in got]
        diffs = [100 * (a - b) for a, b in zip(shown, fresh, strict=True)]
        mean = statistics.fmean(diffs)
        half = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        print(
            f"| {name} | {len(got)} | {100 * statistics.fmean(shown):.1f} % "
            f"| {100 * statistics.fmean(fresh):.1f} % "
            f"| {mean:+.1f} points ({mean - half:+.1f} to {mean + half:+.1f}) |"
        )


def print_claims(
    with_claim: int, made: list[tuple[float, Weighing]], args: argparse.Namespace
) -> None:
    """Print how often the claimed better option did better on fresh futures, by claim size."""
    print(
        f"Paired claims ({GAMES} futures at most per option, as `%` and `unbroken analyze`): "
        f"options called clearly worse than the best at {with_claim} of the positions, "
        f"each checked on {args.fresh} fresh futures (the best did better: its paired "
        "difference above 0; clearly: its paired interval above 0)."
    )
    print()
    print("| Claimed difference | Claims | Best did better | Share (95 % interval) | Clearly |")
    print("|---|---:|---:|---:|---:|")
    rows = [(b, [(c, w) for c, w in made if _bucket(100 * c) == b]) for b in CLAIM_BUCKETS]
    for b, got in [*rows, (-1, made)]:
        if not got:
            continue
        better = sum(1 for _, w in got if w.difference(1, 0).mean < 0)
        clearly = sum(1 for _, w in got if w.difference(1, 0).worse)
        top = CLAIM_BUCKETS[CLAIM_BUCKETS.index(b) + 1] if 0 <= b < CLAIM_BUCKETS[-1] else None
        name = "All" if b < 0 else f"{b}+ points" if top is None else f"{b}-{top} points"
        print(
            f"| {name} | {len(got)} | {better} | {Estimate(better, len(got)).percent()} "
            f"| {clearly} |"
        )


def _bucket(points: float) -> int:
    return max(b for b in CLAIM_BUCKETS if points >= b)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--per-game", type=float, default=2.0)
    parser.add_argument("--rollouts", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--fresh", type=int, default=400)
    args = parser.parse_args()
    rules = load_ruleset()
    start = time.perf_counter()
    progress = Progress()
    games = list(schedule(rules, args.games, args.seed))
    args.rate = pick_rate(args.per_game, args.games, args.seed, progress)
    grouped = sample_by_game(games, args.rate, args.seed, progress)
    samples = [found for game in grouped for found in game]
    args.clusters = [number for number, game in enumerate(grouped) for _ in game]
    with RolloutPool(rules, args.jobs) as pool:
        predicted = predictions(pool, samples, args.rollouts, progress)
        took = time.perf_counter() - start
        with_claim, made, weighed = claims(pool, samples, GAMES, args.fresh, progress)
        took_claims = time.perf_counter() - start - took
        again = chances_again(pool, samples, weighed, progress)
    took_again = time.perf_counter() - start - took - took_claims
    print_table(predicted, samples, args, took)
    print()
    print_claims(with_claim, made, args)
    print()
    print(f"The claims took {took_claims:.0f} s.")
    print()
    print_chances_again(again)
    print()
    print(
        f"Weighing the best options again took {took_again:.0f} s "
        f"(load average {os.getloadavg()[0]:.1f})."
    )


def print_table(
    predicted: list[Estimate],
    samples: list[tuple[Game, Action, bool]],
    args: argparse.Namespace,
    took: float,
) -> None:
    """Print the reliability table of the predictions in Markdown: each bucket's own
    interval as if its positions were independent, then counted by game, then counted by
    game at 1 - 0.05/10 (all ten together at 95 %); then the pooled test."""
    rates = [est.rate for est in predicted]
    won = [w for _, _, w in samples]
    print(
        f"{len(samples)} positions from {args.games} heuristic-bot games (seed {args.seed}; "
        f"each decision with a choice picked with probability {args.rate:.4f}), "
        f"{args.rollouts} rollouts each; {took:.0f} s with {args.jobs} workers."
    )
    print()
    print(
        "| Predicted | Positions | Mean predicted | Observed wins "
        "| Observed (95 % interval) | Within | Design effect | Counted by game (95 %) | Within "
        "| Simultaneous, by game (95 % for all ten) | Within |"
    )
    print("|---|---:|---:|---:|---:|---|---:|---:|---|---:|---|")
    rows = buckets(rates, won, args.clusters)
    for row in rows:
        seen = Estimate(row.wins, row.positions)
        inside = "yes" if seen.low <= row.predicted <= seen.high else "no"
        top = 100 if row.low == BUCKETS[-1] else row.low + 10
        print(
            f"| {row.low}-{top} % | {row.positions} | {100 * row.predicted:.1f} % | {row.wins} "
            f"| {seen.percent()} | {inside} | {row.effect:.2f} | {_span(row.by_game)} "
            f"| {_yes(row.inside)} | {_span(row.together)} | {_yes(row.inside_together)} |"
        )
    n = len(samples)
    total_won = sum(won)
    effect = by_game([w - r for r, w in zip(rates, won, strict=True)], args.clusters)
    low, high = wilson_by_game(total_won, n, effect)
    test = pooled(rates, won, args.clusters)
    print()
    print(
        f"All positions: mean predicted {100 * sum(rates) / n:.1f} %, observed "
        f"{Estimate(total_won, n).percent()}; counted by game {100 * low:.0f}-"
        f"{100 * high:.0f} % (design effect {effect:.2f}, {len(set(args.clusters))} games). "
        f"Buckets inside their own intervals by game: {sum(r.inside for r in rows)} of "
        f"{len(rows)}; inside the simultaneous ones: {sum(r.inside_together for r in rows)} "
        f"of {len(rows)}. Pooled test (every bucket's observed minus predicted at once, "
        f"counted by game): chi-square {test.statistic:.1f} on {test.df} degrees of freedom, "
        f"p = {test.p:.2f}."
    )


def _span(interval: tuple[float, float]) -> str:
    return f"{100 * interval[0]:.0f}-{100 * interval[1]:.0f} %"


def _yes(inside: bool) -> str:
    return "yes" if inside else "no"


if __name__ == "__main__":
    main()
