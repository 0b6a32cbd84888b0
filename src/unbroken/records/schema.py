"""The records file's schema: its migrations, its version, the columns of a game."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable


def _migrate_to_1(db: sqlite3.Connection) -> None:
    db.execute(
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            started TEXT NOT NULL,
            finished TEXT NOT NULL,
            character TEXT NOT NULL,
            class TEXT NOT NULL,
            difficulty TEXT NOT NULL,
            seed TEXT NOT NULL,
            plugins TEXT NOT NULL,
            outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost')),
            level INTEGER NOT NULL,
            step TEXT NOT NULL,
            cause TEXT NOT NULL,
            killed_by TEXT NOT NULL,
            score INTEGER NOT NULL,
            rank TEXT NOT NULL,
            alternative_scores TEXT NOT NULL,
            replay TEXT
        )"""
    )
    db.execute(
        """CREATE TABLE achievements (
            game_id INTEGER NOT NULL REFERENCES games(id),
            achievement TEXT NOT NULL,
            difficulty TEXT NOT NULL,
            first INTEGER NOT NULL,
            PRIMARY KEY (game_id, achievement)
        )"""
    )
    db.execute("CREATE INDEX games_by_difficulty ON games (difficulty, class)")
    db.execute("CREATE INDEX achievements_by_id ON achievements (achievement, difficulty)")


def _migrate_to_2(db: sqlite3.Connection) -> None:
    # Every daily challenge game kept (records.daily); `counts` is 1 for a day's first
    # finished attempt only: the unique partial index lets exactly one row per day have it.
    db.execute(
        """CREATE TABLE daily_games (
            game_id INTEGER PRIMARY KEY REFERENCES games(id),
            day TEXT NOT NULL,
            counts INTEGER NOT NULL CHECK (counts IN (0, 1))
        )"""
    )
    db.execute("CREATE UNIQUE INDEX daily_counted ON daily_games (day) WHERE counts = 1")


#: MIGRATIONS[n] brings a records file from schema version n to n + 1.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_migrate_to_1, _migrate_to_2]


def schema_version() -> int:
    """Return the schema version this game writes."""
    return len(MIGRATIONS)


#: The columns of the games table, in the order GameRow takes them.
COLUMNS = (
    "id, started, finished, character, class, difficulty, seed, plugins, outcome, level, "
    "step, cause, killed_by, score, rank, alternative_scores, replay"
)
