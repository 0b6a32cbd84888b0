"""A records file another program holds locked (#29 item 7): each finished game waits the
short busy timeout, is refused with a message saying the file is locked, and `sim
--record` says how many games the records really kept — not "2 games recorded"."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import pytest

from unbroken.cli.command import main
from unbroken.plugins import PluginWarning
from unbroken.records import open_records, records_path


@pytest.fixture
def locked(monkeypatch: pytest.MonkeyPatch) -> Iterator[sqlite3.Connection]:
    """The records file, with another connection holding its write lock."""
    monkeypatch.setattr("unbroken.records.store.BUSY_TIMEOUT", 0.1)
    open_records().close()
    other = sqlite3.connect(records_path(), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    yield other
    other.execute("ROLLBACK")
    other.close()


def test_sim_record_says_how_many_games_were_kept(
    locked: sqlite3.Connection, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.warns(PluginWarning) as caught:
        assert main(["sim", "--games", "2", "--seed", "1", "--record"]) == 0
    path = records_path()
    assert [str(w.message) for w in caught] == [
        f"The game was not kept in the records: records file {path} is locked by another "
        "program (waited 0.1 s); close it, or choose another data dir with --data-dir."
    ] * 2
    err = capsys.readouterr().err
    assert "\n2 games recorded" not in "\n" + err
    assert err.endswith(
        f"0 of 2 games recorded in {path}; the others could not be kept (see the warnings above)\n"
    )


def test_sim_record_counts_the_games_it_kept(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--games", "2", "--seed", "1", "--record"]) == 0
    assert capsys.readouterr().err.endswith(f"2 games recorded in {records_path()}\n")
