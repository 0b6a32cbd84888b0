"""The Records screen: finished games kept and listed, plugins' scores, the table at 80 columns.

(Split from test_app.py by screen, #32 item 10.)
"""

from __future__ import annotations

import asyncio
from typing import Any

from pilot import sync
from playing import (
    RULES,
    choose,
    press_until_over,
    records_with_a_starved_game,
    starving,
)
from textual.widgets.data_table import ColumnKey

from unbroken.core.game import Game
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.gameover import GameOverScreen


@sync
async def test_finished_game_is_kept_and_listed_in_records() -> None:
    from textual.widgets import DataTable

    from unbroken.tui.history import AchievementsScreen, RecordsScreen

    game = starving()
    app = UnbrokenApp(RULES, animate=False, game=game)
    # 120 columns: every column fits any game (the layout is chosen for the longest names)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("1")  # eat nothing, with nothing left: starvation
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("enter")  # back to the title
        await choose(pilot, app, "records")
        assert isinstance(app.screen, RecordsScreen)
        table = app.screen.query_one("#games", DataTable)
        assert table.row_count == 1
        cells = [str(c) for c in table.get_row_at(0)]
        assert "lost" in cells
        assert "Tomu" in cells and "Sage" in cells  # printed names, not card ids
        assert "alternative_scores" not in table.columns  # no plugin scored this game
        await pilot.press("a")
        assert isinstance(app.screen, AchievementsScreen)
        assert app.screen.query_one("#sheet", DataTable).row_count == 16


def test_records_show_plugins_scores_in_their_own_column(monkeypatch: Any) -> None:
    from textual.widgets import DataTable, Static

    from unbroken.tui.history import RecordsScreen

    monkeypatch.setattr(
        "unbroken.plugins.alternative_scores", lambda ruleset, events, state: {"molehill:five": 5}
    )
    app = records_with_a_starved_game()

    async def look() -> None:
        async with app.run_test(size=(120, 30)) as pilot:
            app.push_screen(RecordsScreen())
            await pilot.pause()
            table = app.screen.query_one("#games", DataTable)
            assert str(table.columns[ColumnKey("alternative_scores")].label) == "Other scores"
            assert str(table.get_row_at(0)[-1]) == "Five (molehill) 5"  # no title: id in words
            # #28 round 11: at 80 columns the column is far to the right; the highlighted
            # game's sentence under the table says the scores too.
            assert isinstance(app.screen, RecordsScreen)
            detail = str(app.screen.query_one("#game-detail", Static).render())
            assert " Other scores: Five (molehill) 5. " in detail, detail

    asyncio.run(look())


def test_broken_records_never_stop_the_game(tmp_path: Any, monkeypatch: Any) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "records.sqlite3").write_bytes(b"this is not a database" * 100)
    monkeypatch.setenv("UNBROKEN_DATA_DIR", str(data))
    game = starving()
    app = UnbrokenApp(RULES, animate=False, game=game)

    async def play() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("1")
            assert isinstance(app.screen, GameOverScreen)

    asyncio.run(play())


@sync
async def test_the_records_keep_when_a_game_began_not_only_when_it_ended() -> None:
    from datetime import UTC, datetime

    from unbroken.records import open_records
    from unbroken.replay import Recorder

    game = Game.new(RULES, "tomu", "hard", seed=5)
    began = datetime(2020, 1, 2, 3, 4, tzinfo=UTC)
    recorder = Recorder.start(game, RULES, created=began)
    assert recorder.started == "2020-01-02T03:04:00+00:00"
    recorder.close()
    app = UnbrokenApp(RULES, animate=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_game(recorder.path)
        await pilot.pause()
        await press_until_over(pilot, app)
    with open_records() as records:
        (row,) = records.games()
    assert row.started == "2020-01-02T03:04:00+00:00"
    assert row.finished > row.started


def test_records_fit_rank_in_80_columns_and_mark_the_sorted_column() -> None:
    from textual.widgets import DataTable

    from unbroken.tui.history import RecordsScreen

    app = records_with_a_starved_game()

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(RecordsScreen())
            await pilot.pause()
            table = app.screen.query_one("#games", DataTable)
            header = table.render_line(0).text
            # "Nemesis", the longest rank, has room: at 80 columns it is said in the Outcome
            # column ("won (Nemesis)", round 12), which ends inside the screen.
            assert header.rstrip().endswith("Outcome"), header
            end = header.index("Outcome") + len("won (Nemesis)")
            assert end < 80, header
            assert "▲" not in header and "▼" not in header
            table.move_cursor(column=table.get_column_index("score"))
            await pilot.press("s")
            await pilot.pause()
            assert "Score ▼" in table.render_line(0).text or "Score ▲" in table.render_line(0).text
            first = table.render_line(0).text
            await pilot.press("s")
            await pilot.pause()
            second = table.render_line(0).text
            assert {"▲", "▼"} == {m for m in "▲▼" if m in first + second}
            assert first.count("▲") + first.count("▼") == 1

    asyncio.run(look())


@sync
async def test_the_records_table_shows_the_cause_whole_at_80_columns() -> None:
    # #28: at 80 columns the Records table cut its last column, the cause ("Caus…",
    # "starvat"): the class goes last instead.
    from test_layout import screen_text

    from unbroken.tui.history import RecordsScreen

    app = records_with_a_starved_game()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, app, "records")
        assert isinstance(app.screen, RecordsScreen)
        await pilot.pause()
        text = screen_text(app.screen)  # type: ignore[arg-type]
        header, row = next(
            (line, after)
            for line, after in zip(text.splitlines(), text.splitlines()[1:], strict=False)
            if "Finished" in line
        )
        # Round 12: at 80 columns Outcome says it ("lost: starvation").
        assert header.rstrip().endswith("Outcome") and "Caus…" not in header, text
        assert "starvation" in row, text


@sync
async def test_the_achievements_sheet_shows_the_whole_text_of_the_highlighted_one() -> None:
    from unbroken.records import all_achievements
    from unbroken.tui.history import AchievementsScreen

    app = UnbrokenApp(RULES, animate=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(AchievementsScreen())
        await pilot.pause()
        await pilot.press("down", "down")
        third = all_achievements(None)[2]
        shown = " ".join(str(app.screen.query_one("#sheet-detail").render()).split())
        assert shown == f"{third.name}: {' '.join(third.text.split())}"
        assert len(third.text) > 40  # longer than its column at 80x24
