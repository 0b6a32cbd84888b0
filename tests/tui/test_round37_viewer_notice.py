"""#28 playtest round 37 (37a-7): the viewer's answer to `c` while the analysis runs goes at
the next key or after its few seconds; how far the analysis got is the chart's note."""

from __future__ import annotations

import asyncio
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


def running(monkeypatch: pytest.MonkeyPatch) -> None:
    """No analysis kept, and the one `a` starts never ends (it runs while the test looks)."""
    monkeypatch.setattr(analysis, "kept_one", lambda *_: None)
    monkeypatch.setattr(analysis, "_compute", lambda *_: None)


def said(chart: ChanceChart) -> tuple[int, str] | None:
    """Return the key's answer the chart shows (a call: it changes between asserts)."""
    return chart.message


def test_c_answer_goes_at_the_next_key(monkeypatch: pytest.MonkeyPatch) -> None:
    # 37a-7: `a`, then `c`: "Analysing…: c finds the missteps once it is done." stayed 2-3
    # minutes, through `a` hide and `a` show, the viewer not moving.
    running(monkeypatch)

    @sync
    async def run() -> None:
        app = UnbrokenApp(RULES, animate=False, record=False, replay=SHORT)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            viewer = app.screen
            assert isinstance(viewer, ReplayViewerScreen)
            await pilot.press("a")
            await pilot.pause()
            chart = viewer.query_one(ChanceChart)
            assert chart.running
            await pilot.press("c")
            await pilot.pause()
            assert said(chart) is not None
            assert "Analysing…: c finds" in str(chart.render())
            await pilot.press("a", "a")  # hidden, shown again: the viewer has not moved
            await pilot.pause()
            assert chart.display and chart.running
            assert said(chart) is None
            shown = str(chart.render())
            assert "c finds" not in shown and shown.startswith("Analysing the decisions"), shown
            await pilot.press("c")
            await pilot.press("plus")  # a key that neither moves nor answers: it goes too
            await pilot.pause()
            assert said(chart) is None

    run()


def test_c_answer_goes_after_its_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    running(monkeypatch)
    monkeypatch.setattr(analysis, "SAID_SECONDS", 0.3, raising=False)

    @sync
    async def run() -> None:
        app = UnbrokenApp(RULES, animate=False, record=False, replay=SHORT)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            viewer = app.screen
            assert isinstance(viewer, ReplayViewerScreen)
            await pilot.press("a")
            await pilot.pause()
            chart = viewer.query_one(ChanceChart)
            await pilot.press("c")
            await pilot.pause()
            assert said(chart) is not None
            await asyncio.sleep(0.6)
            await pilot.pause()
            assert said(chart) is None
            assert "c finds" not in str(chart.render())

    run()


def test_c_with_the_chart_hidden_points_at_its_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    running(monkeypatch)

    @sync
    async def run() -> None:
        app = UnbrokenApp(RULES, animate=False, record=False, replay=SHORT)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            viewer = app.screen
            assert isinstance(viewer, ReplayViewerScreen)
            await pilot.press("a", "a")  # shown, then hidden: it runs on
            await pilot.press("c")
            await pilot.pause()
            notice = viewer.query_one(ViewerNotice)
            assert notice.display
            assert notice.text == (
                "Analysing…: c finds the missteps once it is done (a shows how far it got)."
            )

    run()
