"""Round 37 (37b-6) in the replay viewer at 80x24: a decision whose option the race stopped
early says so in the chart's first lines ("22 % (0-52) with the option you took" beside
"+44 points" read as figures that do not add up; why came only in lines cut there)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from pilot import kept_for_the_viewer, sync
from test_chances import SHORT, viewing
from test_round12_viewer import shown

from unbroken.advisor.analysis import Analysis
from unbroken.tui.analysis import ChanceChart

sys.path.insert(0, str(Path(__file__).parents[1] / "advisor"))
from test_round37_chart_figures import stopped_choice  # noqa: E402


def test_the_early_stop_is_said_in_the_charts_first_lines_at_80x24() -> None:
    choice = replace(stopped_choice(), n=5)  # the short game's 11 decisions
    kept_for_the_viewer(SHORT, Analysis(100, 20, 10, "lost", [choice]))

    @sync
    async def run() -> None:
        async with viewing((80, 24)) as (pilot, viewer):
            await pilot.press("a")
            await pilot.pause()
            await pilot.press("c")  # to the misstep
            await pilot.pause()
            assert viewer.position == choice.n
            words = " ".join(" ".join(shown(viewer.query_one(ChanceChart))).split())
            assert f"Decision {choice.n}:" in words, words
            assert "stopped early) with the option you took" in words, words

    run()
