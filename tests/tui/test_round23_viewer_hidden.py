"""#28 playtest round 22: in the replay viewer, `a` hid the chart while its analysis ran,
and Esc then closed the viewer unasked, the analysis lost (it was still running; `a`
again started a second one). Hidden, the chart's analysis runs on: Esc or q asks as with
the chart in sight, `a` shows the same chart again, and the footer's `a` says it runs
("a Running")."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from pilot import on_top, settle
from textual.widgets import Footer

from unbroken.plugins import load_ruleset
from unbroken.tui import analysis
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.leaving import LeaveScreen
from unbroken.tui.replays import ReplayViewerScreen

RULES = load_ruleset()
SHORT = Path(__file__).parents[2] / "replays" / "normal_tomu_seed1811464556580010651_lost.jsonl"


def footer_keys(app: UnbrokenApp) -> str:
    """Return the footer's keys and their words, as drawn."""
    footer = app.screen.query_one(Footer)
    return " ".join(str(key.render()) for key in footer.children)


def test_esc_asks_with_the_chart_hidden_while_analysing(monkeypatch: pytest.MonkeyPatch) -> None:
    # The analysis never ends here: what the keys do while it runs is what is checked.
    started: list[Any] = []
    monkeypatch.setattr(analysis, "_compute", lambda *args: started.append(args))
    monkeypatch.setattr(analysis, "kept_one", lambda *_: None)
    asyncio.run(run_hidden(started))


async def run_hidden(started: list[Any]) -> None:
    app = UnbrokenApp(RULES, animate=False, record=False, replay=SHORT)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(on_top(app), ReplayViewerScreen)
        await pilot.press("a")
        await settle(pilot)
        assert "a Running" not in footer_keys(app), footer_keys(app)
        await pilot.press("a")  # hidden: the analysis runs on
        await settle(pilot)
        assert "a Running" in footer_keys(app), footer_keys(app)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(on_top(app), LeaveScreen)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(on_top(app), LeaveScreen)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("a")  # the same chart again, not a second analysis
        await settle(pilot)
        assert len(started) == 1, started
        assert "Analysing" in str(app.screen.query_one(analysis.ChanceChart).render())
