"""The board's schema, versioned: numbered migrations run on start, in order, once each.

The `schema_version` table holds the number of the last migration run. A
board opening its database runs the ones after it in one transaction (on
PostgreSQL under an advisory lock, so instances starting together migrate
once); a database newer than this board is refused with a message. A
database made before versioning (the tables, no `schema_version`) is at 0:
migration 1 creates the tables only where missing, so it starts from there.

A new migration is appended to MIGRATIONS; one that ran is never edited.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class Connection(Protocol):
    """What a migration runs its statements on (`?` placeholders)."""

    def execute(self, sql: str, params: Sequence[Any] = ...) -> Any: ...


class SchemaError(Exception):
    """The database's schema cannot be used by this board: why, in one line."""


@dataclass(frozen=True)
class Migration:
    """One step of the schema: its number, what it does, its SQL and a data step after it."""

    version: int
    says: str
    #: Statements separated by `;`, with {id} and {blob} for the column types of each database.
    sql: str
    then: Callable[[Connection], None] | None = None


_TABLES = """
CREATE TABLE IF NOT EXISTS players (
    name TEXT PRIMARY KEY,
    key_hash TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
    id {id},
    digest TEXT NOT NULL UNIQUE,
    player TEXT NOT NULL REFERENCES players(name),
    character TEXT NOT NULL,
    cls TEXT NOT NULL,
    difficulty TEXT NOT NULL,
    seed TEXT NOT NULL,
    daily TEXT,
    won INTEGER NOT NULL,
    score INTEGER NOT NULL,
    level INTEGER NOT NULL,
    decisions INTEGER NOT NULL,
    engine TEXT NOT NULL,
    created TEXT NOT NULL,
    submitted TEXT NOT NULL,
    recording {blob} NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS entries_one_daily ON entries (player, daily)
    WHERE daily IS NOT NULL;
CREATE INDEX IF NOT EXISTS entries_by_day ON entries (daily, score);
CREATE INDEX IF NOT EXISTS entries_by_board ON entries (difficulty, character, score);
CREATE INDEX IF NOT EXISTS entries_by_player ON entries (player, id)
"""

_FAIR_RANKING = """
ALTER TABLE entries ADD COLUMN health_left INTEGER NOT NULL DEFAULT 0;
ALTER TABLE entries ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0;
DROP INDEX IF EXISTS entries_by_day;
DROP INDEX IF EXISTS entries_by_board;
CREATE INDEX entries_by_day ON entries
    (daily, score DESC, level DESC, health_left, decisions, submitted, id);
CREATE INDEX entries_by_board ON entries (difficulty, character, daily)
"""


def _backfill_health_left(db: Connection) -> None:
    """Work out the monster's health left of the entries kept before it was a column, by
    folding their recorded events (no engine run: they were verified when sent)."""
    # lazy: only the migration that re-reads recordings
    from unbroken.board.ranking import health_left
    from unbroken.core.reducer import fold
    from unbroken.core.state import GameState
    from unbroken.replay import bounds
    from unbroken.replay.errors import ReplayError
    from unbroken.replay.reader import parse_recording

    found = db.execute("SELECT id, recording FROM entries").fetchall()
    for entry_id, data in found:
        try:
            rec = parse_recording(bounds.inflate(bytes(data)))
            state = fold(rec.setup, GameState())
            for decision in rec.decisions:
                fold(decision.events, state)
        except (ReplayError, bounds.Breach, ValueError, KeyError):
            continue  # cannot happen for a verified recording; it keeps 0
        assisted = rec.footer is not None and rec.footer.assisted is True
        db.execute(
            "UPDATE entries SET health_left = ?, assisted = ? WHERE id = ?",
            (health_left(state), int(assisted), entry_id),
        )


_ANALYSES = """
CREATE TABLE IF NOT EXISTS analyses (
    entry_id BIGINT PRIMARY KEY REFERENCES entries(id),
    games INTEGER NOT NULL,
    analysis TEXT NOT NULL,
    worker TEXT NOT NULL,
    finished TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS analysis_attempts (
    entry_id BIGINT NOT NULL REFERENCES entries(id),
    worker TEXT NOT NULL,
    started TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS analysis_attempts_by_entry ON analysis_attempts (entry_id)
"""

# A game's identity is its play (#29): `play` is the play digest (checking.play_digest),
# unique, so a game ranks once whoever sends it; `ticketed` marks a daily sent with this
# board's ticket for its player; `board_secrets` holds the board's own secrets by name
# ("tickets": the key daily tickets are signed with, made on first start by the store).
_PLAY_AND_TICKETS = """
ALTER TABLE entries ADD COLUMN play TEXT;
ALTER TABLE entries ADD COLUMN ticketed INTEGER NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS board_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
)
"""


def _backfill_play(db: Connection) -> None:
    """Give the entries kept before it their play digest (the first of a play keeps it; a
    later copy ranked under another name is left without one, and logged), then make the
    play unique."""
    import logging

    # lazy: only the migration that re-reads recordings
    from unbroken.board.checking import play_of

    seen: set[str] = set()
    for (entry_id,) in db.execute("SELECT id FROM entries ORDER BY id").fetchall():
        (data,) = db.execute("SELECT recording FROM entries WHERE id = ?", (entry_id,)).fetchone()
        found = play_of(bytes(data))
        if found in seen:
            logging.getLogger("unbroken.board").warning(
                "board entry %s is a copy of an earlier entry's game", entry_id
            )
        elif found is not None:
            seen.add(found)
            db.execute("UPDATE entries SET play = ? WHERE id = ?", (found, entry_id))
    db.execute("CREATE UNIQUE INDEX IF NOT EXISTS entries_one_play ON entries (play)")


MIGRATIONS: list[Migration] = [
    Migration(1, "the players and their entries", _TABLES),
    Migration(
        2,
        "fair ranking: the monster's health left and the assisted mark",
        _FAIR_RANKING,
        _backfill_health_left,
    ),
    Migration(3, "the advisor's analysis of each daily, and the attempts at it", _ANALYSES),
    Migration(
        4,
        "a game's identity is its play; daily tickets (#29)",
        _PLAY_AND_TICKETS,
        _backfill_play,
    ),
]
assert [m.version for m in MIGRATIONS] == list(range(1, len(MIGRATIONS) + 1)), "numbered 1, 2, …"

#: The schema version this board runs on.
VERSION = MIGRATIONS[-1].version


def migrate(db: Connection, postgres: bool) -> list[int]:
    """Run the migrations the database has not had, inside the caller's transaction;
    return their numbers. Raises SchemaError for a database newer than this board."""
    if postgres:  # instances starting together: one migrates, the others then find it done
        db.execute("SELECT pg_advisory_xact_lock(4127)")
    db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    row = db.execute("SELECT version FROM schema_version").fetchone()
    at = int(row[0]) if row is not None else 0
    if row is None:
        db.execute("INSERT INTO schema_version (version) VALUES (0)")
    if at > VERSION:
        raise SchemaError(
            f"the database is at schema version {at}, newer than this board's {VERSION}: "
            "upgrade unbroken to serve it"
        )
    kinds = (
        {"id": "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", "blob": "BYTEA"}
        if postgres
        else {"id": "INTEGER PRIMARY KEY AUTOINCREMENT", "blob": "BLOB"}
    )
    ran = []
    for migration in MIGRATIONS[at:]:
        for statement in migration.sql.format(**kinds).split(";"):
            if statement.strip():
                db.execute(statement)
        if migration.then is not None:
            migration.then(db)
        db.execute("UPDATE schema_version SET version = ?", (migration.version,))
        ran.append(migration.version)
    return ran
