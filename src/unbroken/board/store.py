"""The board's entries and players in SQLite (the default) or PostgreSQL (a postgresql:// URL).

Every statement is parameterised (`?` placeholders, written as `%s` for
psycopg); nothing from an upload is ever put into SQL text or used as a path.
Each thread has its own connection. The recordings themselves are kept in
the database (a BLOB / BYTEA column), so several server instances on one
PostgreSQL serve the same boards with no shared disk.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from unbroken.board.checking import Checked
from unbroken.board.ranking import ORDER, SORT_ORDER, Sort
from unbroken.board.schema import SchemaError, migrate
from unbroken.board.wire import Entry

#: The columns of an entry as `_entry` reads them.
COLUMNS = (
    "id, player, character, difficulty, daily, won, score, level, decisions, submitted, "
    "seed, health_left, assisted, ticketed"
)
#: Each page of a board holds this many entries.
PAGE = 50


class StoreError(Exception):
    """The database cannot be opened or used: what and why, in one line."""


class Dropped(StoreError):
    """The connection to the database was lost (a restart): the request can be tried again."""


class WrongKey(Exception):
    """The name is another player's: the key sent does not match the one it was taken with."""


class Taken(Exception):
    """The entry cannot be added: why, in words (another player's recording, a second daily)."""


class Copied(Taken):
    """The game (its play) is another player's entry: which one, in words."""


@dataclass(frozen=True)
class Page:
    """One page of a board: its entries (each with its rank), how many there are in all."""

    rows: list[Entry]
    total: int
    page: int

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // PAGE))


class _Connection(Protocol):
    def execute(self, sql: str, params: Sequence[Any] = ...) -> Any: ...
    def commit(self) -> None: ...
    def rollback(self) -> None: ...
    def close(self) -> None: ...


def key_hash(key: str) -> str:
    """Return what the board keeps of a player's key (the key is 256 random bits: sha256)."""
    return hashlib.sha256(key.encode()).hexdigest()


class Store:
    """The board's database: SQLite at a path, or PostgreSQL at a postgresql:// URL."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.postgres = where.startswith(("postgresql://", "postgres://"))
        self._local = threading.local()
        self._all: list[_Connection] = []
        self._lock = threading.Lock()
        try:
            with self._transaction() as db:
                #: The migrations this start ran (their numbers; none when up to date).
                self.migrated = migrate(db, self.postgres)
                #: The key the board signs daily tickets with (unbroken.board.tickets).
                self.ticket_secret = _ticket_secret(db)
        except SchemaError as exc:
            self.close()
            raise StoreError(str(exc)) from None

    # ------------------------------------------------------------------ connections

    def _connect(self) -> _Connection:
        if self.postgres:
            try:
                import psycopg
            except ImportError:
                raise StoreError(
                    "a postgresql:// database needs psycopg: pip install 'unbroken[board]'"
                ) from None
            try:
                return psycopg.connect(self.where)
            except psycopg.Error as exc:
                raise StoreError(f"cannot connect to the database: {exc}") from None
        try:
            path = Path(self.where)
            if path.parent != Path("."):
                path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.where, timeout=30, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA foreign_keys=ON")
            return db
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(f"cannot open the database {self.where}: {exc}") from None

    def _db(self) -> _Connection:
        db: _Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = self._connect()
            self._local.db = db
            with self._lock:
                self._all.append(db)
        return db

    def close(self) -> None:
        """Close every thread's connection."""
        with self._lock:
            for db in self._all:
                db.close()
            self._all.clear()
        self._local = threading.local()

    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[_Connection]:
        db = self._db()
        if write and not self.postgres:  # take the write lock now, not at the first write
            db.execute("BEGIN IMMEDIATE")
        try:
            yield _Placeholders(db) if self.postgres else db
        except BaseException as exc:
            if getattr(db, "broken", False) or getattr(db, "closed", False):
                self._forget(db)  # the server went away: the next request connects again
                if isinstance(exc, Exception) and not isinstance(exc, StoreError):
                    raise Dropped(f"the connection to the database was lost: {exc}") from exc
            else:
                db.rollback()
            raise
        else:
            db.commit()

    def _forget(self, db: _Connection) -> None:
        self._local.db = None
        with self._lock:
            if db in self._all:
                self._all.remove(db)
        try:
            db.close()
        except Exception:  # noqa: BLE001 - closing a broken connection may fail: it is gone
            pass

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Return the rows of a read (`?` placeholders; for the board's other tables)."""
        return self._query(sql, params)

    def write(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one write in its own transaction; return the rows it returns (RETURNING)."""
        with self._transaction() as db:
            found = db.execute(sql, params)
            return list(found.fetchall()) if found.description else []

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Return the rows of a read; a connection lost (a database restart) is tried again
        once on a new one."""
        try:
            return self._read(sql, params)
        except Dropped:
            return self._read(sql, params)

    def _read(self, sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
        with self._transaction(write=False) as db:
            return list(db.execute(sql, params).fetchall())

    # ------------------------------------------------------------------ writing

    def key_matches(self, player: str, key: str) -> bool | None:
        """Return whether `key` is `player`'s (None: nobody has the name yet)."""
        rows = self._query("SELECT key_hash FROM players WHERE name = ?", (player,))
        if not rows:
            return None
        return hmac.compare_digest(str(rows[0][0]), key_hash(key))

    def add(self, player: str, key: str, checked: Checked, now: str) -> tuple[int, bool]:
        """Add `checked` as `player`'s entry; return its id and whether it was there already.

        The first use of a name takes it with `key`; raises WrongKey when the
        name is another's, Taken when the game (its play, in any file) is
        another player's entry or the player's daily of that day is in already.
        A connection lost is tried again once (a write lost with it is found
        there as "already on the board").
        """
        try:
            return self._add(player, key, checked, now)
        except Dropped:
            return self._add(player, key, checked, now)

    def _add(self, player: str, key: str, checked: Checked, now: str) -> tuple[int, bool]:
        hashed = key_hash(key)
        with self._transaction() as db:
            db.execute(
                "INSERT INTO players (name, key_hash, created) VALUES (?, ?, ?) "
                "ON CONFLICT (name) DO NOTHING",
                (player, hashed, now),
            )
            (kept,) = db.execute(
                "SELECT key_hash FROM players WHERE name = ?", (player,)
            ).fetchone()
            if not hmac.compare_digest(kept, hashed):
                raise WrongKey(player)
            found = db.execute(
                "INSERT INTO entries (digest, play, ticketed, player, character, cls, difficulty, "
                "seed, daily, won, score, level, decisions, engine, created, submitted, "
                "recording, health_left, assisted) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT DO NOTHING RETURNING id",
                (
                    checked.digest,
                    checked.play,
                    int(checked.ticketed),
                    player,
                    checked.character,
                    checked.cls,
                    checked.difficulty,
                    str(checked.seed),
                    checked.daily,
                    int(checked.won),
                    checked.score,
                    checked.level,
                    checked.decisions,
                    checked.engine,
                    checked.created,
                    now,
                    checked.recording,
                    checked.health_left,
                    int(checked.assisted),
                ),
            ).fetchone()
            if found is not None:
                return int(found[0]), False
            same = db.execute(
                "SELECT id, player, score FROM entries WHERE play = ? OR digest = ? "
                "ORDER BY id LIMIT 1",
                (checked.play, checked.digest),
            ).fetchone()
        if same is not None:
            if same[1] != player:
                raise Copied(
                    f"this game is a copy of entry {same[0]} ({same[1]}'s, {same[2]} points): "
                    "the same decisions in the same game, sent by another player first"
                )
            return int(same[0]), True
        raise Taken(
            f"you have sent your daily of {checked.daily} already: the first finished "
            "attempt of a day is the one that counts (later ones are practice)"
        )

    # ------------------------------------------------------------------ reading

    def entry(self, entry_id: int) -> Entry | None:
        """Return the entry `entry_id`, or None."""
        rows = self._query(f"SELECT {COLUMNS} FROM entries WHERE id = ?", (entry_id,))
        return _row(rows[0]) if rows else None

    def recording(self, entry_id: int) -> bytes | None:
        """Return the recording's bytes as sent, or None."""
        rows = self._query("SELECT recording FROM entries WHERE id = ?", (entry_id,))
        return bytes(rows[0][0]) if rows else None

    def day(
        self, day: str, sort: Sort = Sort.RANK, page: int = 1, unassisted: bool = False
    ) -> Page:
        """Return a page of the day's daily board (ranked by ranking.ORDER), sorted by `sort`."""
        where, params = "daily = ?", [day]
        if unassisted:
            where += " AND assisted = 0"
        ranked = (
            f"SELECT {COLUMNS}, ROW_NUMBER() OVER (ORDER BY {ORDER}) AS place "
            f"FROM entries WHERE {where}"
        )
        return self._page(ranked, params, sort, page)

    def board(
        self,
        difficulty: str,
        character: str,
        sort: Sort = Sort.RANK,
        page: int = 1,
        unassisted: bool = False,
    ) -> Page:
        """Return a page of an all-time board: each player's best daily of a difficulty and
        character, ranked as the dailies are."""
        where, params = (
            "daily IS NOT NULL AND difficulty = ? AND character = ?",
            [difficulty, character],
        )
        if unassisted:
            where += " AND assisted = 0"
        best = (
            f"SELECT {COLUMNS}, ROW_NUMBER() OVER (PARTITION BY player ORDER BY {ORDER}) AS mine "
            f"FROM entries WHERE {where}"
        )
        ranked = (
            f"SELECT {COLUMNS}, ROW_NUMBER() OVER (ORDER BY {ORDER}) AS place "
            f"FROM ({best}) best WHERE mine = 1"
        )
        return self._page(ranked, params, sort, page)

    def _page(self, ranked: str, params: list[Any], sort: Sort, page: int) -> Page:
        total = int(self._query(f"SELECT COUNT(*) FROM ({ranked}) r", params)[0][0])
        page = max(1, min(page, max(1, -(-total // PAGE))))
        sql = (
            f"SELECT {COLUMNS}, place FROM ({ranked}) r ORDER BY {SORT_ORDER[sort]} "
            "LIMIT ? OFFSET ?"
        )
        rows = self._query(sql, (*params, PAGE, (page - 1) * PAGE))
        return Page([_row(r) for r in rows], total, page)

    def free_play(self, difficulty: str, character: str, most: int = 100) -> list[Entry]:
        """Return the free-play games (not dailies) of a difficulty and character, best first
        (listed unranked: their seeds were chosen)."""
        sql = (
            f"SELECT {COLUMNS}, 0 FROM entries WHERE daily IS NULL AND difficulty = ? "
            f"AND character = ? ORDER BY {ORDER} LIMIT ?"
        )
        return [_row(r) for r in self._query(sql, (difficulty, character, most))]

    def boards(self) -> list[tuple[str, str, int, int]]:
        """Return every (difficulty, character) board with its players' dailies counted (the
        players ranked) and its free-play games."""
        sql = (
            "SELECT difficulty, character, COUNT(DISTINCT CASE WHEN daily IS NOT NULL "
            "THEN player END), SUM(CASE WHEN daily IS NULL THEN 1 ELSE 0 END) FROM entries "
            "GROUP BY difficulty, character ORDER BY difficulty, character"
        )
        return [(str(d), str(c), int(n), int(f)) for d, c, n, f in self._query(sql)]

    def player(self, name: str, most: int = 200) -> list[Entry]:
        """Return a player's entries, newest first, each daily with its rank on its day."""
        ranked = (
            f"SELECT {COLUMNS}, ROW_NUMBER() OVER (PARTITION BY daily ORDER BY {ORDER}) AS place "
            "FROM entries WHERE daily IN "
            "(SELECT daily FROM entries WHERE player = ? AND daily IS NOT NULL)"
        )
        sql = (
            f"SELECT {COLUMNS}, place FROM ({ranked}) r WHERE player = ? "
            f"UNION ALL SELECT {COLUMNS}, 0 FROM entries WHERE player = ? AND daily IS NULL "
            "ORDER BY id DESC LIMIT ?"
        )
        return [_row(r) for r in self._query(sql, (name, name, name, most))]

    def days(self, month: str) -> list[tuple[str, int]]:
        """Return the days of `month` ("2026-11") that have dailies, with their entry counts."""
        sql = (
            "SELECT daily, COUNT(*) FROM entries WHERE daily >= ? AND daily < ? "
            "GROUP BY daily ORDER BY daily DESC"
        )
        following = _next_month(month)
        return [(str(d), int(n)) for d, n in self._query(sql, (f"{month}-01", f"{following}-01"))]

    def months(self) -> list[tuple[str, int]]:
        """Return the months ("2026-11") that have dailies, newest first, with their days."""
        sql = (
            "SELECT SUBSTR(daily, 1, 7) AS month, COUNT(DISTINCT daily) FROM entries "
            "WHERE daily IS NOT NULL GROUP BY SUBSTR(daily, 1, 7) ORDER BY month DESC"
        )
        return [(str(m), int(n)) for m, n in self._query(sql)]

    def rank(self, row: Entry) -> int:
        """Return the entry's place on its day's board; 0 for free play (unranked)."""
        if row.daily is None:
            return 0
        sql = (
            f"SELECT place FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY {ORDER}) AS place "
            "FROM entries WHERE daily = ?) ranked WHERE id = ?"
        )
        found = self._query(sql, (row.daily, row.id))
        return int(found[0][0]) if found else 0

    def schema_version(self) -> int:
        """Return the database's schema version (raises StoreError when it does not answer)."""
        return int(self._query("SELECT version FROM schema_version")[0][0])

    def count(self) -> int:
        """Return the number of entries."""
        return int(self._query("SELECT COUNT(*) FROM entries")[0][0])


def _ticket_secret(db: _Connection) -> bytes:
    """Return the board's secret for daily tickets, made the first time (schema 4)."""
    db.execute(
        "INSERT INTO board_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
        ("tickets", secrets.token_hex(32)),
    )
    (secret,) = db.execute(
        "SELECT value FROM board_secrets WHERE name = ?", ("tickets",)
    ).fetchone()
    return bytes.fromhex(str(secret))


def _next_month(month: str) -> str:
    year, number = int(month[:4]), int(month[5:7])
    return f"{year + number // 12:04d}-{number % 12 + 1:02d}"


def _row(values: tuple[Any, ...]) -> Entry:
    i, player, character, difficulty, daily, won, score, level, decisions, submitted = values[:10]
    seed, health, assisted, ticketed, *place = values[10:]
    return Entry(
        id=int(i),
        player=str(player),
        character=str(character),
        difficulty=str(difficulty),
        daily=None if daily is None else str(daily),
        won=bool(won),
        score=int(score),
        level=int(level),
        decisions=int(decisions),
        submitted=str(submitted),
        seed=str(seed),
        health_left=int(health),
        assisted=bool(assisted),
        rank=int(place[0]) if place else 0,
        ticketed=bool(ticketed),
    )


class _Placeholders:
    """A psycopg connection taking the `?` placeholders sqlite3 takes (as `%s`)."""

    def __init__(self, db: _Connection) -> None:
        self.db = db

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self.db.execute(sql.replace("?", "%s"), params)

    def commit(self) -> None:
        self.db.commit()

    def rollback(self) -> None:
        self.db.rollback()

    def close(self) -> None:
        self.db.close()
