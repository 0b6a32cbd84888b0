"""A small run of the board fuzz (bench/board_fuzz.py sends 1,000): no 5xx, refusals say why."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from board_server import Server, serve

from unbroken.board.app import BoardConfig
from unbroken.board.fuzz import fuzz_board


@pytest.fixture
def open_board(tmp_path: Path) -> Iterator[Server]:
    yield from serve(BoardConfig(str(tmp_path / "board.db"), 0, 0))


def test_malformed_uploads_are_refused_with_a_reason(
    open_board: Server, dailies: list[bytes]
) -> None:
    tally = fuzz_board(open_board.url, dailies, count=120, seed=7)
    assert tally.server_errors == [] and tally.unexplained == []
    assert sum(tally.statuses.values()) == 120
    # The kinds of refusal the uploads are meant to reach are reached.
    assert {"unreadable", "tampered", "unauthorized"} <= set(tally.problems)
