"""#28 round 26, 26b-12: the replay viewer's `a` (100 games per option) marked a misstep
that `unbroken analyze --games 50` called "about equal": each says how many games its
verdicts come from, beside them, and that another count may judge otherwise."""

from __future__ import annotations

from unbroken.advisor import Difference, Estimate
from unbroken.advisor.analysis import Analysis, Choice
from unbroken.advisor.chances import Figure
from unbroken.cli.analyze import text_report
from unbroken.tui.chart_words import head_lines


def _choice(n: int, behind: int) -> Choice:
    """Decision `n`: Rest taken, Explore `behind` futures of 100 better (0: Explore taken)."""
    lost = Difference(0, behind, 100)  # the best won `behind` futures more of 100
    taken = Figure.of(Estimate(60 - behind, 100))
    took = "Rest" if behind else "Explore"
    return Choice(n, 1, "t", 2, took, "Explore", "Explore", Estimate(60, 100), taken, lost)


def test_analyze_says_the_games_its_verdicts_come_from() -> None:
    for games in (50, 100):
        analysis = Analysis(games, 20, 4, "won", [_choice(1, 30), _choice(2, 0)])
        summary = text_report(analysis, "a game").split("Summary\n", 1)[1]
        said = " ".join(summary.split())
        assert f"These verdicts come from up to {games} games per option" in said, summary
        assert "`unbroken analyze --games`, may judge a close decision otherwise" in said
    calm = Analysis(50, 20, 4, "won", [_choice(2, 0)])
    summary = text_report(calm, "a game").split("Summary\n", 1)[1]
    assert "from up to 50 games per option" in summary  # with no misstep too


def test_the_viewer_says_the_games_beside_a_verdict_against_the_option_taken() -> None:
    analysis = Analysis(100, 20, 4, "won", [_choice(1, 30), _choice(2, 0)])
    said = " ".join(head_lines(analysis, 1, 46))
    assert said.startswith("▲ Decision 1:"), said
    assert " ".join(said.split()).endswith(
        "From up to 100 games per option: another count may judge it otherwise."
    ), said
    # The best option taken: nothing to judge otherwise, nothing said.
    assert "games per option" not in " ".join(head_lines(analysis, 2, 46))
