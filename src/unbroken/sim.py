"""Simulated games for plugins and their tests: the bots and the batch runner, by public name.

The code lives in `unbroken.bots` (one module a job); this module keeps the
names plugins, the scaffold's tests and older code import from `unbroken.sim`.
"""

from __future__ import annotations

from unbroken.bots.baseline import VALUE, greedy_bot, random_bot
from unbroken.bots.batch import (
    MAX_DECISIONS,
    RECORDED_AT,
    GameFailed,
    InvariantViolation,
    Result,
    Summary,
    check_invariants,
    play,
    play_numbered,
    play_one,
    record_game,
    run,
    schedule,
    warn,
)
from unbroken.bots.heuristic import heuristic_bot
from unbroken.bots.registry import BOTS, Bot, all_bots

__all__ = [
    "BOTS",
    "MAX_DECISIONS",
    "RECORDED_AT",
    "VALUE",
    "Bot",
    "GameFailed",
    "InvariantViolation",
    "Result",
    "Summary",
    "all_bots",
    "check_invariants",
    "greedy_bot",
    "heuristic_bot",
    "play",
    "play_numbered",
    "play_one",
    "random_bot",
    "record_game",
    "run",
    "schedule",
    "warn",
]
