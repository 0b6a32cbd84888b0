"""`unbroken verify` checks a daily's claim (#29 item 7): a recording marked as the daily of
a day must be that day's game by the daily formula (seed, character, difficulty), of a day
that exists, with the base game alone; a false mark fails verify with the reason."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from unbroken.cli.command import main
from unbroken.core.game import Game
from unbroken.play.daily_game import base_plugins, daily_for
from unbroken.play.session import GameSession
from unbroken.sim import heuristic_bot


def recorded(day: str, seed_of: str | None = None, seed: int | None = None) -> Path:
    """Record a finished game marked as the daily of `day`, played as `seed_of`'s daily
    (or with `seed`, that day's character and difficulty)."""
    plugins = base_plugins()
    daily = daily_for(date.fromisoformat(seed_of or "2026-11-24"), plugins.ruleset)
    game = Game.new(
        plugins.ruleset, daily.character, daily.difficulty, seed if seed else daily.seed
    )
    session = GameSession.played(game, plugins, keep=False)
    session.daily = day
    session.record_new()
    while not session.game.is_over:
        session.apply(heuristic_bot(session.game, 0))
    assert session.finished is not None and session.finished.replay is not None
    return session.finished.replay


def verify(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["verify", str(path)])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return status, out.out


def test_the_days_own_daily_verifies(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = verify(recorded("2026-11-24", seed_of="2026-11-24"), capsys)
    assert (status, out.split()[0]) == (0, "OK")


def test_a_game_falsely_marked_as_a_daily_fails_verify(
    capsys: pytest.CaptureFixture[str],
) -> None:
    want = daily_for(date(2026, 11, 24), base_plugins().ruleset)
    path = recorded("2026-11-24", seed=12345)
    status, out = verify(path, capsys)
    assert status == 1
    assert out.endswith(
        f"{path}:1: marked as the daily of 2026-11-24 but played with seed 12345, "
        f"{want.character}, {want.difficulty}; that day's daily is seed {want.seed}, "
        f"{want.character}, {want.difficulty}\n"
    )


def test_another_days_daily_fails_verify(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = verify(recorded("2026-11-25", seed_of="2026-11-24"), capsys)
    assert status == 1 and "marked as the daily of 2026-11-25 but played with seed" in out


def test_a_daily_of_a_day_that_never_was_fails_verify(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = recorded("2026-02-30")
    status, out = verify(path, capsys)
    assert status == 1
    assert out.endswith(
        f"{path}:1: marked as a daily, but its day '2026-02-30' is not a day written as "
        "YYYY-MM-DD\n"
    )
