"""For the board's tests and bench: games to send, broken copies of them, a throwaway PostgreSQL.

    with TempPostgres() as pg:             # initdb + postgres in a temporary folder
        url = pg.new_database("board1")    # postgresql://postgres@127.0.0.1:PORT/board1
    with HeldPort() as held:               # a port no one else gets until the server has it
        start_a_server(held.port); wait_for_port(held.port)
    recordings = played_dailies(ruleset, day, count=5)   # bytes of distinct finished dailies

PostgreSQL refuses to run as root (CI and the dev machine are root): then it
runs as the `postgres` user the Debian package makes, via `runuser`.
"""

from __future__ import annotations

import glob
import gzip
import os
import random
import shlex
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType

from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.play.daily_game import daily_for


class TempPostgres:
    """A PostgreSQL server in a temporary folder, on a held loopback port, until closed."""

    def __init__(self) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not found:
            raise RuntimeError(
                "PostgreSQL is not installed (apt-get install postgresql): "
                "/usr/lib/postgresql/*/bin/initdb is missing"
            )
        self.bin = Path(found[-1]).parent
        self.root = Path(tempfile.mkdtemp(prefix="unbroken-pg-"))
        self.data = self.root / "data"
        self._held = HeldPort()  # until closed: a restart binds the port again
        self.port = self._held.port
        self._as_user: list[str] = []
        if os.geteuid() == 0:  # postgres will not run as root: as the `postgres` user
            shutil.chown(self.root, "postgres", "postgres")
            self._as_user = ["runuser", "-u", "postgres", "--"]
        self._run(
            str(self.bin / "initdb"), "-D", str(self.data), "--auth=trust", "-U", "postgres",
            "-E", "UTF8", "--no-sync",
        )  # fmt: skip
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root} -c fsync=off "
            "-c max_connections=300 -c synchronous_commit=off"
        )
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-w",
            "-l", str(self.root / "log"), "start",
        )  # fmt: skip
        self._watchdog = self._watch(os.getpid())

    def _watch(self, owner: int) -> subprocess.Popen[bytes]:
        """Start a process that stops the server and removes its folder once `owner` has
        gone without closing it (a test run killed by SIGTERM skips every teardown)."""
        stop = " ".join(
            shlex.quote(part)
            for part in (*self._as_user, str(self.bin / "pg_ctl"), "-D", str(self.data))
        )
        script = (
            f"while kill -0 {owner} 2>/dev/null; do sleep 1; done; "
            f"{stop} -m immediate stop >/dev/null 2>&1; rm -rf {shlex.quote(str(self.root))}"
        )
        return subprocess.Popen(
            ["sh", "-c", script],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # a signal to the test run's group leaves it running
        )

    def _run(self, *command: str) -> None:
        done = subprocess.run(
            [*self._as_user, *command], capture_output=True, text=True, check=False
        )
        if done.returncode:
            raise RuntimeError(f"{' '.join(command[:2])} failed: {done.stderr or done.stdout}")

    def url(self, database: str = "postgres") -> str:
        """Return the URL of a database of this server."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self, name: str) -> str:
        """Create the database `name` (letters, digits, _); return its URL."""
        import psycopg

        assert name.replace("_", "").isalnum(), name
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"DROP DATABASE IF EXISTS {name}")
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def restart(self) -> None:
        """Restart the server (fast shutdown: every connection to it is dropped)."""
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w",
            "-l", str(self.root / "log"), "restart",
        )  # fmt: skip

    def close(self) -> None:
        """Stop the server and remove its folder."""
        self._watchdog.kill()
        self._watchdog.wait()
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
            self._held.close()

    def __enter__(self) -> TempPostgres:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


class HeldPort:
    """A loopback TCP port held for a server to come, until closed.

    A port found free (`free_port`) is free only then: before the server binds it, another
    process may bind it too (pytest-xdist's workers start servers at the same time) and the
    server fails, or a test talks to another's server. A held port is bound, never listened
    on, with SO_REUSEADDR: no automatic port (bind to 0, a connection's own) is ever one
    bound, and a bind to it without SO_REUSEADDR fails, while the server, which binds with
    SO_REUSEADDR as uvicorn, aiohttp and PostgreSQL do, takes it and listens there. Close it
    once the server has stopped (the port could be bound again while it starts again).
    """

    def __init__(self) -> None:
        self._socket = socket.socket()
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind(("127.0.0.1", 0))
        self.port = int(self._socket.getsockname()[1])

    def close(self) -> None:
        self._socket.close()

    def __enter__(self) -> HeldPort:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def free_port() -> int:
    """Return a TCP port free on the loopback address now (another process may bind it
    before the server does: tests hold theirs, `HeldPort`)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, seconds: float = 20) -> None:
    """Wait until something listens on the loopback `port`; raise TimeoutError."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise TimeoutError(f"nothing listens on port {port}")


def played_game(
    ruleset: Ruleset,
    character: str,
    difficulty: str,
    seed: int,
    player: int,
    daily: str | None = None,
) -> bytes:
    """Return the recording (gzip bytes) of a finished game a bot played (`player` varies it).

    The bot takes the reference bot's choice mostly and a random one sometimes,
    so that games of one seed differ between players and last as a person's do.
    """
    # lazy: only for the tests that ask
    from unbroken.bots.batch import record_game
    from unbroken.bots.heuristic import heuristic_bot

    chooser = random.Random(player)

    def bot(game: Game, n: int) -> object:
        if chooser.random() < 0.15:
            legal = game.legal_actions()
            return legal[chooser.randrange(len(legal))]
        return heuristic_bot(game, n)

    # lazy: only for the tests that ask
    from unbroken.bots import registry

    name = f"bench-bot-{player}"
    registry.BOTS[name] = bot  # type: ignore[assignment]  # a test's bot, typed loosely
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = record_game(
                ruleset, character, difficulty, seed, name, Path(folder), "game", daily=daily
            )
            return path.read_bytes()
    finally:
        del registry.BOTS[name]


def played_dailies(ruleset: Ruleset, day: str, count: int, first: int = 0) -> list[bytes]:
    """Return `count` distinct finished recordings of `day`'s daily (players first, first+1…)."""
    # lazy: only for the tests that ask
    from unbroken.play.daily_game import parse_day

    d = daily_for(parse_day(day), ruleset)
    games: dict[bytes, None] = {}
    player = first
    while len(games) < count:
        data = played_game(ruleset, d.character, d.difficulty, d.seed, player, d.day)
        games.setdefault(data, None)
        player += 1
    return list(games)


def tampered(data: bytes, which: int = 0) -> bytes:
    """Return the recording `data` with one score-raising edit (`which` picks the edit)."""
    text = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
    lines = text.split(b"\n")
    footer = lines[-2]
    if which % 3 == 0:  # a better score in the footer
        import json

        line = json.loads(footer)
        line["score"] += 50
        line["outcome"]["score"] += 50
        lines[-2] = json.dumps(line, separators=(",", ":")).encode()
    elif which % 3 == 1:  # more food at the start
        lines[1] = lines[1].replace(b'"food":', b'"food":9', 1)
    else:  # a decision in the middle swapped for one taken elsewhere in the game
        import json

        decisions = [i for i, line in enumerate(lines) if line.startswith(b'{"kind":"decision"')]
        middle = decisions[len(decisions) // 2]
        line = json.loads(lines[middle])
        line["action"] = next(
            other["action"]
            for other in (json.loads(lines[i]) for i in decisions)
            if other["action"] != line["action"]
        )
        lines[middle] = json.dumps(line, separators=(",", ":")).encode()
    return gzip.compress(b"\n".join(lines))


def unfinished(data: bytes) -> bytes:
    """Return the recording `data` without its footer (a game left unfinished)."""
    text = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
    lines = text.split(b"\n")
    return gzip.compress(b"\n".join(lines[:-2]) + b"\n")


def copied(data: bytes, **header: object) -> bytes:
    """Return the recording `data` with header fields changed (None: left out) and the footer's
    log digest recomputed: the same game, in a file that differs (a copy under another name)."""
    import hashlib
    import json

    text = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
    lines = text.split(b"\n")
    first = json.loads(lines[0])
    for field, value in header.items():
        if value is None:
            first.pop(field, None)
        else:
            first[field] = value
    lines[0] = json.dumps(first, separators=(",", ":")).encode()
    footer = json.loads(lines[-2])
    footer["digest"] = hashlib.sha256(b"".join(line + b"\n" for line in lines[:-2])).hexdigest()
    lines[-2] = json.dumps(footer, separators=(",", ":")).encode()
    return gzip.compress(b"\n".join(lines))
