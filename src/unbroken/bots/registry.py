"""The bots by name: the built-in ones and the enabled plugins' (`unbroken sim --bot NAME`)."""

from __future__ import annotations

from collections.abc import Callable

from unbroken.advisor.bot import rollout_bot
from unbroken.bots.baseline import greedy_bot, random_bot
from unbroken.bots.heuristic import heuristic_bot
from unbroken.core.actions import Action
from unbroken.core.game import Game

#: A bot picks one of the legal actions; it gets the game and a draw counter.
Bot = Callable[[Game, int], Action]


BOTS: dict[str, Bot] = {
    "random": random_bot,
    "greedy": greedy_bot,
    "heuristic": heuristic_bot,
    # The advisor's bot: the option with the best rollout estimate (slow: unbroken.advisor.bot).
    "rollout": rollout_bot,
}


def all_bots() -> dict[str, Bot]:
    """Return the built-in bots and the enabled plugins' bots (named `<plugin>:<name>`)."""
    from unbroken.plugins import current_plugins

    return {**BOTS, **current_plugins().bots}
