"""tools/calibrate.py picks its positions without looking at what comes after them (#30).

Picking a fixed number of decisions a game made a decision of a short game likelier to be
picked than one of a long game, and lost games are short: the sample leaned towards the
positions whose real future was a loss, and the predictions looked hopeful (the 10-20 %
bucket: 14.8 % predicted, 7 % observed; 13 % with each position weighed by its game's
length). Now each decision is picked with the same probability, fixed before the games.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

from unbroken.bots.batch import schedule
from unbroken.plugins import load_ruleset

RULES = load_ruleset()
GAMES = 80
RATE = 0.15


TOOLS = Path(__file__).resolve().parents[2] / "tools"


def tool(name: str) -> ModuleType:
    """Load tools/`name`.py (it imports its sibling calibration_stats, as when run)."""
    spec = importlib.util.spec_from_file_location(f"{name}_tool", TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    sys.path.insert(0, str(TOOLS))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(TOOLS))
    return module


def calibrate() -> ModuleType:
    return tool("calibrate")


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


# The checks of the reliability table (#30, "10 of 10 buckets"): ten buckets, each with its
# own 95 % interval, are ten tests, and a perfectly calibrated advisor has all ten inside
# only about 60 % of the time. The simultaneous intervals (1 - 0.05/10 each) and the pooled
# test are each passed by a calibrated advisor about 95 % of the time.


def test_the_quantiles_and_tails_match_the_tables() -> None:
    stats = tool("calibration_stats")
    assert stats.Z95 == pytest.approx(1.959964, abs=1e-6)
    assert stats.SIMULTANEOUS_Z == pytest.approx(2.807034, abs=1e-6)  # 1 - 0.0025
    # Critical values of the chi-square tables (odd and even degrees of freedom).
    for x, df, tail in [
        (3.841459, 1, 0.05),
        (2.705543, 1, 0.10),
        (5.991465, 2, 0.05),
        (11.070498, 5, 0.05),
        (15.507313, 8, 0.05),
        (18.307038, 10, 0.05),
        (23.209251, 10, 0.01),
        (29.588298, 10, 0.001),
        (16.918978, 9, 0.05),
    ]:
        assert stats.chi_square_tail(x, df) == pytest.approx(tail, rel=1e-5), (x, df)
    assert stats.chi_square_tail(0.0, 10) == 1.0
    with pytest.raises(ValueError, match="degrees of freedom"):
        stats.chi_square_tail(1.0, 0)


def _runs(shift: float, runs: int = 200) -> tuple[float, float, float]:
    """Return the shares of simulated runs (fixed seeds) with all ten buckets inside their
    own intervals by game, all inside the simultaneous ones, and the pooled test's p >= 0.05."""
    stats = tool("calibration_stats")
    got = [stats.checks(*stats.simulate(seed, shift=shift)) for seed in range(runs)]
    return (
        sum(c.inside == len(stats.BUCKETS) for c in got) / runs,
        sum(c.all_together for c in got) / runs,
        sum(c.p >= 0.05 for c in got) / runs,
    )


def test_a_calibrated_advisor_passes_the_all_ten_checks_about_95_percent_of_runs() -> None:
    separate, together, pooled = _runs(0.0)
    # The old criterion, ten of ten inside their own 95 % intervals: a false alarm in about
    # 40 % of runs of a perfectly calibrated predictor.
    assert 0.45 <= separate <= 0.80, separate
    # The simultaneous intervals and the pooled test: about 95 % (200 runs: the band is
    # several standard errors wide, and fails for the old criterion above).
    assert 0.88 <= together <= 0.99, together
    assert 0.88 <= pooled <= 0.99, pooled


def test_a_shifted_advisor_fails_the_all_ten_checks() -> None:
    # 12 points too hopeful: both checks fail almost always at 800 positions.
    _, together, pooled = _runs(0.12, 100)
    assert together <= 0.10 and pooled <= 0.10, (together, pooled)
    # 8 points too hopeful or too gloomy: each fails in most runs (about two in three).
    for shift in (0.08, -0.08):
        _, together, pooled = _runs(shift, 100)
        assert together <= 0.5 and pooled <= 0.5, (shift, together, pooled)


def test_the_table_has_the_simultaneous_column_and_the_pooled_test() -> None:
    tool_ = calibrate()
    stats = tool("calibration_stats")
    rates, won, games = stats.simulate(1)
    estimates = [tool_.Estimate(round(100 * r), 100) for r in rates]
    args = argparse.Namespace(games=400, seed=1, rate=0.02, rollouts=100, jobs=2, clusters=games)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        tool_.print_table(estimates, [(None, None, w) for w in won], args, 1.0)
    text = out.getvalue()
    header = next(line for line in text.splitlines() if line.startswith("| Predicted"))
    assert header.endswith("| Simultaneous, by game (95 % for all ten) | Within |")
    rows = [line for line in text.splitlines() if line.startswith("| ") and "-" in line[:9]]
    assert len(rows) == 10 and all(len(row.split("|")) == 13 for row in rows)
    test = stats.pooled([e.rate for e in estimates], won, games)
    assert f"chi-square {test.statistic:.1f} on {test.df} degrees of freedom" in text
    assert f"p = {test.p:.2f}." in text


def test_a_simulated_figure_of_rollouts_is_the_share_won_of_the_same_games() -> None:
    stats = tool("calibration_stats")
    exact, won, games = stats.simulate(3)
    noisy, won_too, games_too = stats.simulate(3, rollouts=100)
    # The same games and ends; each prediction a share of 100 games, around its chance.
    assert (won_too, games_too) == (won, games)
    assert all(abs(100 * r - round(100 * r)) < 1e-9 for r in noisy)
    assert noisy != exact
    assert abs(sum(noisy) - sum(exact)) / len(exact) < 0.01
    # A noisy figure bucketed by itself lies further out than the chances it stands for:
    # the positions of the lowest buckets had, on average, higher chances than their figures.
    low = [k for k, r in enumerate(noisy) if r < 0.2]
    assert sum(exact[k] for k in low) > sum(noisy[k] for k in low)
