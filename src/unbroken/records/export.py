"""Exports of the records: CSV for spreadsheets, JSON that follows docs/records-schema.json."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from unbroken import __version__
from unbroken.records.rows import GameRow

#: Version of the exported JSON document (docs/records-schema.json); bump on a breaking change.
EXPORT_SCHEMA_VERSION = 1

#: The CSV header, in order: one named column per field of a game.
CSV_COLUMNS: tuple[str, ...] = (
    "id",
    "started",
    "finished",
    "character",
    "class",
    "difficulty",
    "seed",
    "outcome",
    "level",
    "step",
    "cause",
    "killed_by",
    "score",
    "rank",
    "alternative_scores",
    "achievements",
    "new_achievements",
    "plugins",
    "replay",
)


def game_record(row: GameRow) -> dict[str, Any]:
    """Return one game as the JSON export's named fields."""
    return {
        "id": row.id,
        "started": row.started,
        "finished": row.finished,
        "character": row.character,
        "class": row.cls,
        "difficulty": row.difficulty,
        "seed": row.seed,
        "outcome": row.outcome,
        "level": row.level,
        "step": row.step,
        "cause": row.cause,
        "killed_by": row.killed_by,
        "score": row.score,
        "rank": row.rank,
        "alternative_scores": dict(row.alternative_scores),
        "achievements": list(row.achievements),
        "new_achievements": list(row.new_achievements),
        "plugins": dict(row.plugins),
        "replay": row.replay,
    }


def to_json(rows: Sequence[GameRow]) -> str:
    """Return the JSON export document: schema_version, exported date, games oldest first."""
    document = {
        "schema_version": EXPORT_SCHEMA_VERSION,
        "exported": datetime.now(UTC).isoformat(timespec="seconds"),
        "engine_version": __version__,
        "games": [game_record(r) for r in rows],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _pairs(values: dict[str, Any]) -> str:
    return "; ".join(f"{k}={v}" for k, v in sorted(values.items()))


def to_csv(rows: Sequence[GameRow]) -> str:
    """Return the CSV export: a header of CSV_COLUMNS, then one line per game.

    Lists are joined with spaces and mappings written `name=value; …`, so each
    cell stays one readable value in a spreadsheet.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        record = game_record(row)
        cells: list[Any] = []
        for column in CSV_COLUMNS:
            value = record[column]
            if isinstance(value, dict):
                value = _pairs(value)
            elif isinstance(value, list):
                value = " ".join(value)
            elif value is None:
                value = ""
            cells.append(value)
        writer.writerow(cells)
    return out.getvalue()


#: Export formats: `unbroken scores export --format NAME` -> the function that writes it.
FORMATS: dict[str, Callable[[Sequence[GameRow]], str]] = {"csv": to_csv, "json": to_json}
