"""The daily challenge games in the records: which were dailies, and which attempt counts.

The first finished attempt of a day is the one that counts (for the board);
later ones that day are practice. The records keep every daily game with its
day, and mark the first one kept for that day.
"""

from __future__ import annotations

from pathlib import Path

from unbroken.records.opening import open_records
from unbroken.records.store import Records


def keep_daily(game_id: int, day: str, path: Path | None = None) -> bool:
    """Mark the kept game `game_id` as the daily of `day`; return whether it is the one
    that counts (the day's first finished attempt). Raises RecordsError."""
    with open_records(path) as records:
        return mark_daily(records, game_id, day)


def mark_daily(records: Records, game_id: int, day: str) -> bool:
    """Mark `game_id` as a daily game of `day` in `records`; return whether it counts."""
    with records._write() as db:
        counted = db.execute(
            "SELECT 1 FROM daily_games WHERE day = ? AND counts = 1", (day,)
        ).fetchone()
        counts = counted is None
        db.execute(
            "INSERT OR REPLACE INTO daily_games (game_id, day, counts) VALUES (?, ?, ?)",
            (game_id, day, int(counts)),
        )
    return counts


def daily_games(records: Records, day: str) -> list[tuple[int, bool]]:
    """Return the kept games of `day`'s daily, oldest first: (game id, whether it counts)."""
    rows = records._query(
        "SELECT game_id, counts FROM daily_games WHERE day = ? ORDER BY game_id", (day,)
    )
    return [(int(str(game)), bool(counts)) for game, counts in rows]


def counted_daily(records: Records, day: str) -> Path | None:
    """Return the recording of `day`'s counted daily (its first finished attempt), or None."""
    rows = records._query(
        "SELECT games.replay FROM daily_games JOIN games ON games.id = daily_games.game_id "
        "WHERE daily_games.day = ? AND daily_games.counts = 1",
        (day,),
    )
    return Path(str(rows[0][0])) if rows and rows[0][0] else None
