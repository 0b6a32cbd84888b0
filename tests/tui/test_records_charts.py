"""The Records screen's charts (`c`): score over time, win rates, deaths; Pilot and snapshots.

Update the snapshots deliberately with `python -m pytest tests/tui/test_records_charts.py
--snapshot-update` and look at the SVGs before committing.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from pilot import on_top
from scenes import SIZES

from unbroken import sim
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.reducer import fold
from unbroken.core.state import StepName
from unbroken.plugins import load_ruleset
from unbroken.records import add_game, open_records
from unbroken.records.stats import compute, killer_name
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.charts import BarChart, ScoreChart, bar, column, cut, pad
from unbroken.tui.history import RecordsScreen

RULES = load_ruleset()
#: The games of the fixed records: which of them are won, and with what score.
WINS = {3: 18, 6: 24, 9: 21, 12: 33, 14: 29, 17: 40, 19: 37, 21: 45, 22: 42, 23: 51}
WINS |= {25: 38, 27: 44, 28: 35, 30: 47, 32: 41, 33: 52, 35: 49, 36: 46, 38: 55, 39: 50}


def fill_records(monkeypatch: pytest.MonkeyPatch, games: int = 24) -> None:
    """Keep `games` greedy-bot games in the records, one a day from 1 November 2026:
    every character, Easy, Normal and Hard in turn, the games in WINS turned into wins."""
    start = datetime(2026, 11, 1, 20, tzinfo=UTC)
    days = iter((start + timedelta(days=day)).isoformat() for day in range(games))
    monkeypatch.setattr("unbroken.records.keeping._now", lambda: next(days))
    characters = sorted(RULES.characters)
    with open_records() as records:
        for i in range(games):
            game = Game.new(
                RULES,
                character=characters[i % len(characters)],
                difficulty=("easy", "normal", "hard")[i % 3],
                seed=100 + i,
            )
            sim.play(game, sim.greedy_bot)
            if i in WINS:  # the bots rarely win: the game's end is turned into a win
                events: list[ev.Event] = [e for e in game.events if not isinstance(e, ev.GameOver)]
                won = ev.GameOver(
                    won=True, level=4, step=StepName.HUNGER, score=WINS[i], rank="Avenger"
                )
                events.append(won)
                game = Game(RULES, fold(events), events)
            add_game(records, game, RULES)


def footer_keys(app: UnbrokenApp) -> dict[str, str]:
    """Return the keys the footer offers now: {key: description}."""
    return {key: b.binding.description for key, b in app.screen.active_bindings.items()}


def lines_of(widget: Any) -> list[str]:
    """Return the lines a widget shows on screen, as text."""
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


def test_the_columns_and_bars_are_drawn_to_an_eighth_of_a_cell() -> None:
    assert [column(12, row) for row in range(3)] == ["█", "▄", " "]
    assert column(0, 0) == " " and column(8, 0) == "█" and column(1, 0) == "▁"
    assert bar(0.5, 10) == "█████" and bar(1, 4) == "████" and bar(0, 4) == ""
    assert bar(0.3, 5) == "█▌"  # 1.5 cells: 12 eighths
    assert bar(2.0, 3) == "███"  # never longer than its room
    # Labels are cut and padded by the cells they take: a wide letter takes two.
    assert cut("Shrieking Fungus", 10) == "Shrieking…" and cut("Orc", 10) == "Orc"
    assert cut("魔王の城です", 7) == "魔王の…" and pad("魔王", 6) == "魔王  "


def test_c_switches_between_the_table_and_charts_that_fit_80x24(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from textual.widgets import DataTable

    fill_records(monkeypatch)
    with open_records() as records:
        stats = compute(records.games())
    app = UnbrokenApp(RULES, animate=False, seed=1)

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(RecordsScreen())
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, RecordsScreen)
            table = screen.query_one("#games", DataTable)
            assert table.display and table.has_focus
            assert footer_keys(app)["c"] == "Charts" and "s" in footer_keys(app)
            await pilot.press("c")
            await pilot.pause()
            assert screen.view == "charts" and not screen.query_one("#table").display
            keys = footer_keys(app)
            assert keys["c"] == "Table" and "s" not in keys  # nothing to sort in the charts
            whole = screen.region
            charts = [
                screen.query_one("#score-chart", ScoreChart),
                *screen.query(BarChart),
            ]
            assert len(charts) == 4
            for chart in charts:  # every chart in the visible screen, above the footer
                assert chart.region.area and whole.contains_region(chart.region), chart
                assert chart.region.bottom <= 23
            score = lines_of(charts[0])
            assert score[0].startswith("Score of each game, oldest first")
            assert score[-1].split() == ["game", "1", "(2026-11-01)", "game", "24", "(2026-11-24)"]
            assert stats.best >= max(s for i, s in WINS.items() if i < stats.games)
            assert score[1].startswith(f"{stats.best}┤") and score[-2].lstrip().startswith("0┤")
            # A lost game scores 0: a dot on the bottom line; the best win reaches the top,
            # each game's column 2 cells wide (and 1 between games).
            assert score[-2].count("·") == 2 * (stats.games - stats.wins)
            best = sum(r.score == stats.best for r in stats.results)
            assert score[1].count("█") == 2 * best
            by_character = lines_of(screen.query_one("#by-character", BarChart))
            assert by_character[0] == "Win rate by character"
            for tally, line in zip(stats.by_character, by_character[1:], strict=True):
                name = RULES.card_name(tally.key)
                assert line.startswith(name), line
                assert line.split()[-3:] == [
                    f"{100 * tally.rate:.0f}",
                    "%",
                    f"{tally.wins}/{tally.games}",
                ]
            by_difficulty = lines_of(screen.query_one("#by-difficulty", BarChart))
            assert [line.split()[0] for line in by_difficulty[1:]] == ["Easy", "Normal", "Hard"]
            deaths = lines_of(screen.query_one("#deaths", BarChart))
            lost = stats.games - stats.wins
            assert deaths[0] == f"Deaths by monster or cause ({lost})"
            listed = [line for line in deaths[1:] if not line.startswith("…")]
            assert listed, deaths
            for d, line in zip(stats.deaths, listed, strict=False):  # most deaths first
                assert line.startswith(killer_name(d.killer, RULES.card_name)[:10]), line
                assert line.split()[-1] == str(d.deaths)
            if len(listed) < len(stats.deaths):
                assert deaths[-1] == f"… and {len(stats.deaths) - len(listed)} more"
            assert table.cursor_row == 0
            await pilot.press("c", "down")  # back to the table, whose cursor moves at once
            await pilot.pause()
            assert screen.view == "table" and screen.query_one("#table").display
            assert table.has_focus and table.cursor_row == 1
            # The table has the focus as soon as it shows: a key typed right after `c`
            # (before the screen is redrawn) moves its cursor, not nothing.
            screen.action_show("charts")
            focused = screen.focused
            assert focused is None
            screen.action_show("table")
            assert screen.focused is table
            assert footer_keys(app)["c"] == "Charts"

    asyncio.run(look())


def test_larger_terminals_give_the_charts_more_room(monkeypatch: pytest.MonkeyPatch) -> None:
    fill_records(monkeypatch, games=100)
    regions: dict[tuple[int, int], Any] = {}
    hidden: dict[tuple[int, int], bool] = {}
    titles: dict[tuple[int, int], str] = {}
    for size in ((80, 24), (120, 40)):
        app = UnbrokenApp(RULES, animate=False, seed=1)

        async def look(app: UnbrokenApp = app, size: tuple[int, int] = size) -> None:
            async with app.run_test(size=size) as pilot:
                app.push_screen(RecordsScreen())
                await pilot.pause()
                await pilot.press("c")
                await pilot.pause()
                chart = app.screen.query_one("#score-chart", ScoreChart)
                regions[size] = chart.region
                titles[size] = lines_of(chart)[0]
                deaths = lines_of(app.screen.query_one("#deaths", BarChart))
                hidden[size] = deaths[-1].startswith("… and")

        asyncio.run(look())
    small, large = regions[(80, 24)], regions[(120, 40)]
    assert large.width > small.width and large.height > small.height
    assert hidden[(80, 24)] and not hidden[(120, 40)]  # every killer listed at 120x40
    # 100 games in 75 columns: each column averages a run of games; in 115, one game each.
    assert titles[(80, 24)].startswith("Score over time: the average of 1 or 2 games")
    assert titles[(120, 40)].startswith("Score of each game")


@pytest.mark.parametrize("records", ["none", "corrupt"])
def test_the_charts_say_plainly_when_there_is_nothing_to_draw(
    records: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.widgets import Static

    if records == "corrupt":
        data = tmp_path / "data"
        data.mkdir()
        (data / "records.sqlite3").write_bytes(b"this is not a database" * 100)
        monkeypatch.setenv("UNBROKEN_DATA_DIR", str(data))
    app = UnbrokenApp(RULES, animate=False, seed=1)

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(RecordsScreen())
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
            note = str(app.screen.query_one("#no-charts", Static).render())
            if records == "none":
                assert note == "No games recorded yet: the charts show once a game is finished."
            else:
                assert note.startswith("Records are unavailable: records file ")
                assert "is corrupt" in note
            assert not app.screen.query(ScoreChart)

    asyncio.run(look())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_records_with_charts(
    snap_compare: Any, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    fill_records(monkeypatch, games=40)
    app = UnbrokenApp(RULES, animate=False, seed=1)

    async def open_charts(pilot: Any) -> None:
        app.push_screen(RecordsScreen())
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=open_charts)


def test_esc_goes_to_the_table_from_every_view_of_records_then_to_the_title() -> None:
    """#28 round 8: Esc in the charts went straight to the title; now the table comes back,
    then the screen under Records. Round 26: `c`, `a`, then Esc went back to the charts,
    Esc again to the table, a third Esc left, the footer saying "esc Back" alone: one Esc
    from any view goes to the table ("esc Table"), the next to the title ("esc Title")."""
    from textual.widgets import DataTable

    from unbroken.tui.history import AchievementsScreen

    app = UnbrokenApp(RULES, animate=False, seed=1)

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            under = app.screen
            app.push_screen(RecordsScreen())
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, RecordsScreen)
            assert footer_keys(app)["escape"] == "Title"
            await pilot.press("c")
            await pilot.pause()
            assert screen.view == "charts"
            assert footer_keys(app)["escape"] == "Table"
            await pilot.press("escape")
            await pilot.pause()
            assert screen.view == "table"
            assert app.screen is screen
            assert screen.query_one("#games", DataTable).has_focus
            assert footer_keys(app)["c"] == "Charts"
            await pilot.press("c", "a")  # the sheet, opened from the charts
            await pilot.pause()
            assert isinstance(app.screen, AchievementsScreen)
            assert footer_keys(app)["escape"] == "Table"
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen and screen.view == "table"
            assert screen.query_one("#games", DataTable).has_focus
            assert footer_keys(app)["escape"] == "Title"
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is under

    asyncio.run(look())


def test_enter_on_the_charts_opens_nothing_however_they_were_reached(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """#28 round 22: Records, c, a, Esc, then Enter on the charts opened game 2's replay
    (the hidden table had the focus back); Records, c, Enter did nothing. Enter watches the
    table's highlighted game only, and the footer says so there."""
    from unbroken.tui.history import AchievementsScreen

    fill_records(monkeypatch, games=2)
    from textual.app import App

    opened: list[object] = []  # a replay opened, or said to have no file
    monkeypatch.setattr(UnbrokenApp, "open_replay", lambda _, replay: opened.append(replay))
    monkeypatch.setattr(App, "notify", lambda _, message, **__: opened.append(message))
    app = UnbrokenApp(RULES, animate=False, seed=1)

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(RecordsScreen())
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, RecordsScreen)
            assert footer_keys(app)["enter"] == "Replay"
            await pilot.press("c", "enter")
            await pilot.pause()
            assert "enter" not in footer_keys(app) and not opened
            await pilot.press("a")
            await pilot.pause()
            assert isinstance(on_top(app), AchievementsScreen)
            await pilot.press("escape")  # to the table (round 26: not back to the charts)
            await pilot.pause()
            assert on_top(app) is screen and screen.view == "table"
            await pilot.press("c", "enter")
            await pilot.pause()
            assert not opened
            await pilot.press("escape", "enter")  # the table: Enter watches its game
            await pilot.pause()
            assert len(opened) == 1

    asyncio.run(look())
