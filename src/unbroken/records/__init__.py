"""The player's history: finished games and achievements in an SQLite file, and its exports.

One module per job, each importing only those above it in this list:

- `access`: the file opened read-only, and why it cannot be used, in words
- `schema`: the migrations, the schema version, the columns of a game
- `rows`: a finished game's row and a best score, as the records hand them back
- `achievements`: the achievements sheet, every achievement in play, the plugins' predicates
- `story`: the end-of-game summary written beside a replay
- `store`: the store itself (`Records`), SQL only: writing a game's row, the queries
- `opening`: where the records live, opening them (or read-only)
- `keeping`: keeping a finished game: what it earns, the plugins' scores, its story
- `export`: the CSV and JSON exports (`FORMATS`)
- `stats`: the figures of the games (win rates, deaths, score over time) for the
  Records screen's charts and `unbroken stats`

The public names of these modules that the rest of the game uses import from here too.
"""

from unbroken.records.achievements import (
    SheetRow,
    achievement_sheet,
    all_achievements,
    plugin_predicates,
    sheet_columns,
)
from unbroken.records.keeping import Extras, add_game, keep_game
from unbroken.records.opening import (
    finish_times,
    open_existing_records,
    open_records,
    records_path,
)
from unbroken.records.rows import BestScore, GameRow, PastGame, alternatives_text
from unbroken.records.schema import MIGRATIONS, schema_version
from unbroken.records.store import (
    BUSY_TIMEOUT,
    DIFFICULTIES,
    FILENAME,
    Award,
    Records,
    RecordsError,
)
from unbroken.records.story import story_path_for

__all__ = [
    "BUSY_TIMEOUT",
    "DIFFICULTIES",
    "FILENAME",
    "MIGRATIONS",
    "Award",
    "BestScore",
    "Extras",
    "GameRow",
    "PastGame",
    "Records",
    "RecordsError",
    "SheetRow",
    "achievement_sheet",
    "sheet_columns",
    "add_game",
    "finish_times",
    "all_achievements",
    "alternatives_text",
    "keep_game",
    "open_existing_records",
    "open_records",
    "plugin_predicates",
    "records_path",
    "schema_version",
    "story_path_for",
]
