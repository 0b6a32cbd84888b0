"""The advice at a position: every option weighed by the one estimator, here or on workers."""

from __future__ import annotations

from collections.abc import Sequence

from unbroken.advisor.estimator import GAMES, Weighing, weigh
from unbroken.advisor.pool import RolloutPool
from unbroken.advisor.rollouts import DEFAULT_SEED
from unbroken.core.actions import Action
from unbroken.core.game import Game


def advise(
    game: Game,
    actions: Sequence[Action] | None = None,
    games: int = GAMES,
    seed: int = DEFAULT_SEED,
    jobs: int = 1,
) -> Weighing:
    """Return every action (default: every legal one) weighed at the position: raced on the
    position's futures of the advisor's stream `seed`, `games` futures each at most. The
    same visible position gives the same advice, whatever the game's seed (no peeking),
    and the same for any `jobs`."""
    chosen = list(game.legal_actions() if actions is None else actions)
    if jobs <= 1:
        return weigh(game, chosen, games, seed)
    with RolloutPool(game.ruleset, jobs) as pool:
        return pool.weigh(game, chosen, games, seed)
