"""The Records table's columns: their titles, how a cell sorts, whether all fit."""

from __future__ import annotations

from rich.text import Text

#: Columns of the history table: (title, GameRow attribute).
#: What a player compares comes first, so it fits 80 columns; the cause and the class
#: (also in the sentence under the table) come last, the class last of all: where not
#: every column fits (80 columns) the table leaves it out, not cut to "Clas".
COLUMNS = (
    ("Finished", "finished"),
    ("Character", "character"),
    ("Difficulty", "difficulty"),
    ("Outcome", "outcome"),
    ("Level", "level"),
    ("Score", "score"),
    ("Rank", "rank"),
    ("Cause", "cause"),
    ("Class", "cls"),
)
#: The sorted column's title ends with one of these (ascending, descending).
SORT_MARKS = (" ▲", " ▼")


def sort_key(cell: object) -> tuple[int, int | str]:
    """Return how a records cell sorts: numbers as numbers, text by its letters."""
    if isinstance(cell, int):
        return (0, cell)
    return (1, cell.plain if isinstance(cell, Text) else str(cell))


def every_column_fits(cells: list[tuple[str, tuple[object, ...]]], width: int) -> bool:
    """Return whether every one of COLUMNS fits a screen `width` wide, for the rows'
    `cells` (key, cells in COLUMNS' order): if not, the table leaves out the class."""
    wide = [len(title) for title, _ in COLUMNS]
    for _, row in cells:
        for i, cell in enumerate(row[: len(COLUMNS)]):
            wide[i] = max(wide[i], Text(str(cell)).cell_len)
    # Two cells of padding a column, the scrollbar, and room for the sort mark.
    return sum(wide) + 2 * len(wide) + 4 <= width
