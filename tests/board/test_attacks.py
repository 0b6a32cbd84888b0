"""Attacks on the board (issue #29), each as it was done, on SQLite and on PostgreSQL.

Each test failed on the board before the fix: a copied game ranked under
another name, a locked-out player, a 500 on a digit or a NUL, a hang-up
logged as a failure with tracebacks.
"""

from __future__ import annotations

import json
import logging
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from board_server import Server, key_of, serve
from test_api import problem, submitted

from unbroken.board.app import BoardConfig
from unbroken.board.testing import copied
from unbroken.core.ruleset import Ruleset
from unbroken.play.daily_game import today
from unbroken.replay.format import Ticket


def test_a_copy_with_another_header_is_refused_naming_the_entry(
    board: Server, dailies: list[bytes]
) -> None:
    original = submitted(board.submit(dailies[0], "alice")).entry
    # The attack: download it, change `created`, recompute the footer's digest, send.
    public = board.get(original.recording).body
    copy = copied(public, created="2001-01-01T00:00:00Z")
    assert copy != public
    refused = board.submit(copy, "mallory")
    assert refused.status == 409 and problem(refused).type == "/problems/copied"
    assert f"a copy of entry {original.id} (alice's" in problem(refused).detail
    # Not as an ordinary game either (the daily mark left out), nor with options reordered.
    undaily = board.submit(copied(public, daily=None), "mallory")
    assert undaily.status == 409 and problem(undaily).type == "/problems/copied"
    # Its own player sending it again in another file is the same entry, not a second one.
    again = submitted(board.submit(copy, "alice"))
    assert again.duplicate and again.entry.id == original.id
    listed = json.loads(board.get(f"/api/days/{today().isoformat()}").body)
    assert [e["player"] for e in listed["entries"]] == ["alice"]


def test_wrong_keys_count_against_the_address_not_the_player(
    database: str, dailies: list[bytes]
) -> None:
    for board in serve(BoardConfig(database, per_player_minute=2, per_address_minute=1000)):
        assert board.submit(dailies[0], "alice").status == 201
        wrong = [board.submit(dailies[1], "alice", key_of("mallory")) for _ in range(20)]
        assert {r.status for r in wrong} == {403}
        # alice's own keyed request is still hers to make.
        assert board.submit(dailies[0], "alice").status == 200
    for board in serve(BoardConfig(database, per_player_minute=100, per_address_minute=5)):
        statuses = [board.submit(dailies[1], "alice", key_of("mallory")).status for _ in range(6)]
        assert statuses == [403] * 5 + [429]
        assert b"from address 127.0.0.1" in board.submit(dailies[1], "bob").body


def test_digits_that_are_not_ascii_are_not_entries(board: Server, dailies: list[bytes]) -> None:
    assert board.submit(dailies[0]).status == 201
    for path in ("/api/entries/%E2%91%A0", "/api/entries/%C2%B2", "/recordings/%C2%B9.jsonl.gz"):
        reply = board.get(path)
        assert reply.status == 404 and problem(reply).type == "/problems/not-found", path


def test_a_nul_in_the_header_is_a_bad_request_naming_the_field(
    board: Server, dailies: list[bytes]
) -> None:
    reply = board.submit(copied(dailies[0], created="2026-11-24T10:00:00Z\u0000"))
    assert reply.status == 400 and "`created`" in problem(reply).detail
    assert board.submit(dailies[0]).status == 201  # nothing was kept, nothing broke


def ticket_for(board: Server, player: str) -> Ticket:
    headers = {"Unbroken-Player": player, "Authorization": f"Bearer {key_of(player)}"}
    reply = board.post("/api/tickets", b"", headers)
    assert reply.status == 200, reply.body
    return msgspec.json.decode(reply.body, type=Ticket)


def test_a_daily_ticket_binds_the_game_to_its_player(board: Server, dailies: list[bytes]) -> None:
    ticket = ticket_for(board, "alice")
    assert (ticket.player, ticket.day, ticket.board) == ("alice", today().isoformat(), board.url)
    as_json = msgspec.to_builtins(ticket)
    ticketed = submitted(board.submit(copied(dailies[0], ticket=as_json), "alice"))
    assert ticketed.entry.ticketed
    # alice's ticket in bob's game: refused.
    reply = board.submit(copied(dailies[1], ticket=as_json), "bob")
    assert reply.status == 422 and problem(reply).type == "/problems/bad-ticket"
    assert "its ticket names the player 'alice', but 'bob' sent it" in problem(reply).detail
    # A ticket changed by hand (or another board's) is no ticket here: ranked, unticketed.
    forged = {**as_json, "player": "bob"}
    assert not submitted(board.submit(copied(dailies[1], ticket=forged), "bob")).entry.ticketed
    # A daily played offline still ranks, marked unticketed.
    assert not submitted(board.submit(dailies[2], "carol")).entry.ticketed
    # A ticket needs the player's key.
    wrong = board.post(
        "/api/tickets", b"", {"Unbroken-Player": "alice", "Authorization": "Bearer " + "x" * 43}
    )
    assert wrong.status == 403


@pytest.fixture
def quiet_board(tmp_path: Path) -> Iterator[Server]:
    yield from serve(BoardConfig(str(tmp_path / "board.db")))


def test_a_client_hanging_up_mid_upload_is_one_line(
    quiet_board: Server, caplog: pytest.LogCaptureFixture
) -> None:
    port = int(quiet_board.url.rsplit(":", 1)[1])
    caplog.set_level(logging.INFO)
    with socket.create_connection(("127.0.0.1", port)) as client:
        client.sendall(
            b"POST /api/submissions HTTP/1.1\r\nHost: x\r\nUnbroken-Player: alice\r\n"
            b"Authorization: Bearer " + key_of("alice").encode() + b"\r\n"
            b"Content-Length: 100000\r\n\r\n" + b"x" * 5000
        )
    assert quiet_board.get("/api/daily").status == 200  # the board answers on
    deadline = time.monotonic() + 10
    while not any("hung up" in r.getMessage() for r in caplog.records):
        assert time.monotonic() < deadline, "the hang-up was never logged"
        time.sleep(0.05)
    logged = [r for r in caplog.records if r.name.startswith(("unbroken", "uvicorn"))]
    [line] = [r for r in logged if r.name != "unbroken.board.access"]
    assert line.getMessage().startswith("a client (127.0.0.1) hung up mid-upload after ")
    # The access log counts it as the client's doing (400), not the board's (5xx).
    hung_up = [r.getMessage() for r in logged if "POST /api/submissions" in r.getMessage()]
    assert all(" 400 " in m for m in hung_up), hung_up
    assert all(r.exc_info is None for r in logged)


def test_entries_kept_before_play_digests_get_theirs(
    tmp_path: Path, dailies: list[bytes], base_rules: Ruleset, caplog: pytest.LogCaptureFixture
) -> None:
    import sqlite3
    from datetime import UTC, datetime

    from unbroken.board.checking import check_upload
    from unbroken.board.store import Copied, Store

    path = str(tmp_path / "old.db")
    now = datetime.now(UTC)
    checked = check_upload(dailies[0], base_rules, now)
    store = Store(path)
    store.add("alice", key_of("alice"), checked, now.isoformat())
    store.close()
    # The board as it was: no play digests, and a copy ranked under another name.
    db = sqlite3.connect(path)
    db.executescript(
        "DROP INDEX entries_one_play; ALTER TABLE entries DROP COLUMN play;"
        "ALTER TABLE entries DROP COLUMN ticketed; DROP TABLE board_secrets;"
        "UPDATE schema_version SET version = 3;"
        "INSERT INTO players VALUES ('mallory', 'x', 'now');"
        "INSERT INTO entries (digest, player, character, cls, difficulty, seed, won, score,"
        " level, decisions, engine, created, submitted, recording) SELECT 'copy', 'mallory',"
        " character, cls, difficulty, seed, won, score, level, decisions, engine, created,"
        " submitted, recording FROM entries;"
    )
    db.commit()
    db.close()
    caplog.set_level(logging.WARNING)
    store = Store(path)
    assert store.migrated == [4]
    assert [r.getMessage() for r in caplog.records] == [
        "board entry 2 is a copy of an earlier entry's game"
    ]
    plays = store._query("SELECT id, play FROM entries ORDER BY id")
    assert plays == [(1, checked.play), (2, None)]
    with pytest.raises(Copied, match="a copy of entry 1"):
        store.add("bob", key_of("bob"), checked, now.isoformat())
    store.close()
