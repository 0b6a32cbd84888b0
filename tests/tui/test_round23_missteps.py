"""#28 round 23: "costly" meant two things: in play an option that spends (the careful
key's mark), in the replay viewer a decision that lost chance ("▲ 0 costly (c next)").
The viewer, its help, `unbroken analyze` and the board call the latter a "misstep"."""

from __future__ import annotations

from pilot import sync
from test_chances import ANALYSIS, RULES, SHORT

from unbroken.advisor.analysis import keep
from unbroken.tui.analysis import BINDINGS, ChanceChart, no_analysis
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.help import HelpScreen
from unbroken.tui.replays import ReplayViewerScreen


def test_the_viewer_keys_and_notes_say_misstep() -> None:
    described = [b.description for b in BINDINGS]
    assert "Missteps" in described and "Previous misstep" in described
    assert not [d for d in described if "ostly" in d]
    assert "costly" not in no_analysis(None) and "missteps" in no_analysis(None)


@sync
async def test_the_chart_legend_counts_missteps() -> None:
    keep(SHORT, ANALYSIS)
    app = UnbrokenApp(RULES, animate=False, record=False, replay=SHORT)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        await pilot.press("a")
        await pilot.pause()
        chart = viewer.query_one(ChanceChart)
        lines = [chart.render_line(y).text.rstrip() for y in range(chart.size.height)]
        assert [line for line in lines if "▲ 2 missteps (c next, C back)" in line], lines


def test_the_viewers_help_says_misstep() -> None:
    assert "| c, C | the next, the previous misstep |" in HelpScreen.VIEWER_KEYS
    assert "costly" not in HelpScreen.VIEWER_KEYS
