"""The advice at a position: every option's chance of winning, from a fixed number of games."""

from __future__ import annotations

from collections.abc import Sequence

from unbroken.advisor.estimates import Estimate
from unbroken.advisor.pool import RolloutPool
from unbroken.advisor.rollouts import DEFAULT_SEED, play_round, position, seeds
from unbroken.core.actions import Action
from unbroken.core.game import Game


def advise(
    game: Game,
    actions: Sequence[Action] | None = None,
    games: int = 200,
    seed: int = DEFAULT_SEED,
    jobs: int = 1,
) -> list[Estimate]:
    """Return the chance of winning of each action (default: every legal one), `games`
    rollouts each, from the advisor's stream `seed`. The same visible position gives the
    same advice for the same seed, whatever the game's seed (no peeking)."""
    chosen = list(game.legal_actions() if actions is None else actions)
    seen = position(game)
    if jobs <= 1:
        wins = play_round(seen, chosen, seeds(seed, 0, games))
        return [Estimate(w, games) for w in wins]
    with RolloutPool(game.ruleset, jobs) as pool:
        return pool.estimate(seen, chosen, games, seed)
