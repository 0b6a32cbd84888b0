"""The rollout bot (`--bot rollout`): at every choice, the option with the best estimate.

Each option of a decision is played out `games` times from resampled forks
(the same futures for every option), the reference bot playing the rest; the
bot takes the option that won most, the reference bot's own choice among
equals. It never peeks: its stream is its own seed and the decision's number.
"""

from __future__ import annotations

from unbroken.advisor.rollouts import DEFAULT_SEED, play_round, position, seeds
from unbroken.bots.heuristic import heuristic_bot
from unbroken.core import rng
from unbroken.core.actions import Action
from unbroken.core.game import Game

#: Rollouts per option at each decision, by default.
GAMES = 8


class RolloutBot:
    """A bot that spends `games` rollouts per option on every decision with a choice."""

    def __init__(self, games: int = GAMES, seed: int = DEFAULT_SEED) -> None:
        self.games = games
        self.seed = seed

    def __call__(self, game: Game, n: int) -> Action:
        legal = game.legal_actions()
        reference = heuristic_bot(game, n)
        if len(legal) == 1:
            return legal[0]
        stream = rng.draw(self.seed & rng.MASK, "bot:rollout", n)
        wins = play_round(position(game), legal, seeds(stream, 0, self.games))
        best = max(wins)
        if wins[legal.index(reference)] == best:
            return reference
        return legal[wins.index(best)]


def rollout_bot(game: Game, n: int) -> Action:
    """The rollout bot with its default budget (GAMES rollouts per option per decision)."""
    return _DEFAULT(game, n)


_DEFAULT = RolloutBot()
