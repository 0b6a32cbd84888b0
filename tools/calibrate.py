"""Is the advisor calibrated? Predicted chances against what the reference bot then did.

    python tools/calibrate.py [--games 300] [--per-game 2] [--rollouts 100] [--seed 1] [--jobs 2]

Plays `--games` games with the reference (heuristic) bot, round-robin over
every character and difficulty (the schedule of `unbroken sim --seed S`), and
picks `--per-game` of each game's decisions with a choice at random (from a
stream of its own). At each, the advisor predicts the chance that the bot
wins from there — `--rollouts` games from resampled forks, the bot's own
option first — without seeing the game's seed. What happened is the real
game's end: the bot played on with the real future. Grouped by predicted
chance, the predictions of a calibrated advisor match the observed win rates
within their intervals. Prints the reliability table in Markdown
(docs/advisor.md has one).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from unbroken.advisor import Estimate
from unbroken.advisor.pool import RolloutPool
from unbroken.advisor.rollouts import pack, position, seeds
from unbroken.bots.batch import schedule
from unbroken.core import rng
from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.sim import heuristic_bot

#: The buckets of predicted chance, in percent (lower ends; the last one ends at 100).
BUCKETS = (0, 10, 20, 30, 40, 50, 60, 70, 80, 90)


def sample(
    scheduled: Sequence[tuple[int, str, str]], per_game: int, seed: int
) -> list[tuple[Game, Action, bool]]:
    """Play each scheduled game with the bot; return (position, bot's option, won) samples."""
    rules = load_ruleset()
    found = []
    for number, (game_seed, character, difficulty) in enumerate(scheduled):
        game = Game.new(rules, character, difficulty, game_seed)
        points: list[tuple[Game, Action]] = []
        n = 0
        while not game.is_over:
            action = heuristic_bot(game, n)
            if len(game.legal_actions()) > 1:
                points.append((position(game), action))
            game.apply(action)
            n += 1
        won = bool(game.outcome and game.outcome.won)
        for k in range(min(per_game, len(points))):
            pick = rng.below(rng.draw(seed, "calibrate", number * 16 + k), len(points))
            seen, action = points.pop(pick)
            found.append((seen, action, won))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--per-game", type=int, default=2)
    parser.add_argument("--rollouts", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    rules = load_ruleset()
    start = time.perf_counter()
    games = list(schedule(rules, args.games, args.seed))
    samples = sample(games, args.per_game, args.seed)
    batch = 25
    with RolloutPool(rules, args.jobs) as pool:
        futures = []
        for seen, action, _ in samples:
            state, packed = pack(seen, [action])
            futures.append(
                [
                    pool.submit(state, packed, seeds(20, s, min(batch, args.rollouts - s)))
                    for s in range(0, args.rollouts, batch)
                ]
            )
        predicted = [
            Estimate(sum(f.result()[0] for f in parts), args.rollouts) for parts in futures
        ]
    took = time.perf_counter() - start
    rows: dict[int, list[tuple[float, bool]]] = {b: [] for b in BUCKETS}
    for est, (_, _, won) in zip(predicted, samples, strict=True):
        bucket = max(b for b in BUCKETS if 100 * est.rate >= b)
        rows[bucket].append((est.rate, won))
    print(
        f"{len(samples)} positions from {args.games} heuristic-bot games (seed {args.seed}), "
        f"{args.rollouts} rollouts each; {took:.0f} s with {args.jobs} workers."
    )
    print()
    print(
        "| Predicted | Positions | Mean predicted | Observed wins "
        "| Observed (95 % interval) | Within |"
    )
    print("|---|---:|---:|---:|---:|---|")
    total_pred = total_won = 0.0
    for b in BUCKETS:
        got = rows[b]
        if not got:
            continue
        mean = sum(p for p, _ in got) / len(got)
        wins = sum(w for _, w in got)
        seen = Estimate(wins, len(got))
        total_pred += sum(p for p, _ in got)
        total_won += wins
        inside = "yes" if seen.low <= mean <= seen.high else "no"
        top = 100 if b == BUCKETS[-1] else b + 10
        print(
            f"| {b}-{top} % | {len(got)} | {100 * mean:.1f} % | {wins} "
            f"| {seen.percent()} | {inside} |"
        )
    n = len(samples)
    print()
    print(
        f"All positions: mean predicted {100 * total_pred / n:.1f} %, observed "
        f"{Estimate(int(total_won), n).percent()}."
    )


if __name__ == "__main__":
    main()
