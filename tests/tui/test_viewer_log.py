"""The replay viewer tells a position's log as the game did (its narrator has heard the
game so far: a fresh one said "The monster is wounded" where the game said how much)."""

from __future__ import annotations

from pilot import sync
from textual.widgets import RichLog

from unbroken.plugins import load_ruleset
from unbroken.replay.timeline import Timeline
from unbroken.testing import GOLDEN_DIR
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.replays import ReplayViewerScreen
from unbroken.words.events import Narrator

RULES = load_ruleset()


@sync
async def test_the_viewer_tells_a_position_as_it_was_played() -> None:
    path = sorted(GOLDEN_DIR.glob("*.jsonl"))[0]
    timeline = Timeline(path, RULES)
    narrator = Narrator(RULES)
    played = [
        [line for e in timeline.events_at(i) if (line := narrator.describe(e))]
        for i in range(len(timeline))
    ]
    # "The monster takes 3 wounds" needs the power heard at an earlier position.
    i = next(i for i, lines in enumerate(played) if any("takes" in line for line in lines))
    app = UnbrokenApp(RULES, animate=False, replay=path)
    async with app.run_test(size=(120, 40)) as pilot:
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        viewer.go(i)
        await pilot.pause()
        log = viewer.query_one("#log", RichLog)
        shown = "\n".join(strip.text for strip in log.lines)
        takes = next(line for line in played[i] if "takes" in line)
        assert takes in shown.splitlines()
