"""#28 playtest round 22: the replay viewer's note on the analysis follows its state."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilot import sync

from unbroken.plugins import load_ruleset
from unbroken.tui import analysis
from unbroken.tui.analysis import ChanceChart
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.replays import ReplayViewerScreen, ViewerNotice

RULES = load_ruleset()
SHORT = Path(__file__).parents[2] / "replays" / "normal_tomu_seed1811464556580010651_lost.jsonl"


def shown_notice(notice: ViewerNotice) -> str:
    """Return what the viewer's notice line shows ("" when it is put away)."""
    return notice.text if notice.display else ""


def test_c_says_what_the_analysis_is_doing(monkeypatch: pytest.MonkeyPatch) -> None:
    # Round 22: "No analysis shown: a shows the chances …" stayed beside "Analysing … 25 of
    # 120" and after the chart was drawn; `c` during the analysis said it again.
    monkeypatch.setattr(analysis, "kept_one", lambda *_: None)
    started: list[ChanceChart] = []
    monkeypatch.setattr(analysis, "_compute", lambda _v, chart, _p: started.append(chart))

    @sync
    async def run() -> None:
        app = UnbrokenApp(RULES, animate=False, record=False, replay=SHORT)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            viewer = app.screen
            assert isinstance(viewer, ReplayViewerScreen)
            await pilot.press("c")  # no chart yet: the notice line says `a`
            await pilot.pause()
            notice = viewer.query_one(ViewerNotice)
            assert shown_notice(notice).startswith("No analysis shown")
            await pilot.press("a")
            await pilot.pause()
            assert not shown_notice(notice)
            chart = viewer.query_one(ChanceChart)
            assert started == [chart] and chart.running
            await pilot.press("c")  # while it runs
            await pilot.pause()
            assert chart.message is not None
            said = chart.message[1]
            assert "No analysis shown" not in said, said
            assert said.startswith("Analysing…: c finds the missteps once it is done")

    run()
