"""#28 playtest round 26 (26a-22): the viewer's `a` took about 8 minutes for a game of 154
decisions, and the close question said only that leaving loses the analysis, so the player
sat through it. It says that `unbroken analyze` in a shell keeps one for the viewer too."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilot import analysis_never_ends, closing_the_viewer, on_top, sync

from unbroken.plugins import load_ruleset
from unbroken.tui.replays import ReplayViewerScreen

RULES = load_ruleset()
SHORT = Path(__file__).parents[2] / "replays" / "normal_tomu_seed1811464556580010651_lost.jsonl"


def test_the_close_question_names_analyze_from_the_command_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    analysis_never_ends(monkeypatch)
    run_close_question()


@sync
async def run_close_question() -> None:
    async with closing_the_viewer(RULES, SHORT) as (pilot, app):
        said = " ".join(str(app.screen.query_one("Static").render()).split())
        assert "closing now loses it" in said
        assert "(unbroken analyze in a shell keeps its analysis for the viewer" in said
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(on_top(app), ReplayViewerScreen)
