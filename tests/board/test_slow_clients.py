"""Slow and idle clients (issue #29): before, none was ever closed and 1,100 of them made
the board unreachable, logging some 800,000 lines. Each test is that attack, small."""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from board_server import Server, serve

from unbroken.board.app import BoardConfig
from unbroken.board.quotas import LogLimit
from unbroken.board.serving import Timeouts
from unbroken.board.testing import HeldPort

#: Short deadlines, so the tests wait little.
QUICK = Timeouts(header_seconds=0.5, body_seconds=1.0, keep_alive_seconds=1, max_connections=40)


@pytest.fixture
def quick_board(tmp_path: Path) -> Iterator[Server]:
    yield from serve(BoardConfig(str(tmp_path / "board.db")), QUICK)


def port_of(board: Server) -> int:
    return int(board.url.rsplit(":", 1)[1])


def closed_by_server(client: socket.socket, seconds: float = 10) -> bool:
    """Return whether the server closes `client` within `seconds` (reading what it sends)."""
    client.settimeout(seconds)
    try:
        while client.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def test_an_idle_connection_is_closed(quick_board: Server) -> None:
    with socket.create_connection(("127.0.0.1", port_of(quick_board))) as idle:
        assert closed_by_server(idle)


def test_headers_sent_a_byte_at_a_time_are_cut_off(quick_board: Server) -> None:
    request = b"GET /api/daily HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 400
    with socket.create_connection(("127.0.0.1", port_of(quick_board))) as slow:
        sent = 0
        try:
            for byte in request:
                slow.sendall(bytes([byte]))
                sent += 1
                time.sleep(0.01)
        except OSError:
            pass  # closed under it
        assert sent < len(request) or closed_by_server(slow)


def test_a_body_that_never_ends_is_cut_off(
    quick_board: Server, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    with socket.create_connection(("127.0.0.1", port_of(quick_board))) as slow:
        slow.sendall(
            b"POST /api/submissions HTTP/1.1\r\nHost: x\r\nUnbroken-Player: alice\r\n"
            b"Authorization: Bearer " + b"k" * 43 + b"\r\nContent-Length: 50000\r\n\r\n"
        )
        slow.sendall(b"x" * 100)
        assert closed_by_server(slow)
    assert quick_board.get("/api/daily").status == 200


def test_many_idle_connections_neither_stop_the_board_nor_flood_its_log(
    quick_board: Server, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    port = port_of(quick_board)
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(120)]
    try:
        # Past the cap (40) the connection waiting longest for its headers makes room: an
        # honest request, its headers sent at once, is answered while the idle ones are held.
        assert quick_board.get("/api/daily").status == 200
        assert all(closed_by_server(s) for s in idle)
    finally:
        for s in idle:
            s.close()
    board_lines = [r for r in caplog.records if r.name == "unbroken.board"]
    assert 2 <= len(board_lines) <= 10  # each kind of event logged at most 5 times a minute
    assert {r.getMessage().split(" (")[0] for r in board_lines} <= {
        "over 40 connections: closed the one waiting longest for headers",
        "closed a slow client",
    }


def test_a_log_limit_keeps_a_few_lines_of_a_kind_then_says_how_many_were_left_out() -> None:
    limit = LogLimit(most=2, seconds=0.2)

    def record(message: str, *args: object) -> logging.LogRecord:
        return logging.LogRecord("x", logging.WARNING, "f.py", 1, message, args, None)

    kept = [limit.filter(record("slow %s", n)) for n in range(10)]
    assert kept == [True, True] + [False] * 8
    assert limit.filter(record("another kind"))
    time.sleep(0.25)
    line = record("slow %s", 10)
    assert limit.filter(line) and line.getMessage() == "slow 10 (8 more like this left out)"
    try:
        raise OSError(24, "Too many open files")
    except OSError:
        import sys

        failed = logging.LogRecord("x", 40, "f.py", 1, "accept\nfd=7", None, sys.exc_info())
    assert LogLimit(one_line=True).filter(failed) and failed.exc_info is None
    assert failed.getMessage() == "accept; fd=7: OSError: [Errno 24] Too many open files"


def test_no_access_log_means_none(tmp_path: Path, held_port: HeldPort) -> None:
    # uvicorn's logging config enabled every logger again, so the flag did nothing.
    import subprocess
    import sys

    from board_server import http

    from unbroken.board.testing import wait_for_port

    port = held_port.port
    command = [sys.executable, "-m", "unbroken", "board", "serve", "--port", str(port)]
    command += ["--database", str(tmp_path / "b.db"), "--no-access-log", "--no-analysis"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_for_port(port)
        assert http(f"http://127.0.0.1:{port}/api/daily").status == 200
    finally:
        server.terminate()
        out, _ = server.communicate(timeout=30)
    assert "Board on http://" in out and "GET /api/daily" not in out
