"""Rate limits per player and per address, and what a limited client is told."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from board_server import Server, serve

from unbroken.board.app import BoardConfig
from unbroken.board.quotas import RateLimit


def test_a_rate_limit_counts_a_sliding_minute() -> None:
    limit = RateLimit(2)
    assert limit.wait("a", 0.0) == 0
    limit.count("a", 0.0)
    limit.count("a", 1.0)
    assert limit.wait("a", 2.0) == pytest.approx(58.0)
    assert limit.wait("a", 3.0) == pytest.approx(57.0)  # waiting is not counted
    assert limit.wait("b", 2.0) == 0  # another key has its own
    assert limit.wait("a", 60.5) == 0  # the first one is a minute old
    unlimited = RateLimit(0)
    unlimited.count("a", 0.0)
    assert unlimited.wait("a", 0.0) == 0  # 0: no limit


@pytest.fixture
def strict_board(tmp_path: Path) -> Iterator[Server]:
    yield from serve(BoardConfig(str(tmp_path / "board.db"), 2, 3))


def test_a_player_and_an_address_are_limited(strict_board: Server, dailies: list[bytes]) -> None:
    assert [strict_board.submit(dailies[0], "ann").status for _ in range(3)] == [201, 200, 429]
    limited = strict_board.submit(dailies[0], "ann")
    assert limited.status == 429 and int(limited.headers["retry-after"]) >= 1
    assert b"too many submissions from ann" in limited.body
    # The refused ones did not count for the address: one more is allowed from it.
    assert strict_board.submit(dailies[1], "ben").status == 201
    other = strict_board.submit(dailies[2], "cat")
    assert other.status == 429 and b"from address 127.0.0.1" in other.body
