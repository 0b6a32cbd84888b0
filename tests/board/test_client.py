"""The client: `unbroken submit`, the player key, the offer after a daily, `replay URL`."""

from __future__ import annotations

import hashlib
import io
import json
import os
import sqlite3
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from board_server import Server, serve

from unbroken.board.app import BoardConfig
from unbroken.board.offer import offer_daily
from unbroken.board.player import Player, player_path, save_player
from unbroken.board.testing import HeldPort, unfinished
from unbroken.cli.command import main
from unbroken.play.daily_game import daily_session, today
from unbroken.replay.format import Ticket
from unbroken.sim import BOTS, play


@pytest.fixture
def sqlite_board(tmp_path: Path) -> Iterator[Server]:
    yield from serve(BoardConfig(str(tmp_path / "board.db")))


@pytest.fixture
def files(tmp_path: Path, dailies: list[bytes]) -> list[Path]:
    paths = []
    for i, data in enumerate(dailies[:2]):
        path = tmp_path / f"daily{i}.jsonl.gz"
        path.write_bytes(data)
        paths.append(path)
    return paths


def test_submit_makes_a_key_sends_and_says_the_rank(
    sqlite_board: Server, files: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    url = sqlite_board.url
    assert main(["submit", str(files[0]), "--server", url, "--name", "alice"]) == 0
    out = capsys.readouterr().out
    assert "ranked: #1 on the daily of" in out and f"{url}/player/alice" in out
    day = today().isoformat()
    assert f"Share: Unbroken daily {day}: " in out and ", #1 of the day" in out
    path = player_path()
    assert os.stat(path).st_mode & 0o777 == 0o600
    kept = tomllib.loads(path.read_text())
    assert kept["name"] == "alice" and kept["server"] == url and len(kept["keys"][url]) >= 43
    # The server keeps only the key's hash.
    db = sqlite3.connect(sqlite_board.config.database)
    (stored,) = db.execute("SELECT key_hash FROM players WHERE name = 'alice'").fetchone()
    assert stored == hashlib.sha256(kept["keys"][url].encode()).hexdigest() != kept["keys"][url]
    # The server is remembered; a later daily of the same day is refused, in words.
    assert main(["submit", str(files[1])]) == 1
    assert "refused by the board: you have sent your daily" in capsys.readouterr().out


def test_submit_says_what_is_missing(
    sqlite_board: Server, files: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["submit", str(files[0]), "--name", "alice"]) == 2
    assert "no board server set" in capsys.readouterr().err
    assert main(["submit", str(files[0]), "--name", "<b>x", "--server", sqlite_board.url]) == 2
    assert "is not a player name" in capsys.readouterr().err
    assert main(["submit", str(files[0]), "--name", "a", "--server", "http://127.0.0.1:9"]) == 2
    assert "cannot reach the board" in capsys.readouterr().err
    assert main(["submit", str(files[0]), "--server", "ftp://x"]) == 2
    assert "http://" in capsys.readouterr().err
    assert main(["submit", "no-such-game", "--server", sqlite_board.url]) == 2
    err = capsys.readouterr().err
    assert err.startswith("unbroken: error:") and "Traceback" not in err


def test_a_board_that_cannot_be_reached_is_not_remembered(
    sqlite_board: Server, files: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    away = "http://127.0.0.1:9"
    assert main(["submit", str(files[0]), "--name", "erin", "--server", away]) == 2
    kept = tomllib.loads(player_path().read_text())
    assert kept["name"] == "erin" and kept["server"] == ""  # the key is kept, not the address
    assert main(["submit", str(files[0]), "--server", sqlite_board.url]) == 0
    assert main(["submit", str(files[1]), "--server", away]) == 2
    assert tomllib.loads(player_path().read_text())["server"] == sqlite_board.url
    assert "cannot reach the board" in capsys.readouterr().err


def test_an_unfinished_daily_is_refused_as_unfinished(
    sqlite_board: Server, dailies: list[bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "unfinished.jsonl.gz"
    path.write_bytes(unfinished(dailies[0]))
    assert main(["submit", str(path), "--name", "fay", "--server", sqlite_board.url]) == 2
    err = capsys.readouterr().err
    assert "unfinished.jsonl.gz is unfinished: only a finished game" in err
    assert "practice" not in err


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_after_a_daily_the_game_offers_to_send_it_once(sqlite_board: Server) -> None:
    save_player(Player("carol", sqlite_board.url, {sqlite_board.url: "c" * 43}))
    session = daily_session()
    play(session.game, BOTS["random"], check=False, session=session)
    out = io.StringIO()
    offer_daily(today().isoformat(), Terminal("y\n"), out)
    said = out.getvalue()
    assert "Send your daily challenge of" in said and "ranked: #1" in said
    again = io.StringIO()
    offer_daily(today().isoformat(), Terminal("y\n"), again)
    assert again.getvalue() == ""  # offered once


def test_a_practice_daily_is_not_sent(
    sqlite_board: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    save_player(Player("dora", sqlite_board.url, {sqlite_board.url: "d" * 43}))
    sessions = [daily_session() for _ in range(2)]
    for session in sessions:
        play(session.game, BOTS["random"], check=False, session=session)
    first, later = (s.finished.replay for s in sessions if s.finished)
    assert first is not None and later is not None
    assert main(["submit", str(later)]) == 2
    assert f"is a practice attempt: the daily of {today().isoformat()} that counts" in (
        capsys.readouterr().err
    )
    assert main(["submit"]) == 0  # the default is the day's counted attempt
    assert first.name in capsys.readouterr().out


def test_replay_fetches_a_board_recording(
    sqlite_board: Server, files: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    from unbroken.cli.replay import fetched

    assert sqlite_board.submit(files[0].read_bytes()).status == 201
    path = fetched(f"{sqlite_board.url}/recordings/1.jsonl.gz")
    assert path.read_bytes() == files[0].read_bytes()
    assert path.name == hashlib.sha256(path.read_bytes()).hexdigest()[:24] + ".jsonl.gz"
    assert main(["replay", f"{sqlite_board.url}/recordings/99.jsonl.gz"]) == 2
    assert "HTTP 404" in capsys.readouterr().err


def test_board_serve_runs_the_server_and_says_a_bad_database(
    tmp_path: Path, held_port: HeldPort
) -> None:
    import subprocess
    import sys

    from board_server import http

    from unbroken.board.testing import wait_for_port

    port = held_port.port
    command = [sys.executable, "-m", "unbroken", "board", "serve", "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--database", str(tmp_path / "b.db")], stdout=subprocess.PIPE, text=True
    )
    try:
        wait_for_port(port)
        assert http(f"http://127.0.0.1:{port}/api/daily").status == 200
        assert b"Daily challenge of" in http(f"http://127.0.0.1:{port}/").body
    finally:
        server.terminate()
        out, _ = server.communicate(timeout=20)
    assert f"Board on http://127.0.0.1:{port}/ with {tmp_path / 'b.db'}" in out
    (tmp_path / "file").write_text("")
    bad = subprocess.run(
        [*command, "--database", str(tmp_path / "file" / "b.db")], capture_output=True, text=True
    )
    assert bad.returncode == 2 and "cannot open the database" in bad.stderr
    assert "Traceback" not in bad.stderr


def stored_hash(board: Server, name: str) -> str:
    db = sqlite3.connect(board.config.database)
    try:
        (stored,) = db.execute("SELECT key_hash FROM players WHERE name = ?", (name,)).fetchone()
    finally:
        db.close()
    return str(stored)


@pytest.fixture
def other_board(tmp_path: Path) -> Iterator[Server]:
    yield from serve(BoardConfig(str(tmp_path / "other.db")))


def test_a_key_is_made_per_board_and_never_sent_to_another(
    sqlite_board: Server, other_board: Server, files: list[Path], tmp_path: Path
) -> None:
    # The attack: a board you send one game to learns your key and posts as you elsewhere.
    assert main(["submit", str(files[0]), "--server", sqlite_board.url, "--name", "alice"]) == 0
    assert main(["submit", str(files[1]), "--server", other_board.url]) == 0
    keys = tomllib.loads(player_path().read_text())["keys"]
    first, second = keys[sqlite_board.url], keys[other_board.url]
    assert first != second
    assert stored_hash(sqlite_board, "alice") == hashlib.sha256(first.encode()).hexdigest()
    assert stored_hash(other_board, "alice") == hashlib.sha256(second.encode()).hexdigest()
    # What the second board learnt does not work on the first.
    assert sqlite_board.submit(files[1].read_bytes(), "alice", key=second).status == 403


def test_a_key_of_before_keys_per_board_stays_with_its_board(
    sqlite_board: Server, other_board: Server, files: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    old = "o" * 43
    player_path().write_text(f'name = "erin"\nkey = "{old}"\nserver = "{sqlite_board.url}/"\n')
    assert sqlite_board.submit(files[0].read_bytes(), "erin", key=old).status == 201
    assert other_board.submit(files[0].read_bytes(), "erin", key=old).status == 201
    capsys.readouterr()
    # The board it names keeps it; another board gets a new key, refused where the name
    # was taken with the old one, with the way to use it there.
    assert main(["submit", str(files[1])]) == 1
    assert "refused by the board: you have sent your daily" in capsys.readouterr().out
    assert main(["submit", str(files[1]), "--server", other_board.url]) == 1
    out = capsys.readouterr().out
    assert "is another player's" in out and "--old-key" in out
    kept = tomllib.loads(player_path().read_text())
    assert kept["keys"][sqlite_board.url] == old and kept["keys"][other_board.url] != old
    assert main(["submit", str(files[1]), "--server", other_board.url, "--old-key"]) == 1
    assert "you have sent your daily" in capsys.readouterr().out  # the name is erin's there


def test_a_daily_played_with_a_board_set_carries_its_ticket(
    sqlite_board: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    from unbroken.cli.daily import ask_ticket
    from unbroken.replay import read_recording

    save_player(Player("fay", sqlite_board.url, {sqlite_board.url: "f" * 43}))
    day = today().isoformat()
    ask_ticket(day)
    assert f"Ticket for the daily of {day} from {sqlite_board.url} as fay." in (
        capsys.readouterr().out
    )
    session = daily_session()
    play(session.game, BOTS["random"], check=False, session=session)
    assert session.finished is not None and session.finished.replay is not None
    ticket = read_recording(session.finished.replay).header.ticket
    assert isinstance(ticket, Ticket) and ticket.player == "fay"
    assert main(["submit"]) == 0
    entry = json.loads(sqlite_board.get("/api/entries/1").body)
    assert entry["ticketed"] is True and entry["player"] == "fay"


def test_offline_a_daily_is_played_without_a_ticket(capsys: pytest.CaptureFixture[str]) -> None:
    from unbroken.cli.daily import ask_ticket
    from unbroken.replay import read_recording

    save_player(Player("gus", "http://127.0.0.1:9"))
    ask_ticket(today().isoformat())
    said = capsys.readouterr().out
    assert said.startswith("No board ticket (cannot reach the board at http://127.0.0.1:9")
    assert said.endswith("the game can still be sent, marked unticketed.\n")
    session = daily_session()
    play(session.game, BOTS["random"], check=False, session=session)
    assert session.finished is not None and session.finished.replay is not None
    header = read_recording(session.finished.replay).header
    assert header.daily == today().isoformat() and not isinstance(header.ticket, Ticket)
