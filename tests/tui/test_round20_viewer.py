"""Round 20's playtest (#28): the replay viewer marks the table row the last monster roll
applied with ▶, as the game does (it drew its own panels and marked none)."""

from __future__ import annotations

from pilot import sync

from unbroken.plugins import load_ruleset
from unbroken.replay.timeline import Timeline
from unbroken.testing import GOLDEN_DIR
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.replays import ReplayViewerScreen
from unbroken.tui.sheet_rows import applied_row
from unbroken.tui.stage import StagePanel

RULES = load_ruleset()


@sync
async def test_the_viewer_marks_the_row_the_monster_roll_applied() -> None:
    path = sorted(GOLDEN_DIR.glob("*.jsonl"))[0]
    timeline = Timeline(path, RULES)
    i = next(i for i in range(len(timeline)) if applied_row(timeline.events_at(i)))
    row = applied_row(timeline.events_at(i))
    app = UnbrokenApp(RULES, animate=False, replay=path)
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        viewer.go(i)
        await pilot.pause()
        drawn = viewer.query_one("#stage", StagePanel).drawn
    assert f"▶{row} " in drawn, (i, row, drawn)
