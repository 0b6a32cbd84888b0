"""Round 11's replay viewer leftovers (#28): a notice covered the chance chart's legend, a
costly decision's note was cut at 80x24."""

from __future__ import annotations

from pilot import kept_for_the_viewer, sync
from test_chances import SHORT, charted, viewing

from unbroken.advisor import Difference, Estimate
from unbroken.advisor.analysis import Analysis, Choice
from unbroken.advisor.chances import Figure
from unbroken.tui.analysis import ChanceChart, progress_note

LEGEND = "(c next, C back)"


def shown(chart: ChanceChart) -> list[str]:
    """Return the chart's lines as the screen shows them."""
    return [chart.render_line(y).text.rstrip() for y in range(chart.size.height)]


@sync
async def test_what_a_key_finds_is_said_in_the_chart_not_over_its_legend() -> None:
    async with charted() as (pilot, viewer, chart):
        await pilot.press("c", "c", "c")  # 3, 8, then none after
        await pilot.pause()
        assert viewer.position == 8
        assert not pilot.app._notifications, list(
            pilot.app._notifications
        )  # no notice in the corner
        lines = shown(chart)
        assert lines[0].strip() == "No misstep after this point.", lines
        assert LEGEND in lines[-1], lines  # the legend whole, on the chart's last line
        assert chart.region.bottom <= 23  # above the footer
        await pilot.press("left")  # moving on: the message is gone
        await pilot.pause()
        assert not any("No misstep" in line for line in shown(chart))
        await pilot.press("end", "d")  # another key's "No death after this point."
        await pilot.pause()
        assert not pilot.app._notifications
        assert "No death after this point." in shown(chart)[0]


@sync
async def test_a_long_costly_note_is_shown_whole_where_it_fits() -> None:
    # Round 11: "…: Focus instead: +16 points (3 to 27) on…" cut with "…" at 80x24. Since
    # round 29 (its log pushed off) a note longer than the rows left over the log is cut
    # after a clause, saying where the rest is (test_round29_viewer); a taller window
    # shows it whole.
    why = "; ".join(f"Option {i}: pays {i} SE, gains {i} ME, loses {i} time" for i in range(1, 6))
    lost = Difference(0, 8, 16)
    taken = Choice(
        3, 1, "preparation", 9, "Explore (go to the Exploration step)", "Focus", "Explore",
        Estimate(81, 100), Figure.against(Estimate(81, 100), lost.mean, lost.low, lost.high,
        16, True), lost, why, "costs nothing",
    )  # fmt: skip
    analysis = Analysis(100, 20, 20, "lost", [taken])
    kept_for_the_viewer(SHORT, analysis)
    async with viewing((80, 30)) as (pilot, viewer):
        await pilot.press("a", "c")
        await pilot.pause()
        assert viewer.position == 3
        chart = viewer.query_one(ChanceChart)
        lines = shown(chart)
        said = " ".join(" ".join(lines).split())
        assert "…" not in said, lines
        assert "Option 5: pays 5 SE, gains 5 ME, loses 5 time" in said, lines
        assert LEGEND in lines[-1], lines
        assert chart.region.bottom <= 29 and chart.region.y >= 1


def test_the_analysis_says_about_how_long_is_left() -> None:
    # Round 12: "Analysing … 7 of 120" for two minutes, and no time said.
    assert progress_note(2, 120, 10.0).endswith(": 2 of 120")  # too soon to tell
    # Round 21: the duration's spaces do not break ("3 min 40 s" kept on one line).
    said = progress_note(10, 120, 20.0)
    assert said.endswith(": 10 of 120, about 3\u00a0min\u00a040\u00a0s left at this pace")
    assert progress_note(100, 120, 50.0).endswith(": 100 of 120, about 10\u00a0s left at this pace")
    assert progress_note(120, 120, 60.0).endswith(": 120 of 120")
