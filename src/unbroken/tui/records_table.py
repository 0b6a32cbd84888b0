"""The Records table's columns: their titles, how a cell sorts, which columns fit a width."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text

from unbroken.records import alternatives_text
from unbroken.words.printable import printable

if TYPE_CHECKING:
    from textual.widgets import DataTable

    from unbroken.core.ruleset import Ruleset
    from unbroken.records import GameRow

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
#: What help's and `i`'s Score say of a lost game, as Records shows it (#28 round 17:
#: Records' rank "-" for a lost game of score 0, where the ranks said "0 Prey").
LOST_GAME = 'A lost game is not ranked: Records shows its score 0 and its rank "-".'
#: The head of the expansions' own scores in help's and `i`'s Score: which one Records
#: ranks by (#28 round 26: the last Hunger showed three scores pulling opposite ways).
EXTRA_SCORES = (
    "The expansions on score every game their own way too (said at its end); Records"
    " rank games by the score above, not by these:"
)
#: Where the class does not fit either, one Outcome column says the rank (won) or the
#: cause (lost) beside the outcome: "won (Nemesis)", "lost: Kobold" (round 11: the Cause
#: column cut to "Kobol" at 80 columns beside a long name).
NARROW = (
    ("Finished", "finished"),
    ("Character", "character"),
    ("Difficulty", "difficulty"),
    ("Level", "level"),
    ("Score", "score"),
    ("Outcome", "outcome"),
)
#: The plugins' scores, a last column of their own once any game has one.
OTHERS = ("Other scores", "alternative_scores")
#: The sorted column's title ends with one of these (ascending, descending).
SORT_MARKS = (" ▲", " ▼")
#: The line above the table says what is left out, where it is.
LEFT_OUT = {
    "cls": "The class is in the sentence under the table (no room for its column).",
    "narrow": "Outcome gives the rank or the cause; the class is in the sentence below.",
    # One line at 80 columns (the Static wraps a longer one over the table's rows).
    "narrowest": "Outcome: the rank or the cause; class, other scores: in the sentence below.",
}

#: A game's cells by column key (COLUMNS' keys, and OTHERS' when a plugin scored).
Cells = dict[str, object]


def game_cells(row: GameRow, rules: Ruleset, titles: dict[str, str] | None) -> Cells:
    """Return a finished game's cells by column key; the plugins' scores too where `titles`
    (their display names) is given: when any game has such a score."""
    values: dict[str, object] = {
        "finished": row.finished[5:16].replace("T", " "),  # 11-24 21:40 (the year: below)
        "character": rules.card_name(row.character),
        "difficulty": rules.difficulty_name(row.difficulty),
        "outcome": row.outcome,
        "level": row.level,
        "score": row.score,
        "rank": row.rank or "-",
        "cause": row.cause or "-",
        "cls": rules.card_name(row.cls),
    }
    if titles is not None:
        values[OTHERS[1]] = alternatives_text(row.alternative_scores, titles)
    # Text, not str: a name or cause with brackets is shown, not read as markup.
    return {k: Text(printable(v)) if isinstance(v, str) else v for k, v in values.items()}


def widest_cells(rules: Ruleset) -> Cells:
    """Return the widest cells any game could have in each column (the longest character,
    difficulty, rank, cause and class names of the rules): the table's layout is chosen
    for them, not for the games kept so far, so its columns and their order stay the same
    as games are added (28a-23: with 1 game "Outcome Level Score Rank Cause", with 2
    "Level Score Outcome", another sentence above)."""

    def longest(names: list[str]) -> Text:
        return Text(max(names, key=lambda name: Text(name).cell_len, default=""))

    causes = [*rules.monsters, *rules.encounters, *rules.conditions]
    return {
        "finished": Text("12-31 23:59"),
        "character": longest([rules.card_name(c) for c in rules.characters]),
        "difficulty": longest([d.name for d in rules.settings.difficulties]),
        "outcome": Text("lost"),
        "level": 4,
        "score": 100,
        "rank": longest([name for _, name in rules.settings.ranks]),
        "cause": longest(["starvation", "wounds", *(rules.card_name(c) for c in causes)]),
        "cls": longest([rules.card_name(c) for c in rules.classes]),
    }


def sort_key(cell: object) -> tuple[int, int | str]:
    """Return how a records cell sorts: numbers as numbers, text by its letters."""
    if isinstance(cell, int):
        return (0, cell)
    return (1, cell.plain if isinstance(cell, Text) else str(cell))


def narrow_outcome(cells: Cells) -> Text:
    """Return the Outcome cell of the narrow table: "won (Nemesis)", "lost: Kobold"."""
    outcome, rank, cause = (str(cells[key]) for key in ("outcome", "rank", "cause"))
    if outcome == "won":
        return Text(f"won ({rank})" if rank != "-" else "won")
    return Text(f"{outcome}: {cause}" if cause != "-" else outcome)


def _widths(columns: tuple[tuple[str, str], ...], rows: list[Cells]) -> list[int]:
    """Return each column's width: its title's or its widest cell's."""
    wide = [len(title) for title, _ in columns]
    for cells in rows:
        for i, (_, key) in enumerate(columns):
            cell = narrow_outcome(cells) if columns is NARROW and key == "outcome" else cells[key]
            wide[i] = max(wide[i], Text(str(cell)).cell_len)
    return wide


def _room(widths: list[int]) -> int:
    """Return the cells `widths` take: two of padding a column, the scrollbar, a sort mark."""
    return sum(widths) + 2 * len(widths) + 4


def layout(rows: list[Cells], width: int, widest: Cells | None = None) -> str:
    """Return which table fits a screen `width` wide: "all" (COLUMNS), "cls" (all but the
    class) or "narrow" (NARROW: the Outcome column wrapped where it is still too wide;
    `shown` leaves the plugins' scores out of it where they do not fit beside it); with
    `widest` (`widest_cells`), for those cells too: the same for any games."""
    others = _others(rows)
    rows = rows if widest is None else [*rows, widest]
    if _room(_widths(COLUMNS, rows)) + others <= width:
        return "all"
    if _room(_widths(COLUMNS[:-1], rows)) + others <= width:
        return "cls"
    return "narrow"


def _others(rows: list[Cells]) -> int:
    """Return the cells the plugins' scores take (OTHERS, with its padding), 0 without."""
    said = [Text(str(cells[OTHERS[1]])).cell_len for cells in rows if OTHERS[1] in cells]
    return max([len(OTHERS[0]), *said]) + 2 if said else 0


def shown(
    rows: list[Cells], width: int, widest: Cells | None = None
) -> tuple[str, list[tuple[str, str]], list[list[object]]]:
    """Return the layout for a screen `width` wide, its columns (title, key), and each row's
    cells in that order (the plugins' scores last when any game has one, where they fit
    beside the narrow table: else "narrowest", said in the sentence under the table; #28
    round 22: "Gauntlet / scorepad / 2175, / Unearthed / Tally 62", four rows a game)."""
    kind = layout(rows, width, widest)
    columns = list({"all": COLUMNS, "cls": COLUMNS[:-1], "narrow": NARROW}[kind])
    others = any(OTHERS[1] in cells for cells in rows)
    if others and kind == "narrow" and _room(_widths(NARROW, rows)) + _others(rows) > width:
        kind, others = "narrowest", False
    table: list[list[object]] = []
    for cells in rows:
        table.append(
            [
                narrow_outcome(cells) if kind not in ("all", "cls") and k == "outcome" else cells[k]
                for _, k in columns
            ]
        )
    if others:
        columns.append(OTHERS)
        for cells, row in zip(rows, table, strict=True):
            row.append(cells.get(OTHERS[1], ""))
    if kind not in ("all", "cls"):  # the wrapped columns shrink to what the others leave
        _wrap(columns, table, width)
    return kind, columns, table


#: The narrow table's columns that wrap (between words) where the row is too wide.
WRAPPED = ("character", "outcome", OTHERS[1])


def _wrap(columns: list[tuple[str, str]], table: list[list[object]], width: int) -> None:
    """Wrap the narrow table's WRAPPED cells, between words, so the row fits `width` where
    it can: the widest of them shrinks first, none below its title or its longest word
    (#28 round 18: "won (Ne" / "mesis)" at 80 columns)."""
    texts = [[str(cell) for cell in row] for row in table]
    wide = [
        max([len(title)] + [Text(r[i]).cell_len for r in texts])
        for i, (title, _) in enumerate(columns)
    ]
    least = {
        i: max([len(title)] + [Text(word).cell_len for r in texts for word in r[i].split()])
        for i, (title, key) in enumerate(columns)
        if key in WRAPPED
    }
    while _room(wide) > width:
        can = [i for i in least if wide[i] > least[i]]
        if not can:
            break
        widest = max(can, key=lambda i: wide[i])
        wide[widest] -= 1
    for row, said in zip(table, texts, strict=True):
        for i in least:
            wrapped = textwrap.wrap(
                said[i], wide[i], break_long_words=False, break_on_hyphens=False
            )
            row[i] = Text("\n".join(wrapped)) if len(wrapped) > 1 else row[i]


def sort_column(wanted: str | None, columns: list[tuple[str, str]]) -> str | None:
    """Return the shown column a sort by `wanted` goes on (after the table's columns changed
    with the width): itself, or the narrow Outcome for the rank or the cause; None: neither."""
    keys = [key for _, key in columns]
    if wanted in keys:
        return wanted
    if wanted in ("rank", "cause") and "outcome" in keys:
        return "outcome"
    return None


def played(started: str, finished: str) -> str:
    """Return when a game was played: "2026-11-27 14:48 to 14:56" (the finish's date too
    when it is another day's)."""
    start, end = (at[:16].replace("T", " ") for at in (started, finished))
    if not start:
        return end
    return f"{start} to {end[11:] if end[:10] == start[:10] else end}"


def replay_names(paths: list[str]) -> dict[str, str]:
    """Return the name `unbroken replays` gives each recording of `paths` (by path): the
    shortest start of its file name, from the time its game started, that no other
    recording in its folder has ("2026-11-27T1448")."""
    # lazy: the replay library is read only when the Records screen opens
    from unbroken.replay import recording_names, short_names

    folders: dict[Path, list[str]] = {}
    for path in paths:
        folders.setdefault(Path(path).parent, []).append(path)
    names: dict[str, str] = {}
    for folder, inside in folders.items():
        among = recording_names(folder)
        files = [Path(path).name for path in inside]
        shown = short_names(files, among) if all(f in among for f in files) else files
        names.update(zip(inside, shown, strict=True))
    return names


def mark_titles(table: DataTable[Any], sorted_by: str | None, reverse: bool) -> None:
    """Title the table's columns: the sorted one's with which way (SORT_MARKS), the one `s`
    sorts by (the cursor's, ←→ moves it) underlined."""
    ordered = table.ordered_columns
    chosen = ordered[table.cursor_column].key if ordered else None
    for key, column in table.columns.items():
        label = str(column.label)
        title = label.removesuffix(SORT_MARKS[0]).removesuffix(SORT_MARKS[1])
        mark = SORT_MARKS[reverse] if key == sorted_by else ""
        column.label = Text(title + mark, style="underline" if key == chosen else "")
        column.content_width = max(column.content_width, column.label.cell_len)
    table._clear_caches()  # the header is cached with the old titles
    table.refresh(layout=True)
