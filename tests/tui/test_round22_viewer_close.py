"""#28 playtest round 22: in the replay viewer `?` then Esc Esc closed help and then the
viewer, and a 6-minute analysis still running was lost. Esc (or q) that would close the
viewer while its analysis runs asks first; Esc or n stays."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilot import analysis_never_ends, closing_the_viewer, on_top, sync

from unbroken.plugins import load_ruleset
from unbroken.tui.leaving import LeaveScreen
from unbroken.tui.replays import ReplayViewerScreen

RULES = load_ruleset()
SHORT = Path(__file__).parents[2] / "replays" / "normal_tomu_seed1811464556580010651_lost.jsonl"


def test_esc_asks_before_the_viewer_closes_on_an_analysis_running(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The analysis never ends here: what Esc does while it runs is what is checked.
    analysis_never_ends(monkeypatch)
    run_esc_while_analysing()


@sync
async def run_esc_while_analysing() -> None:
    async with closing_the_viewer(RULES, SHORT) as (pilot, app):
        assert "analysis is still running" in str(app.screen.query_one("Static").render())
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(on_top(app), ReplayViewerScreen)
        await pilot.press("a")  # hidden, then shown again: still running, still asked
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(on_top(app), LeaveScreen)
