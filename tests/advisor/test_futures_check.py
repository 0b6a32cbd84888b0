"""tools/futures_check.py --below: the check restricted to losing positions (#30)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from unbroken.bots.heuristic import heuristic_bot
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset

RULES = load_ruleset()


def futures_check() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "futures_check.py"
    spec = importlib.util.spec_from_file_location("futures_check_tool", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_below_looks_only_where_the_first_half_of_the_rollouts_won_less() -> None:
    tool = futures_check()
    game = Game.new(RULES, "base:mae-el", "normal", 11)
    n = 0
    while len(game.legal_actions()) < 2:
        game.apply(heuristic_bot(game, n))
        n += 1
    action = heuristic_bot(game, n)
    everything = tool.look(game, action)
    assert everything is not None
    real, bare, dice, rollouts = everything
    assert len(rollouts) == tool.ROLLOUTS and 0 <= dice <= tool.DICE
    half = tool.ROLLOUTS // 2
    share = 100 * sum(rollouts[:half]) / half
    # Just above the first half's share: looked at, the same figures; at it: left.
    assert tool.look(game, action, share + 0.1) == everything
    assert tool.look(game, action, share) is None
