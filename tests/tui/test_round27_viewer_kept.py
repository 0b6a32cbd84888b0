"""#28 round 27 (27b-5): the replay viewer's `a` had analysed the game, and `unbroken
analyze` of it weighed every decision again (1 min 50 s). The viewer keeps what its
analysis was made with, so analyze, with the same settings, shows it again."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
from pilot import sync

from observing import analyses_counted
from unbroken.cli.command import main
from unbroken.plugins import load_ruleset
from unbroken.tui import analysis
from unbroken.tui.analysis import ChanceChart
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.replays import ReplayViewerScreen

RULES = load_ruleset()
SHORT = Path(__file__).parents[2] / "replays" / "normal_tomu_seed1811464556580010651_lost.jsonl"


def test_analyze_shows_the_viewers_analysis_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = Path(shutil.copy(SHORT, tmp_path / SHORT.name))
    monkeypatch.setattr(analysis, "GAMES", 2)  # the viewer's budget, small

    @sync
    async def view() -> None:
        app = UnbrokenApp(RULES, animate=False, record=False, replay=path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            viewer = app.screen
            assert isinstance(viewer, ReplayViewerScreen)
            await pilot.press("a")
            await pilot.pause()
            chart = viewer.query_one(ChanceChart)
            for _ in range(1200):  # until its analysis is done (a bound, not a timing)
                if not chart.running:
                    break
                await asyncio.sleep(0.05)
            assert not chart.running and chart.analysis is not None

    view()
    calls = analyses_counted(monkeypatch)
    assert main(["analyze", str(path), "--games", "2", "--jobs", "1"]) == 0
    out, err = capsys.readouterr()
    assert calls == [], err
    assert out.splitlines()[1].startswith("From the analysis kept on ")
