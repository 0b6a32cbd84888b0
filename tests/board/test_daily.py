"""The daily challenge: the formula, the recording's mark, the records' counted attempt."""

from __future__ import annotations

import hashlib
from datetime import date
from pathlib import Path

import pytest

from unbroken.cli.command import main
from unbroken.core.ruleset import Ruleset
from unbroken.play.daily_game import base_plugins, daily_for, daily_session, parse_day, today
from unbroken.play.session import GameSession
from unbroken.records import open_records
from unbroken.records.dailies import counted_daily, daily_games
from unbroken.replay import read_recording
from unbroken.sim import BOTS, play


def test_the_formula_is_the_documented_one(base_rules: Ruleset) -> None:
    day = date(2026, 11, 24)
    digest = hashlib.sha256(b"unbroken-daily:2026-11-24").digest()
    d = daily_for(day, base_rules)
    assert d.seed == int.from_bytes(digest[:8], "big") >> 1
    characters = sorted(base_rules.characters)
    assert d.character == characters[int.from_bytes(digest[8:12], "big") % len(characters)]
    # Pinned: a change to the formula or the base characters changes every day's challenge.
    assert (d.day, d.seed, d.character, d.difficulty) == (
        "2026-11-24",
        3274092415957474657,
        "base:kirilla-el-kaer",
        "normal",
    )
    days = {daily_for(date(2026, 1, n), base_rules).seed for n in range(1, 31)}
    assert len(days) == 30


def test_a_day_is_written_as_yyyy_mm_dd() -> None:
    assert parse_day("2026-02-28") == date(2026, 2, 28)
    for bad in ("2026-2-28", "yesterday", "2026-02-30", ""):
        with pytest.raises(ValueError, match="YYYY-MM-DD"):
            parse_day(bad)


def finish(session: GameSession) -> None:
    play(session.game, BOTS["random"], check=False, session=session)


def test_a_daily_is_marked_and_its_first_finished_attempt_counts() -> None:
    sessions = [daily_session() for _ in range(2)]
    for session in sessions:
        finish(session)
    first, second = (s.finished for s in sessions)
    assert first is not None and second is not None and first.replay and second.replay
    day = today().isoformat()
    header = read_recording(first.replay).header
    assert header.daily == day and header.plugins == {"base": header.plugins["base"]}
    assert (first.daily, first.daily_counts) == (day, True)
    assert (second.daily, second.daily_counts) == (day, False)
    with open_records() as records:
        assert daily_games(records, day) == [(first.record, True), (second.record, False)]
        assert counted_daily(records, day) == first.replay


def test_an_ordinary_recording_has_no_daily_mark(base_rules: Ruleset, tmp_path: Path) -> None:
    from unbroken.sim import record_game

    path = record_game(base_rules, "base:helena", "easy", 5, "random", tmp_path, compress=False)
    assert b'"daily"' not in path.read_bytes()


def test_unbroken_daily_show_prints_the_challenge(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--show", "2026-11-24"]) == 0
    out = capsys.readouterr().out
    assert "2026-11-24" in out and "3274092415957474657" in out and "base game" in out
    assert main(["daily", "--show", "tomorrow"]) == 2
    assert "YYYY-MM-DD" in capsys.readouterr().err


def test_the_title_screens_daily_item_starts_todays_daily() -> None:
    import asyncio

    from unbroken.tui.app import UnbrokenApp
    from unbroken.tui.game import GameScreen
    from unbroken.tui.title import TitleScreen

    async def choose() -> None:
        app = UnbrokenApp(base_plugins().ruleset, animate=False)
        async with app.run_test(size=(80, 24)) as pilot:
            assert isinstance(app.screen, TitleScreen)
            await pilot.press(*["down"] * 6, "enter")  # New game … Help and rules, Daily
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            session = app.screen.session
            d = daily_for(today(), session.ruleset)
            state = session.game.state
            assert session.daily == d.day
            assert (state.seed, state.character, state.difficulty) == (
                d.seed,
                d.character,
                d.difficulty,
            )
            assert session.recorder is not None and session.recorder.daily == d.day

    asyncio.run(choose())
