"""The store of the player's history: one SQLite row per finished game, and the achievements.

Only SQL: what a game earns, the plugins' scores and the story beside a replay are
the keeping's (`records.keeping`), which hands the store a finished game's row.

The store lives at `paths.data_dir() / "records.sqlite3"` (stdlib sqlite3, WAL
journal). Its schema is versioned with `PRAGMA user_version`; `schema.MIGRATIONS[n]`
brings a file from version n to n+1, and a file from a newer game is refused,
never touched. Every write is one `BEGIN IMMEDIATE` transaction, so two games
finishing at the same moment in two processes both keep their row.

A corrupt or unreadable file raises `RecordsError` naming the file: callers
print it as one line and carry on without records. SQLite keeps two files beside
it, `records.sqlite3-wal` (recent writes) and `records.sqlite3-shm` (an index of
them); one left read-only by a read-only session is made writable again when it
is this user's, and otherwise named in the error, never deleted.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sqlite3
import stat
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from unbroken.records import schema
from unbroken.records.access import (
    connect_read_only,
    disk_full,
    folder_read_only,
    is_disk_full,
    unreadable,
)
from unbroken.records.rows import (
    BadColumn,
    BestScore,
    GameRow,
    PastGame,
    decode_row,
    whole,
)
from unbroken.records.schema import COLUMNS

#: What a kept game earns: given the games of its difficulty (it included, oldest first)
#: and the (achievement, difficulty) pairs earned before it, every achievement it earns.
Award = Callable[[list[PastGame], set[tuple[str, str]]], list[str]]

FILENAME = "records.sqlite3"
#: Seconds a writer waits for another process's transaction before giving up (a game's
#: rows take milliseconds; a file held longer is locked by another program).
BUSY_TIMEOUT = 5.0
DIFFICULTIES = ("easy", "normal", "hard")


class RecordsError(Exception):
    """The records file cannot be used (corrupt, from a newer game, unwritable)."""


def _cannot_write(exc: sqlite3.Error) -> bool:
    """Return whether SQLite failed for want of write (or any) access to a file."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    if code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN):
        return True
    text = str(exc)
    return "readonly database" in text or "unable to open database file" in text


class _OlderRecords(RecordsError):
    """Records opened read-only need a migration (from an older game) that writes."""


class Records:
    """The SQLite store of finished games and achievements.

    With `read_only`, the file is opened for reading only (it must exist):
    nothing is created, migrated or written, and a write raises RecordsError.
    """

    def __init__(self, path: Path, read_only: bool = False) -> None:
        self.path = Path(path)
        self.read_only = read_only
        try:
            if read_only:
                self.db = connect_read_only(self.path, BUSY_TIMEOUT)
            else:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._make_leftovers_writable()
                self.db = sqlite3.connect(
                    self.path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=False
                )
        except (OSError, sqlite3.Error) as exc:
            raise self._error(exc) from None
        try:
            # Switching to WAL needs a moment alone with a new file; SQLite does not
            # always wait for it, so two games opening new records at once retry here.
            for attempt in range(0 if read_only else 200):
                try:
                    self.db.execute("PRAGMA journal_mode=WAL")
                    break
                except sqlite3.OperationalError as exc:
                    if "locked" not in str(exc) or attempt == 199:
                        raise
                    time.sleep(0.05)
            if not read_only:
                self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.Error as exc:
            self.db.close()
            raise self._error(exc) from None
        except RecordsError:
            self.db.close()
            raise

    # ------------------------------------------------------------ file handling

    @property
    def wal_path(self) -> Path:
        """Return the write-ahead log SQLite keeps beside the file (`records.sqlite3-wal`)."""
        return self.path.with_name(self.path.name + "-wal")

    @property
    def shm_path(self) -> Path:
        """Return the shared index of the log SQLite keeps beside it (`records.sqlite3-shm`)."""
        return self.path.with_name(self.path.name + "-shm")

    def _make_leftovers_writable(self) -> None:
        """Give write access back to a -wal or -shm that a read-only session left read-only.

        SQLite makes both with the mode of the main file, so reading records while the
        file was read-only (0444) leaves a read-only -shm behind, and once the file is
        writable again every write fails on it. Only the mode of this user's own files
        changes: no content is touched, nothing is deleted, and records whose main file
        is read-only stay read-only. What cannot be fixed here `_error` names.
        """
        try:
            main = self.path.stat()
        except OSError:
            return  # no records yet: SQLite makes all three afresh
        if not os.access(self.path, os.W_OK):
            return
        mode = stat.S_IMODE(main.st_mode) | stat.S_IRUSR | stat.S_IWUSR
        for leftover in (self.wal_path, self.shm_path):
            try:
                kind = leftover.lstat().st_mode
                if stat.S_ISREG(kind) and not os.access(leftover, os.R_OK | os.W_OK):
                    leftover.chmod(mode)
            except OSError:
                continue  # gone meanwhile, or another user's: a failed write names it

    def _blocking_file(self) -> str | None:
        """Return what keeps this user from writing the records, and what to do, or None."""
        cannot_read = unreadable(self.path)
        if cannot_read is not None:
            return cannot_read
        if self.path.exists() and not os.access(self.path, os.W_OK):
            return f"records file {self.path} is read-only; make it writable to keep new games"
        wal, shm = self.wal_path, self.shm_path
        if wal.exists() and not os.access(wal, os.R_OK | os.W_OK):
            return (
                f"cannot write records file {self.path}: {wal} is {_unusable(wal)}; "
                f"make it writable (do not delete it: it may hold games not yet in "
                f"{self.path.name})"
            )
        if shm.exists() and not os.access(shm, os.R_OK | os.W_OK):
            return (
                f"cannot write records file {self.path}: {shm} is {_unusable(shm)}; "
                "delete it (with no game running) or make it writable"
            )
        return None

    def _error(self, exc: BaseException) -> RecordsError:
        text = str(exc)
        if isinstance(exc, sqlite3.DatabaseError) and (
            "not a database" in text or "malformed" in text
        ):
            return RecordsError(
                f"records file {self.path} is corrupt ({text}); move it aside to start new records"
            )
        cannot_read = unreadable(self.path)
        if cannot_read is not None:
            return RecordsError(cannot_read)
        if "unable to open database file" in text and not os.access(self.path.parent, os.W_OK):
            return RecordsError(folder_read_only(self.path))
        if isinstance(exc, sqlite3.Error) and is_disk_full(exc):
            return RecordsError(disk_full(self.path, text))
        if isinstance(exc, sqlite3.Error) and _cannot_write(exc):
            blocking = self._blocking_file()
            if blocking is not None:
                return RecordsError(blocking)
        if isinstance(exc, sqlite3.OperationalError) and "locked" in text:
            return RecordsError(
                f"records file {self.path} is locked by another program (waited "
                f"{BUSY_TIMEOUT:g} s); close it, or choose another data dir with --data-dir"
            )
        if isinstance(exc, OSError):  # the folder: the words, not "[Errno 13] ..."
            return RecordsError(f"cannot open records file {self.path}: {exc.strerror or text}")
        return RecordsError(f"records file {self.path}: {text}")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """Run a block in one immediate (write-locked) transaction."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise self._error(exc) from None
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        else:
            self.db.execute("COMMIT")

    def _migrate(self) -> None:
        current = schema.schema_version()
        version = int(self.db.execute("PRAGMA user_version").fetchone()[0])
        if version > current:
            raise RecordsError(
                f"records file {self.path} has schema version {version}, but this game "
                f"knows up to {current}: it was written by a newer Unbroken; "
                "update the game or use another --data-dir"
            )
        if version == current:
            return
        if self.read_only:
            raise _OlderRecords(f"records file {self.path} needs updating to schema {current}")
        with self._write() as db:
            # Another process may have migrated between our read and our lock.
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            for step in schema.MIGRATIONS[version:current]:
                step(db)
            db.execute(f"PRAGMA user_version = {current}")

    def close(self) -> None:
        """Close the file."""
        self.db.close()

    def __enter__(self) -> Records:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ writing

    def store_game(self, game: GameRow, award: Award | None = None) -> GameRow:
        """Store a finished game and the achievements `award` gives it; return its row as
        stored (with its id and achievements; those of `game` are not read).

        Both are written in one transaction, so `award` sees the history as it is
        with this game in it, even when another process keeps a game at the same
        moment. Without `award` the game earns none. `new_achievements` of the row
        lists those earned for the first time on the game's difficulty.
        """
        values = (
            game.started,
            game.finished,
            game.character,
            game.cls,
            game.difficulty,
            str(game.seed),
            json.dumps(game.plugins, sort_keys=True),
            "won" if game.won else "lost",
            game.level,
            game.step,
            game.cause,
            game.killed_by,
            game.score,
            game.rank,
            json.dumps(game.alternative_scores, sort_keys=True),
            game.replay,
        )
        try:
            with self._write() as db:
                cur = db.execute(
                    f"INSERT INTO games ({COLUMNS.removeprefix('id, ')}) "
                    f"VALUES ({', '.join('?' * len(values))})",
                    values,
                )
                game_id = int(cur.lastrowid or 0)
                earned: list[str] = []
                new: list[str] = []
                if award is not None:
                    before = {
                        (str(a), str(d))
                        for a, d in db.execute("SELECT achievement, difficulty FROM achievements")
                    }
                    history = [
                        PastGame(int(i), str(c), str(d), o == "won")
                        for i, c, d, o in db.execute(
                            "SELECT id, class, difficulty, outcome FROM games "
                            "WHERE difficulty = ? ORDER BY id",
                            (game.difficulty,),
                        )
                    ]
                    earned = award(history, before)
                    new = [a for a in earned if (a, game.difficulty) not in before]
                db.executemany(
                    "INSERT INTO achievements (game_id, achievement, difficulty, first) "
                    "VALUES (?, ?, ?, ?)",
                    [(game_id, a, game.difficulty, int(a in new)) for a in earned],
                )
        except sqlite3.Error as exc:
            raise self._error(exc) from None
        return dataclasses.replace(game, id=game_id, achievements=earned, new_achievements=new)

    # ------------------------------------------------------------ reading

    def _query(self, sql: str, params: Sequence[object] = ()) -> list[tuple[object, ...]]:
        try:
            return list(self.db.execute(sql, params))
        except sqlite3.Error as exc:
            raise self._error(exc) from None

    def games(
        self,
        difficulty: str | None = None,
        cls: str | None = None,
        won: bool | None = None,
        limit: int | None = None,
        newest_first: bool = True,
    ) -> list[GameRow]:
        """Return the recorded games matching the filters, newest first by default."""
        where: list[str] = []
        params: list[object] = []
        for column, value in (("difficulty", difficulty), ("class", cls)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if won is not None:
            where.append("outcome = ?")
            params.append("won" if won else "lost")
        sql = f"SELECT {COLUMNS} FROM games"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += f" ORDER BY id {'DESC' if newest_first else 'ASC'}"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        rows = [self._row(r) for r in self._query(sql, params)]
        if rows:
            by_id = {r.id: r for r in rows}
            earned = self._query(
                "SELECT game_id, achievement, first FROM achievements ORDER BY rowid"
            )
            for game_id, aid, first in earned:
                row = by_id.get(int(str(game_id)))
                if row is not None:
                    row.achievements.append(str(aid))
                    if first:
                        row.new_achievements.append(str(aid))
        return rows

    def _row(self, values: Sequence[object]) -> GameRow:
        """Return one stored game; a column no game could hold is a RecordsError naming it."""
        try:
            return GameRow(whole("id", values[0]), *decode_row(values[1:]))
        except BadColumn as exc:
            raise self._bad(values[0], exc) from None

    def _bad(self, game: object, exc: BadColumn) -> RecordsError:
        return RecordsError(
            f"records file {self.path}: game {game}: {exc}; the file is damaged "
            "(move it away to start new records)"
        )

    def count(self) -> tuple[int, int]:
        """Return (games recorded, games won)."""
        total, wins = self._query("SELECT count(*), coalesce(sum(outcome = 'won'), 0) FROM games")[
            0
        ]
        return int(str(total)), int(str(wins))

    def best_won_score(self, cls: str, difficulty: str, before: int | None = None) -> int | None:
        """Return the best score of a won game of `cls` on `difficulty`, or None (none won).

        With `before` (a game id), only the games recorded before that one count.
        """
        rows = self._query(
            "SELECT max(score), id FROM games WHERE class = ? AND difficulty = ? "
            "AND outcome = 'won' AND id < ?",
            (cls, difficulty, before if before is not None else 1 << 62),
        )
        best, game = rows[0] if rows else (None, None)
        try:
            return None if best is None else whole("score", best)
        except BadColumn as exc:
            raise self._bad(game, exc) from None

    def best_scores(self) -> list[BestScore]:
        """Return, per class and difficulty played, the best won game (score 0 if none won).

        Sorted by class, then easy, normal, hard (others after).
        """
        best: list[BestScore] = []
        groups = self._query(
            "SELECT class, difficulty, count(*), sum(outcome = 'won') FROM games "
            "GROUP BY class, difficulty"
        )
        for cls, difficulty, games, wins in groups:
            top = self._query(
                "SELECT score, rank, id, character FROM games "
                "WHERE class = ? AND difficulty = ? AND outcome = 'won' "
                "ORDER BY score DESC, id ASC LIMIT 1",
                (cls, difficulty),
            )
            score, rank, game_id, character = top[0] if top else (0, "", 0, "")
            try:
                score = whole("score", score)
            except BadColumn as exc:
                raise self._bad(game_id, exc) from None
            best.append(
                BestScore(
                    str(cls),
                    str(difficulty),
                    int(str(score)),
                    str(rank),
                    int(str(game_id)),
                    str(character),
                    int(str(games)),
                    int(str(wins)),
                )
            )
        best.sort(key=lambda b: (b.cls, _difficulty_key(b.difficulty)))
        return best

    def first_earned(self) -> dict[str, dict[str, int]]:
        """Return, per achievement earned, each difficulty it was earned on and the id of
        the first game that earned it there."""
        first: dict[str, dict[str, int]] = {}
        for aid, difficulty, game_id in self._query(
            "SELECT achievement, difficulty, min(game_id) FROM achievements "
            "GROUP BY achievement, difficulty"
        ):
            first.setdefault(str(aid), {})[str(difficulty)] = int(str(game_id))
        return first


def _unusable(path: Path) -> str:
    """Return "read-only" or "unreadable": why this user cannot use `path`."""
    return "read-only" if os.access(path, os.R_OK) else "unreadable"


def _difficulty_key(difficulty: str) -> tuple[int, str]:
    if difficulty in DIFFICULTIES:
        return DIFFICULTIES.index(difficulty), difficulty
    return len(DIFFICULTIES), difficulty
