"""Rollouts: an option taken at a fork of the position, then the reference bot to the end.

Every rollout forks with `resample` drawn from the advisor's own stream
(`seeds`), so what the player cannot know is drawn anew for it; the game's
seed is never an input. `position` goes one step further and drops the
hidden information before a position leaves the game (to a worker process):
what is sent holds no trace of the real future.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from unbroken.bots.heuristic import heuristic_bot
from unbroken.core import rng
from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState

#: A rollout that has not ended after this many decisions is a bug (as in `unbroken sim`).
MOST_DECISIONS = 5000
#: The advisor's stream by default (any seed will do; the game's is never used).
DEFAULT_SEED = 20


def seeds(advisor_seed: int, start: int, count: int) -> list[int]:
    """Return the resample seeds of rollouts start..start+count-1 of the advisor's stream."""
    return [rng.draw(advisor_seed & rng.MASK, "advisor", i) for i in range(start, start + count)]


def position(game: Game) -> Game:
    """Return the game's position with its hidden information drawn anew from a fixed seed.

    Rollouts fork this again with their own seeds; it is what the advisor keeps
    and sends (its state and no event log: the log holds the real deck orders).
    """
    fork = game.fork(resample=0)
    return Game(game.ruleset, fork.state, [])


def rollout(game: Game, action: Action | None, resample: int) -> bool:
    """Play `action` (None: none) at a resampled fork, then the reference bot; True if won.

    The bot's decisions are numbered by the game's count (`state.decisions`), not from
    the fork, so a rollout that passes through a later position plays on from there as
    a rollout started at that position does (`reuse`)."""
    fork = game.fork(resample)
    if action is not None:
        fork.apply(action)
    n = 0
    while not fork.is_over:
        if n >= MOST_DECISIONS:
            raise RuntimeError(f"a rollout did not end after {MOST_DECISIONS} decisions")
        fork.apply(heuristic_bot(fork, fork.state.decisions))
        n += 1
    outcome = fork.outcome
    return outcome is not None and outcome.won


def play_round(game: Game, actions: Sequence[Action], resamples: Sequence[int]) -> list[int]:
    """Return each action's wins over the same resampled futures as a mask (bit i: future i
    won): common random numbers, so two options differ only where their games did."""
    return [
        sum(rollout(game, action, seed) << i for i, seed in enumerate(resamples))
        for action in actions
    ]


# ----------------------------------------------------------------- the work a worker does

_STATE = msgspec.msgpack.Decoder(GameState)
_ACTIONS = msgspec.msgpack.Decoder(list[Action])
_ENCODE = msgspec.msgpack.Encoder()


def pack(game: Game, actions: Sequence[Action]) -> tuple[bytes, bytes]:
    """Return a position (already without its hidden information) and actions as bytes."""
    return _ENCODE.encode(game.state), pack_actions(actions)


def pack_actions(actions: Sequence[Action]) -> bytes:
    """Return actions as bytes, as a round of rollouts is sent them."""
    return _ENCODE.encode(list(actions))


def unpack_round(ruleset: Ruleset, state: bytes, actions: bytes, resamples: list[int]) -> list[int]:
    """Play a round of rollouts sent as bytes (`pack`); return each action's wins (masks)."""
    game = Game(ruleset, _STATE.decode(state), [])
    return play_round(game, _ACTIONS.decode(actions), resamples)
