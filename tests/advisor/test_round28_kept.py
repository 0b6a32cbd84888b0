"""#28 round 28 (a47's wave-1 report): the replay viewer showed any kept analysis of the
format, made with other rules, plugins, an older release or another count of games, where
`unbroken analyze` weighed the game again. One check for both (`advisor.kept.reusable`),
and one default seed and count of games (the advisor's)."""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path
from unittest import mock

from unbroken.advisor.analysis import Analysis, keep, made_with
from unbroken.advisor.estimator import GAMES
from unbroken.advisor.kept import reusable
from unbroken.advisor.rollouts import DEFAULT_SEED
from unbroken.cli import analyze as cli_analyze
from unbroken.plugins import load_ruleset
from unbroken.replay import read_recording
from unbroken.tui import analysis as viewer

RULES = load_ruleset()
SHORT = Path(__file__).parents[2] / "replays" / "normal_tomu_seed1811464556580010651_lost.jsonl"
ANALYSIS = Analysis(GAMES, DEFAULT_SEED, 10, "lost", [])


def test_the_viewer_shows_only_an_analysis_made_as_analyze_would_show_it(
    tmp_path: Path,
) -> None:
    path = Path(shutil.copy(SHORT, tmp_path / SHORT.name))
    rec = read_recording(path)
    made = made_with(rec, RULES, viewer.GAMES, DEFAULT_SEED)
    # Made with 30 games per option (`unbroken analyze --games 30`, 28a-17): neither shows it.
    keep(path, ANALYSIS, made_with(rec, RULES, 30, DEFAULT_SEED))
    assert viewer.kept(path, made) is None
    found, why = reusable(path, made)
    assert found is None and why.endswith("was made with 30 games per option")
    # With no word of how it was made (an earlier release): neither.
    keep(path, ANALYSIS)
    assert viewer.kept(path, made) is None and cli_analyze.reusable(path, made) is None
    # Made with other rules or plugins: neither.
    keep(path, ANALYSIS, {**made, "ruleset": "another"})
    assert viewer.kept(path, made) is None
    # Made the same way: both.
    keep(path, ANALYSIS, made)
    assert viewer.kept(path, made) == ANALYSIS
    found = cli_analyze.reusable(path, made)
    assert found is not None and found.analysis == ANALYSIS


def test_analyze_weighs_with_the_viewers_defaults() -> None:
    """The command's defaults are the advisor's, which the viewer uses: an analysis kept by
    `unbroken analyze` with no options is one the viewer shows, and the other way round."""
    assert viewer.GAMES == GAMES == cli_analyze.GAMES
    assert cli_analyze.SEED == DEFAULT_SEED
    parser = argparse.ArgumentParser()
    cli_analyze.add_arguments(parser)
    args = parser.parse_args([])
    # --games is resolved to the advisor's in `run`; --seed's default is the advisor's
    # (its help ends "(default N)", as every seed option's: test_shared_arguments).
    assert args.games is None and args.seed == DEFAULT_SEED
    said = " ".join(parser.format_help().split())
    assert f"(default {GAMES}, as the replay viewer's `a`" in said
    assert (
        f"the same as the replay viewer's `a` and `%` in the game (default {DEFAULT_SEED})" in said
    )


def test_analyze_with_no_options_keeps_one_the_viewer_shows(tmp_path: Path) -> None:
    path = Path(shutil.copy(SHORT, tmp_path / SHORT.name))
    weighed: list[tuple[int, int]] = []

    def weigh(rec: object, rules: object, games: int, seed: int, *_: object) -> Analysis:
        weighed.append((games, seed))
        return ANALYSIS

    with mock.patch("unbroken.advisor.analysis.analyze", weigh):
        assert cli_analyze.run(cli_analyze_args(path)) == 0
    assert weighed == [(GAMES, DEFAULT_SEED)]
    made = made_with(read_recording(path), RULES, viewer.GAMES, DEFAULT_SEED)
    assert viewer.kept(path, made) == ANALYSIS


def cli_analyze_args(path: Path) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    cli_analyze.add_arguments(parser)
    return parser.parse_args([str(path), "--jobs", "1", "--json"])
