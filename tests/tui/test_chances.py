"""The viewer's chance chart (#20 item 3): `a` shows it, `c`/`C` jump between costly decisions."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pilot import sync

from unbroken.advisor import Difference, Estimate
from unbroken.advisor.analysis import Analysis, Choice, keep
from unbroken.plugins import load_ruleset
from unbroken.tui.analysis import ChanceChart, costly_position, plot, series
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.replays import ReplayViewerScreen

RULES = load_ruleset()
SHORT = Path(__file__).parents[2] / "replays" / "normal_tomu_seed1811464556580010651_lost.jsonl"


def choice(n: int, taken: int, best: int) -> Choice:
    """A weighed decision: the option taken and the best won `taken` and `best` of 100 games,
    the taken one never where the best lost (so a gap of 6 or more is clear)."""
    e = Estimate
    return Choice(
        n,
        1,
        "preparation",
        3,
        "taken" if taken < best else "best",
        "best",
        "bot",
        e(best, 100),
        e(taken, 100),
        Difference(0, best - taken, 100),
    )


ANALYSIS = Analysis(
    100,
    20,
    10,
    "lost",
    [choice(1, 40, 40), choice(3, 20, 50), choice(6, 27, 30), choice(8, 5, 30)],
)


def test_the_series_holds_each_decisions_chance_until_the_next() -> None:
    values = series(ANALYSIS, 10)
    # Position i is after decision i: it shows the chance before decision i + 1.
    assert values[:3] == [0.4, 0.4, 0.5]
    assert values[5] == 0.3 and values[10] == 0.0  # lost at the end


def test_the_plot_is_a_line_of_braille_within_its_size() -> None:
    rows = plot([0.0, 0.5, 1.0], 12, 4)
    assert len(rows) == 4 and all(len(r) == 12 for r in rows)
    assert rows[0][-1] != " " and rows[-1][0] != " "  # ends at the top, starts at the bottom
    assert all(0x2800 <= ord(c) <= 0x28FF for r in rows for c in r if c != " ")


def test_costly_decisions_are_found_forwards_and_backwards() -> None:
    assert [c.n for c in ANALYSIS.costly()] == [3, 8]
    found = costly_position(ANALYSIS, 0, 1)
    assert found is not None and found.n == 3
    found = costly_position(ANALYSIS, 3, 1)
    assert found is not None and found.n == 8
    assert costly_position(ANALYSIS, 8, 1) is None
    found = costly_position(ANALYSIS, 8, -1)
    assert found is not None and found.n == 3


@sync
async def test_a_shows_the_chart_and_c_jumps_to_the_costly_decisions() -> None:
    keep(SHORT, ANALYSIS)  # as `unbroken analyze` leaves it in the cache
    app = UnbrokenApp(RULES, animate=False, record=False, replay=SHORT)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        await pilot.press("a")
        await pilot.pause()
        chart = viewer.query_one(ChanceChart)
        assert chart.analysis == ANALYSIS
        await pilot.press("c")
        assert viewer.position == 3
        text = str(chart.render())
        assert "took taken at 20 %" in text and "best instead: +30 points" in text and "▲" in text
        await pilot.press("c")
        assert viewer.position == 8
        await pilot.press("c")  # none after: it stays
        assert viewer.position == 8
        await pilot.press("C")
        assert viewer.position == 3
        await pilot.press("a")  # hidden again
        await asyncio.sleep(0.1)
        await pilot.pause()
        assert not viewer.query(ChanceChart)


@sync
async def test_without_a_kept_analysis_a_computes_one_in_the_background() -> None:
    from unbroken.tui import analysis

    games, analysis.GAMES = analysis.GAMES, 2
    try:
        app = UnbrokenApp(RULES, animate=False, record=False, replay=SHORT)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            viewer = app.screen
            assert isinstance(viewer, ReplayViewerScreen)
            await pilot.press("a")
            chart = viewer.query_one(ChanceChart)
            await pilot.press("right")  # the viewer answers meanwhile
            assert viewer.position == 1
            for _ in range(1200):
                if chart.analysis is not None:
                    break
                await asyncio.sleep(0.05)
            assert chart.analysis is not None and chart.analysis.games == 2
            assert len(chart.analysis.choices) > 0
    finally:
        analysis.GAMES = games


def test_the_charts_head_names_the_option_taken_as_the_positions_line_does() -> None:
    # #28 playtest round 3: the viewer's line said "Decision 3: Rest: …" and the chart's
    # head only "took 20 %: Explore instead", naming another option. The head names the
    # option taken by the words the position's line opens with (`option_name`).
    from unbroken.advisor.analysis import option_name
    from unbroken.core import actions as act
    from unbroken.testing import Scenario
    from unbroken.tui.analysis import chart_head

    game = Scenario("caellahan").encounters("juicy-bats").start("exploration")
    game.apply(act.ChooseEncounter("base:juicy-bats"))
    rest = option_name(act.Rest(), game.state, game.ruleset)
    assert rest.startswith("Rest: ")
    e = Estimate
    at = Choice(3, 1, "resolve_or_rest", 2, rest, "Explore", "bot", e(50, 100), e(20, 100),
                Difference(0, 30, 100))  # fmt: skip
    head = chart_head(0.5, at)
    assert head.startswith("▲ Chance here 50 %; took Rest at 20 % (13-29): Explore instead"), head
    assert chart_head(0.5, None) == "Chance here 50 %"
