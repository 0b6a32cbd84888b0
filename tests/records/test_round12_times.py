"""One game found by the same time in Records and `unbroken replays` (#28 round 11: the list
named games by the time they started, Records showed when they finished)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from unbroken.cli.command import main
from unbroken.plugins import load_ruleset
from unbroken.records import keep_game
from unbroken.replay import Recorder
from unbroken.testing import Scenario

RULES = load_ruleset()


def recorded_and_kept() -> str:
    """Record a game that starved, started 2026-11-27 14:30, kept in the records; return
    when the records say it finished."""
    game = Scenario("tomu", level=2).resources(se=0, food=0).start("hunger")
    began = datetime(2026, 11, 27, 14, 30, tzinfo=UTC)
    recorder = Recorder.start(game, RULES, created=began)
    action = game.legal_actions()[0]
    recorder.record(action, game.apply(action), game)
    assert game.outcome is not None
    path = recorder.finish(game)
    row, _ = keep_game(game, RULES, path, started=recorder.started)
    return row.finished


def test_the_replays_list_says_when_each_game_finished(capsys: pytest.CaptureFixture[str]) -> None:
    finished = recorded_and_kept()
    assert main(["replays"]) == 0
    out = capsys.readouterr().out
    head, row = out.splitlines()[:2]
    assert "finished" in head, out
    assert row.startswith("2026-11-27T1430"), out  # its name: when it started
    assert finished[5:16].replace("T", " ") in row, out  # as Records' Finished shows it
    assert "named by the time it started" in out, out


def test_the_records_sentence_says_when_it_started_and_its_replays_name() -> None:
    from textual.widgets import Static

    from unbroken.tui.app import UnbrokenApp
    from unbroken.tui.history import RecordsScreen

    finished = recorded_and_kept()
    app = UnbrokenApp(RULES, animate=False, seed=1)

    async def look() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(RecordsScreen())
            await pilot.pause()
            return str(app.screen.query_one("#game-detail", Static).render())

    detail = " ".join(asyncio.run(look()).split())
    end = finished[11:16] if finished.startswith("2026-11-27") else finished[:16].replace("T", " ")
    assert f"Game 1, 2026-11-27 14:30 to {end}: " in detail, detail
    assert "(2026-11-27T1430 in unbroken replays)" in detail, detail


def test_the_replays_screen_titles_its_time_started() -> None:
    from textual.widgets import DataTable

    from unbroken.tui.app import UnbrokenApp
    from unbroken.tui.replays import ReplayListScreen

    recorded_and_kept()
    app = UnbrokenApp(RULES, animate=False, seed=1)

    async def look() -> list[str]:
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(ReplayListScreen())
            await pilot.pause()
            table = app.screen.query_one("#replays", DataTable)
            return [str(column.label) for column in table.ordered_columns] + [
                str(table.get_row_at(0)[0])
            ]

    titles = asyncio.run(look())
    assert titles[0] == "Started" and titles[-1] == "2026-11-27 14:30", titles
