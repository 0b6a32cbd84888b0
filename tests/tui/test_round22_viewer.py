"""#28 playtest round 22: the replay viewer's note on the analysis follows its state."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilot import sync

from unbroken.plugins import load_ruleset
from unbroken.tui import analysis
from unbroken.tui.analysis import ChanceChart
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.replays import ReplayViewerScreen

RULES = load_ruleset()
SHORT = Path(__file__).parents[2] / "replays" / "normal_tomu_seed1811464556580010651_lost.jsonl"


def test_c_says_what_the_analysis_is_doing(monkeypatch: pytest.MonkeyPatch) -> None:
    # Round 22: "No analysis shown: a shows the chances …" stayed beside "Analysing … 25 of
    # 120" and after the chart was drawn; `c` during the analysis said it again.
    monkeypatch.setattr(analysis, "kept", lambda *_: None)
    started: list[ChanceChart] = []
    monkeypatch.setattr(analysis, "_compute", lambda _v, chart, _p: started.append(chart))

    @sync
    async def run() -> None:
        app = UnbrokenApp(RULES, animate=False, record=False, replay=SHORT)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            viewer = app.screen
            assert isinstance(viewer, ReplayViewerScreen)
            await pilot.press("c")  # no chart yet: a notice says `a`
            await pilot.pause()
            assert any("No analysis shown" in n.message for n in app._notifications)
            await pilot.press("a")
            await pilot.pause()
            assert not any("No analysis shown" in n.message for n in app._notifications)
            chart = viewer.query_one(ChanceChart)
            assert started == [chart] and chart.running
            await pilot.press("c")  # while it runs
            await pilot.pause()
            assert chart.message is not None
            said = chart.message[1]
            assert "No analysis shown" not in said, said
            assert said.startswith("Analysing…: c finds the missteps once it is done")

    run()
