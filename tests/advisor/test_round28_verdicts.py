"""Playtest round 28 (#28): analyze's "!" and "?" and the viewer's missteps, one rule."""

from __future__ import annotations

from unbroken.advisor.analysis import Analysis
from unbroken.advisor.chances import Estimate, Figure
from unbroken.advisor.choice import Choice
from unbroken.advisor.paired import Difference
from unbroken.cli.analyze import text_report
from unbroken.tui.chart_words import head_words


def _explore(lost: Difference, options: int = 6) -> Choice:
    # 28b-11, decision 43: Explore taken, Fight the best (Focus, Downgrade, Scout and Delve
    # about equal to it), Explore stopped at the race's first stage.
    taken = Figure(0.16, 0.05, 0.35, lost.games, stopped=True, behind=True)
    return Choice(
        43, 2, "preparation", options, "Explore (go to the Exploration step)",
        "Fight the monster now", "Explore", Estimate(43, 100), taken, lost,
        equal_best=("Focus", "Downgrade", "Scout", "Delve [Gravedigger]"),
    )  # fmt: skip


def test_a_verdict_stopped_early_at_16_futures_among_many_options_is_not_a_misstep() -> None:
    """28a-16 / 28b-11: "31! Explore … Fight the monster now instead …: +31 points (2 to
    54) on 16 futures, stopped early" (5 futures to none) under a header saying "?" is
    "clearly worse only where the race stopped it (uncertain, so not a misstep)". The race
    held 5 other options against a leader chosen on those 16 futures: over its looks at
    every one the interval holds 0, so "?" in analyze, no ▲ in the viewer, and the
    header says the one rule both follow."""
    choice = _explore(Difference(0, 5, 16))
    assert choice.clearly_worse and choice.uncertain and not choice.costly
    assert "on 16 futures, stopped early, uncertain (where the race stopped it" in (
        choice.verdict()
    )
    analysis = Analysis(100, 20, 130, "won", [choice])
    out = text_report(analysis, "a game", None)
    [row] = [x for x in out.splitlines() if x.startswith("   43")]
    assert row.startswith("   43   2  43 % (34-53)   16 % (5-35)      31? "), row
    assert "Missteps (!): none" in out
    said = " ".join(out.split())
    assert "? clearly worse only at the look where the race stopped it or ended" in said
    assert (
        "stopped early, or whose race ended early: clear over all its looks at every option"
    ) in said
    # The viewer: the same rule (no ▲, no misstep to find).
    assert not analysis.costly()
    assert "▲" not in head_words(analysis, 43)
    # Clear over every look at every option (8 futures to none): a misstep in both.
    sure = _explore(Difference(0, 8, 16))
    assert sure.costly and not sure.uncertain
    assert [c.n for c in Analysis(100, 20, 130, "won", [sure]).costly()] == [43]
    assert "▲" in head_words(Analysis(100, 20, 130, "won", [sure]), 43)
    # With one other option, 5 to none of 16 is one look at one option: clear, as before.
    assert _explore(Difference(0, 5, 16), options=2).costly


def test_the_header_says_its_rule_covers_a_race_that_ended_early_too() -> None:
    """35's note: since 34a-6 the rule for one stopped early (clear over all its looks at
    every option, else "?") covers a race that ended early too (`Choice.cut_short`), the
    option taken playing all its futures; the header said only "one the race stopped
    early", so a "?" on a row whose race ended early read against its own header."""
    lost = Difference(0, 5, 16)
    taken = Figure(0.16, 0.05, 0.35, lost.games, behind=True, early=True)
    choice = Choice(
        43, 2, "preparation", 6, "Explore (go to the Exploration step)",
        "Fight the monster now", "Explore", Estimate(43, 100), taken, lost,
    )  # fmt: skip
    assert not taken.stopped and choice.uncertain and not choice.costly
    out = text_report(Analysis(100, 20, 130, "won", [choice]), "a game", None)
    [row] = [x for x in out.splitlines() if x.startswith("   43")]
    assert "31? " in row, row
    said = " ".join(out.split())
    assert "or whose race ended early: clear over all its looks at every option" in said
    assert "? clearly worse only at the look where the race stopped it or ended," in said
