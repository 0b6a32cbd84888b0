"""Round 35's playtest (#28, 35b-14): a chart with no misstep offers no key to reach one."""

from __future__ import annotations

from pilot import kept_for_the_viewer, sync
from test_chances import SHORT, choice, viewing

from unbroken.advisor.analysis import Analysis
from unbroken.tui.analysis import ChanceChart

CLOSE = Analysis(100, 20, 10, "lost", [choice(1, 40, 40), choice(3, 48, 50)])


@sync
async def test_no_misstep_no_keys_to_reach_one() -> None:
    # As played: "▲ 0 missteps (c next, C back)", then `c` said "No misstep after this
    # point." as if there were some before it.
    assert not CLOSE.costly()
    kept_for_the_viewer(SHORT, CLOSE)
    async with viewing() as (pilot, viewer):
        await pilot.press("a")
        await pilot.pause()
        chart = viewer.query_one(ChanceChart)
        lines = [t for y in range(chart.size.height) if (t := chart.render_line(y).text.rstrip())]
        assert "no missteps" in lines[-1] and "┃ here" in lines[-1], lines
        assert not [line for line in lines if "▲" in line or "c next" in line], lines
        await pilot.press("c")
        await pilot.pause()
        lines = [t for y in range(chart.size.height) if (t := chart.render_line(y).text.rstrip())]
        assert lines[0].strip() == "No missteps in this game.", lines
