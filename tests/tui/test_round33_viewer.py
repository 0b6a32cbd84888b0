"""Playtest round 33 (#28, 33a): the replay viewer's `a` showed the analysis kept by
`unbroken analyze` at once, never saying it was the one kept, nor when; and its footer at 80
columns ran its words together ("←→ Step home/end Ends l/b/d Next space Play a Chances"),
which word belonged to which key untold."""

from __future__ import annotations

from typing import Any

from pilot import kept_for_the_viewer, sync
from test_chances import SHORT, viewing
from test_round12_viewer import shown
from textual.widgets import Footer

from unbroken.advisor import Difference, Estimate
from unbroken.advisor.analysis import Analysis, Choice
from unbroken.advisor.chances import Figure
from unbroken.tui.analysis import LOG_ROWS, ChanceChart

KEPT = "From the analysis kept on "


def _one() -> Analysis:
    rest = "Rest: gain 2 SE (time 2)"
    return Analysis(
        100, 20, 20, "lost",
        [Choice(3, 1, "travel", 2, rest, rest, rest, Estimate(50, 100),
                Figure.of(Estimate(50, 100)), Difference(0, 0, 100))],
    )  # fmt: skip


@sync
async def test_the_chart_says_once_that_its_analysis_is_the_one_kept_and_when() -> None:
    kept_for_the_viewer(SHORT, _one())
    async with viewing() as (pilot, viewer):
        await pilot.press("a")
        await pilot.pause()
        lines = shown(viewer.query_one(ChanceChart))
        said = " ".join(" ".join(lines).split())
        assert said.startswith(KEPT) and " UTC. " in said, lines  # "29 Nov 2026, 08:08 UTC."
        # Its two rows counted: the legend still in sight, the log's rows kept under it
        # (this analysis has no misstep: "no missteps  ┃ here", round 35's 35b-14).
        assert "no missteps  ┃ here" in [line for line in lines if line][-1], lines
        assert viewer.query_one("#log").region.height >= LOG_ROWS
        await pilot.press("right")  # gone once the viewer moves, as a key's notice
        await pilot.pause()
        assert KEPT not in " ".join(shown(viewer.query_one(ChanceChart)))
        await pilot.press("a", "a")  # hidden and shown again: not said again
        await pilot.pause()
        assert KEPT not in " ".join(shown(viewer.query_one(ChanceChart)))


@sync
async def test_the_footer_tells_each_key_from_its_word_at_80_columns() -> None:
    async with viewing() as (pilot, viewer):
        await pilot.pause()
        assert not viewer.query_one(Footer).compact  # spaced as the game screen's footer
        keys: list[Any] = list(viewer.query("FooterKey"))
        row = ""
        for key in keys:
            assert key.region.x == len(row), row  # one after the other
            row += key.render_line(0).text
        assert row.rstrip().endswith("esc Quit") and len(row) <= 80, row
        # Two spaces between entries, one between a key and its word.
        assert "  l/b/d Next  space Play  a Chances  c Missteps  ? Help  " in row, row
