"""The bots by name: the built-in ones, those a front end adds, and the plugins'.

The advisor's rollout bot sits in a layer above the bots (docs/architecture.md,
"The layers"): the command that offers it by name (`unbroken sim --bot
rollout`) hands it in as one of `more`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from unbroken.bots.baseline import greedy_bot, random_bot
from unbroken.bots.heuristic import heuristic_bot
from unbroken.core.actions import Action
from unbroken.core.game import Game

if TYPE_CHECKING:
    from unbroken.plugins import Plugins

#: A bot picks one of the legal actions; it gets the game and a draw counter.
Bot = Callable[[Game, int], Action]


BOTS: dict[str, Bot] = {
    "random": random_bot,
    "greedy": greedy_bot,
    "heuristic": heuristic_bot,
}


def all_bots(
    plugins: Plugins | None = None, more: Mapping[str, Bot] | None = None
) -> dict[str, Bot]:
    """Return the built-in bots, `more` (a front end's: the rollout bot) and the bots of
    `plugins` (named `<plugin>:<name>`)."""
    return {**BOTS, **(more or {}), **(plugins.bots if plugins is not None else {})}
