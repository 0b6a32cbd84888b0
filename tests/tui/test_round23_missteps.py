"""#28 round 23: "costly" meant two things: in play an option that spends (the careful
key's mark), in the replay viewer a decision that lost chance ("▲ 0 costly (c next)").
The viewer, its help, `unbroken analyze` and the board call the latter a "misstep"."""

from __future__ import annotations

from pilot import sync
from test_chances import charted

from unbroken.tui.analysis import BINDINGS, no_analysis
from unbroken.tui.help import HelpScreen


def test_the_viewer_keys_and_notes_say_misstep() -> None:
    described = [b.description for b in BINDINGS]
    assert "Missteps" in described and "Previous misstep" in described
    assert not [d for d in described if "ostly" in d]
    assert "costly" not in no_analysis(None) and "missteps" in no_analysis(None)


@sync
async def test_the_chart_legend_counts_missteps() -> None:
    async with charted() as (pilot, viewer, chart):
        lines = [chart.render_line(y).text.rstrip() for y in range(chart.size.height)]
        assert [line for line in lines if "▲ 2 missteps (c next, C back)" in line], lines


def test_the_viewers_help_says_misstep() -> None:
    assert "| c, C | the next, the previous misstep |" in HelpScreen.VIEWER_KEYS
    assert "costly" not in HelpScreen.VIEWER_KEYS
