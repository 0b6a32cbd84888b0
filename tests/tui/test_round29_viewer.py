"""Playtest round 29 (#28, 29a-11): the viewer's misstep words at 80x24 ran down to the
footer, cut mid-sentence ("From up to 100 games per option:"), the chart's legend ("▲ 4
missteps (c next, C back)") and the whole log pushed off, with no word of it."""

from __future__ import annotations

from pilot import kept_for_the_viewer, sync
from test_chances import SHORT, viewing
from test_round12_viewer import LEGEND, shown

from unbroken.advisor import Difference, Estimate
from unbroken.advisor.analysis import Analysis, Choice
from unbroken.advisor.chances import Figure
from unbroken.tui.analysis import LOG_ROWS, ChanceChart
from unbroken.tui.chart_words import MORE

PUDDLE = "Resolve Glittering Puddle: 1 SE -> 1 treasure (time 2)"


def _puddle() -> Analysis:
    """Decision 65 of play29a's game 1, its verdict as long as there: 15 lines at 80x24."""
    led_to = Estimate(60, 100)
    taken = Choice(
        3, 3, "travel", 3, PUDDLE, "Rest: gain 2 SE (time 2)", PUDDLE, Estimate(79, 100),
        Figure.of(led_to), Difference(0, 9, 64), "pays 1 SE, gains 1 treasure, loses 2 time",
        "gains 2 SE, loses 2 time", led_to, score_ahead=10, unseen=6,
    )  # fmt: skip
    return Analysis(100, 20, 20, "lost", [taken])


@sync
async def test_the_misstep_words_leave_the_legend_and_the_log_in_sight() -> None:
    kept_for_the_viewer(SHORT, _puddle())
    async with viewing() as (pilot, viewer):
        await pilot.press("a", "c")
        await pilot.pause()
        assert viewer.position == 3
        chart = viewer.query_one(ChanceChart)
        lines = shown(chart)
        said = " ".join(" ".join(lines).split())
        assert LEGEND in lines[-1], lines
        log = viewer.query_one("#log")
        assert chart.region.bottom == log.region.y and log.region.height >= LOG_ROWS
        assert log.region.bottom <= 23  # above the footer
        # Cut after a clause, saying where the rest is, never mid-sentence.
        assert " ".join(MORE.split()) in said, lines
        before = said.split(" …", 1)[0]
        # (Round 34's words name each figure, a line longer: the cut comes a clause sooner.)
        assert before.endswith("the reference bot playing on"), said
        assert "Rest instead: +19 points" in said
    async with viewing((80, 40)) as (pilot, viewer):  # taller: all of it
        await pilot.press("a", "c")
        await pilot.pause()
        said = " ".join(" ".join(shown(viewer.query_one(ChanceChart))).split())
        assert "…" not in said, said
        assert said.endswith(f"otherwise. ▲ 1 misstep {LEGEND} ┃ here"), said
