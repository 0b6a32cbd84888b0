"""The viewer's chance chart (#20 item 3): `a` shows it, `c`/`C` jump between costly decisions."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from pilot import kept_for_the_viewer, sync
from textual.pilot import Pilot

from unbroken.advisor import Difference, Estimate
from unbroken.advisor.analysis import Analysis, Choice
from unbroken.advisor.chances import Figure
from unbroken.plugins import load_ruleset
from unbroken.tui.analysis import ChanceChart, costly_position, plot, series
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.chart_words import head_lines
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
        Figure.of(e(taken, 100)),
        Difference(0, best - taken, 100),
    )


ANALYSIS = Analysis(
    100,
    20,
    10,
    "lost",
    [choice(1, 40, 40), choice(3, 20, 50), choice(6, 27, 30), choice(8, 5, 30)],
)


@asynccontextmanager
async def viewing(
    size: tuple[int, int] = (80, 24),
) -> AsyncIterator[tuple[Pilot[Any], ReplayViewerScreen]]:
    """Open the short game's replay in the viewer at 80x24 (or `size`): the pilot and the
    viewer."""
    app = UnbrokenApp(RULES, animate=False, record=False, replay=SHORT)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        yield pilot, viewer


@asynccontextmanager
async def charted() -> AsyncIterator[tuple[Pilot[Any], ReplayViewerScreen, ChanceChart]]:
    """Keep the short game's analysis (as `unbroken analyze` leaves it in the cache), open
    its replay in the viewer at 80x24 and show the chart (`a`): the pilot, the viewer and
    the chart."""
    kept_for_the_viewer(SHORT, ANALYSIS)
    async with viewing() as (pilot, viewer):
        await pilot.press("a")
        await pilot.pause()
        yield pilot, viewer, viewer.query_one(ChanceChart)


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
    async with charted() as (pilot, viewer, chart):
        assert chart.analysis == ANALYSIS
        await pilot.press("c")
        assert viewer.position == 3
        text = " ".join(str(chart.render()).split())  # wrapped to the chart's width
        assert "20 % (" in text and "with the option you took" in text and "▲" in text
        assert "Best instead: +30 points" in text
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
        async with viewing() as (pilot, viewer):
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


def test_the_words_over_the_chart_fit_80_columns_and_tell_its_two_chances_apart() -> None:
    """Playtest round 4: "Chance here 4 %; took 31 % (14-56): Fight the monster now instead:
    +50 poi" was cut at 80 columns, and read as a contradiction: the chance here is of the
    position after the decision and what it drew, the other the option's before it."""
    lost = Difference(0, 8, 16)  # 50 points on the 16 futures both played: 81 - 50 = 31
    taken = Choice(
        12, 1, "preparation", 9, "Scout: pay 1 SE + 1 time, reveal the monster",
        "Fight the monster now", "Explore", Estimate(81, 100), Figure.against(
            Estimate(81, 100), lost.mean, lost.low, lost.high, 16, True),
        lost, "pays 1 SE, loses 1 time, ⚠ time runs out: the monster "
        "ambushes you", "costs nothing",
    )  # fmt: skip
    after = Choice(13, 1, "battle", 3, "Punch", "Punch", "Punch", Estimate(4, 100),
                   Figure.of(Estimate(4, 100)), Difference(0, 0, 100))  # fmt: skip
    analysis = Analysis(100, 20, 20, "lost", [taken, after])
    lines = head_lines(analysis, 12, 78)
    assert len(lines) == 6 and all(len(line) <= 78 for line in lines)
    said = " ".join(lines)
    assert said.startswith(
        "▲ Decision 12: 81 % chance of winning with its best option, 31 % (7-65, stopped"
        " early) with the option you took"  # 81 less 50 is 31 here, yet stopped (37b-6)
    )
    assert "then 4 % after what came of it, which went against you" in said
    assert "Fight the monster now instead: +50 points" in said
    assert "ambushes" in said  # the verdict's why, not cut at the edge
    assert head_lines(analysis, 14, 78)[0] == "Chance here: the game is lost"
    # #28: "Chance here 81 % (…), its best option's" read as cut: a whole sentence now,
    # what the chance is and which option it is of.
    assert " ".join(head_lines(analysis, 5, 78)).strip() == (
        "Chance of winning here: 81 % (at decision 12, the next choice), with its best"
        " option: Fight the monster now."
    )
    assert " ".join(head_lines(analysis, 11, 46)).strip() == (
        "Chance of winning here: 81 %, with the next decision's best option: Fight the monster now."
    )


def test_the_words_over_the_chart_end_in_a_whole_sentence() -> None:
    """Playtest round 6: "…what came of it went your way. The best option" read as cut off
    at 80 columns; it was the whole verdict of an option taken that was the best."""
    sword = "Attack with Decisive stroke: wound 5 - pay 3 SE + 1 LE (Bleeding +1)"
    best = Choice(119, 4, "player_turn", 7, sword, sword, sword, Estimate(43, 100),
                  Figure.of(Estimate(43, 100)), Difference(0, 0, 16))  # fmt: skip
    cut = "Attack with Cut: wound 2, defeats it - pay 3 SE"
    after = Choice(121, 4, "player_turn", 3, cut, cut, cut, Estimate(100, 100),
                   Figure.of(Estimate(100, 100)), Difference(0, 0, 16))  # fmt: skip
    won = Analysis(100, 20, 123, "won", [best, after])
    lines = [line for line in head_lines(won, 119, 76) if line]
    assert "then 100 % (at decision 121, the next choice)" in " ".join(lines)
    assert len(lines) == 3 and all(len(line) <= 76 for line in lines)
    assert " ".join(lines).endswith("which went your way. You took the best option.")


def test_the_viewers_line_names_the_option_taken_as_the_analysis_does() -> None:
    # #28 playtest round 3: the position's line said "Rest" (the menu's bare label) while
    # the costly decision's verdict named the options in the analysis's words; the line
    # now uses those words (`option_name`), so the option taken reads the same in both.
    from unbroken.advisor.analysis import option_name
    from unbroken.replay import Timeline
    from unbroken.tui.replays import decision_line
    from unbroken.words.actions import label

    golden = sorted(SHORT.parent.glob("normal_*_lost.jsonl"))[0]  # starves at the end
    timeline = Timeline(golden, RULES)
    assert decision_line(timeline, 0) == "The setup, before the first decision."
    differs = 0
    for i in range(1, len(timeline)):
        action, before = timeline.action_at(i), timeline.state_at(i - 1)
        assert action is not None
        named = option_name(action, before, RULES)
        assert decision_line(timeline, i) == f"Decision {i}: {named}"
        differs += named != label(action, before, RULES)
    assert differs  # the forecast's words (a rule that acts, a warning) are there
