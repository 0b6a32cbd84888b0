"""The board's fixtures: a real server on SQLite and on a real PostgreSQL the tests start."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from board_server import Server, serve

from unbroken.board.app import BoardConfig
from unbroken.board.testing import HeldPort, TempPostgres, played_dailies
from unbroken.core.ruleset import Ruleset
from unbroken.play.daily_game import base_plugins, today

_numbers = itertools.count(1)


@pytest.fixture
def held_port() -> Iterator[HeldPort]:
    """A loopback port for a server the test starts, no other's until the test ends
    (pytest-xdist's workers start servers at the same time)."""
    with HeldPort() as held:
        yield held


@pytest.fixture(scope="session")
def postgres() -> Iterator[TempPostgres]:
    """A real PostgreSQL server for the session (Debian's package, started here)."""
    with TempPostgres() as server:
        yield server


@pytest.fixture(scope="session")
def base_rules() -> Ruleset:
    return base_plugins().ruleset


_played: dict[str, list[bytes]] = {}


@pytest.fixture
def dailies(base_rules: Ruleset) -> list[bytes]:
    """Six distinct finished recordings of today's daily, as the board's clock has it when
    the test starts: played once a day, so a run crossing 00:00 UTC plays the new day's
    (a session-wide copy was yesterday's daily after midnight, refused by the board)."""
    day = today().isoformat()
    if day not in _played:
        _played[day] = played_dailies(base_rules, day, 6)
    return _played[day]


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty board database: an SQLite file, or a database on the PostgreSQL."""
    if request.param == "sqlite":
        return str(tmp_path / "board.db")
    pg: TempPostgres = request.getfixturevalue("postgres")
    return pg.new_database(f"board_{next(_numbers)}")


@pytest.fixture
def board(database: str) -> Iterator[Server]:
    """A board served on `database` with generous rate limits."""
    config = BoardConfig(database, per_player_minute=100, per_address_minute=1000)
    config.max_body = 200_000  # small enough that the whole body is sent before the answer
    yield from serve(config)
