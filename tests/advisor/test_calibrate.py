"""tools/calibrate.py picks its positions without looking at what comes after them (#30).

Picking a fixed number of decisions a game made a decision of a short game likelier to be
picked than one of a long game, and lost games are short: the sample leaned towards the
positions whose real future was a loss, and the predictions looked hopeful (the 10-20 %
bucket: 14.8 % predicted, 7 % observed; 13 % with each position weighed by its game's
length). Now each decision is picked with the same probability, fixed before the games.
"""

from __future__ import annotations

import importlib.util
import io
import math
from pathlib import Path
from types import ModuleType

from unbroken.bots.batch import schedule
from unbroken.plugins import load_ruleset

RULES = load_ruleset()
GAMES = 80
RATE = 0.15


def calibrate() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "calibrate.py"
    spec = importlib.util.spec_from_file_location("calibrate_tool", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_decision_is_as_likely_to_be_picked_whatever_follows_it() -> None:
    tool = calibrate()
    scheduled = list(schedule(RULES, GAMES, 1))
    won_games = decisions = won_decisions = 0
    for game_seed, character, difficulty in scheduled:
        played = list(tool._decisions(RULES, game_seed, character, difficulty))
        count = len(played)
        won = bool(played and played[-1][0].outcome and played[-1][0].outcome.won)
        won_games += won
        decisions += count
        won_decisions += count * won
    picked = tool.sample(scheduled, RATE, 1)
    share = sum(won for _, _, won in picked) / len(picked)
    # Each decision equally likely: the picks from won games are as many as their decisions
    # (within 3.3 standard errors: a fixed seed, so the same figures every run).
    expected = won_decisions / decisions
    bound = 3.3 * math.sqrt(expected * (1 - expected) / len(picked))
    assert abs(share - expected) < bound, (share, expected)
    # The check can tell: a fixed number a game would give the share of games won, which
    # is further off than the bound (won games have more decisions).
    assert abs(won_games / GAMES - expected) > bound
    assert abs(len(picked) - RATE * decisions) < 4 * math.sqrt(RATE * decisions)


def test_the_pick_rate_gives_the_asked_positions_a_game_on_average() -> None:
    tool = calibrate()
    rate = tool.pick_rate(2.0, 40, 1)
    assert 0.0 < rate < 0.1
    picked = tool.sample(list(schedule(RULES, 200, 1)), rate, 1)
    assert 300 < len(picked) < 500  # about two a game, from other games than the rate's


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_goes_to_stderr_a_line_a_step_or_rewritten_on_a_terminal() -> None:
    tool = calibrate()
    log = io.StringIO()  # stderr to a file: one line when each step ends
    progress = tool.Progress(log)
    count = progress.step("Predicting the bot's own options", "positions")
    for done in range(1, 4):
        count(done, 3)
    progress.step("Racing every option", "positions")(2, 2)
    lines = log.getvalue().splitlines()
    assert [line.split(" (")[0] for line in lines] == [
        "Predicting the bot's own options: 3 of 3 positions",
        "Racing every option: 2 of 2 positions",
    ]
    assert all(line.endswith(" s)") for line in lines)
    screen = _Terminal()  # on a terminal: every count, rewritten in place, a newline at the end
    count = tool.Progress(screen).step("Checking the claims on fresh futures", "claims")
    count(1, 2)
    count(2, 2)
    text = screen.getvalue()
    assert text.count("\r\033[K") == 2 and text.endswith("s)\n")
    assert "Checking the claims on fresh futures: 1 of 2 claims" in text
