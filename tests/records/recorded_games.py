"""Finished games for the records tests: real bot games, and won games built from them.

Today's bots rarely win, so a won game is a real game whose final GameOver
event is swapped for a win (the state is re-folded from the events); the
achievements are then whatever `earned()` reads from that log.
"""

from __future__ import annotations

from collections.abc import Callable

from unbroken import sim
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.reducer import fold
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import StepName

#: One character of each base class.
BY_CLASS = {
    "base:sneak": "maxyn-zenma",
    "base:brawler": "caellahan",
    "base:sage": "tomu",
    "base:hunter": "huckdorf",
}

GameMaker = Callable[..., Game]


def played(
    rules: Ruleset, seed: int = 1, character: str = "maxyn-zenma", difficulty: str = "normal"
) -> Game:
    """Return a game the greedy bot played to its end."""
    game = Game.new(rules, character=character, difficulty=difficulty, seed=seed)
    sim.play(game, sim.greedy_bot)
    return game


def as_won(game: Game, score: int = 23, rank: str = "Avenger") -> Game:
    """Return the same game with its last event turned into a win on level 4."""
    events: list[ev.Event] = [e for e in game.events if not isinstance(e, ev.GameOver)]
    events.append(ev.GameOver(won=True, level=4, step=StepName.HUNGER, score=score, rank=rank))
    return Game(game.ruleset, fold(events), events)
