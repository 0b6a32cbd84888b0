"""An entry whose kept analysis this release cannot read (of a newer format, or damaged): its
page says so, naming why, and shows the game; it raised (a 500, a traceback in the log)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from board_server import Server, serve

from unbroken.advisor.analysis import FORMAT, Unreadable
from unbroken.board.analyses import analysis_of
from unbroken.board.app import BoardConfig
from unbroken.board.checking import check_upload
from unbroken.board.store import Store
from unbroken.core.ruleset import Ruleset

#: What a worker of a newer release might keep, and what a damaged row holds.
NEWER = json.dumps({"format": FORMAT + 1, "games": 100, "seed": 20, "choices": []})
BROKEN = {
    NEWER: f"unknown analysis format {FORMAT + 1} (this release reads 1 to {FORMAT})",
    "{not json": "damaged: not JSON",
    "[1, 2]": "not an analysis",
    json.dumps({"format": FORMAT, "games": 3}): "not an analysis (KeyError: 'seed')",
}


def _keep(store: Store, entry: int, text: str) -> None:
    """Keep `text` as the entry's analysis, as a worker would (its row replaced)."""
    store.write("DELETE FROM analyses WHERE entry_id = ?", (entry,))
    store.write(
        "INSERT INTO analyses (entry_id, games, analysis, worker, finished) VALUES (?, ?, ?, ?, ?)",
        (entry, 100, text, "w", datetime.now(UTC).isoformat()),
    )


def test_an_unreadable_analysis_is_said_why(
    tmp_path: Path, dailies: list[bytes], base_rules: Ruleset
) -> None:
    store = Store(str(tmp_path / "board.db"))
    try:
        upload = check_upload(dailies[0], base_rules, datetime.now(UTC))
        entry, _ = store.add("ann", "k" * 43, upload, "t")
        assert analysis_of(store, entry) is None  # none yet
        for text, why in BROKEN.items():
            _keep(store, entry, text)
            with pytest.raises(Unreadable) as raised:
                analysis_of(store, entry)
            assert str(raised.value) == why
    finally:
        store.close()


@pytest.fixture
def quiet_board(tmp_path: Path) -> Iterator[Server]:
    yield from serve(BoardConfig(str(tmp_path / "board.db")))


def test_its_page_says_so_and_shows_the_game(quiet_board: Server, dailies: list[bytes]) -> None:
    assert quiet_board.submit(dailies[0], "ann").status == 201
    store = Store(quiet_board.config.database)
    try:
        _keep(store, 1, NEWER)
    finally:
        store.close()
    reply = quiet_board.get("/entry/1?at=3")
    assert reply.status == 200
    page = reply.body.decode()
    assert (
        "The advisor's analysis of this game cannot be shown: unknown analysis format"
        f" {FORMAT + 1} (this release reads 1 to {FORMAT}). The game itself can be watched"
        " below." in page
    )
    assert "Options of decision 4" in page and '<svg class="chart"' not in page
