"""The tables of entries the boards and player pages show: columns as data, sorting, paging."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from html import escape

from unbroken.board.pages.layout import (
    Namer,
    board_href,
    day_href,
    player_link,
    recording_href,
    same,
    short_date,
    watch_href,
)
from unbroken.board.pages.listing import href
from unbroken.board.ranking import ASSISTED_NOTE, NOT_IN_BATTLE, Sort
from unbroken.board.store import Page
from unbroken.board.wire import Entry


@dataclass(frozen=True)
class Names:
    """How ids read on a page: a card's name and a difficulty's name from their ids."""

    card: Namer = same
    level: Namer = same


@dataclass(frozen=True)
class Column:
    """A column of an entries table: its heading, the sort it offers, its cell."""

    heading: str
    cell: Callable[[Entry, Names], str]
    sort: Sort | None = None
    #: "n": a number (right-aligned); "wide": left out on a narrow screen.
    css: str = ""


def result(row: Entry) -> str:
    """Return how far a game went, in words: "won", or the level and the monster's health."""
    if row.won:
        return "won"
    if row.health_left >= NOT_IN_BATTLE:
        return f"lost on level {row.level}, before its battle"
    if row.health_left == 0:
        return f"lost on level {row.level}, after its monster"
    return f"lost on level {row.level}, monster at {row.health_left} health"


def assisted_mark(row: Entry) -> str:
    """Return the mark of an assisted game ("" for the others)."""
    if not row.assisted:
        return ""
    return f' <span class="mark assisted" title="{escape(ASSISTED_NOTE)}">assisted</span>'


def _game(row: Entry, names: Names) -> str:
    return (
        f'<a class="watch" href="{watch_href(row.id)}">watch</a>'
        f'<span class="wide"> · <a class="recording" href="{recording_href(row.id)}">'
        "download</a></span>"
    )


RANK = Column("#", lambda r, n: str(r.rank), Sort.RANK, "n rank")
PLAYER = Column("Player", lambda r, n: player_link(r.player), Sort.PLAYER, "player")
CHARACTER = Column(
    "Character",
    lambda r, n: (
        f'<a href="{board_href(r.difficulty, r.character)}">{escape(n.card(r.character))}</a>, '
        f"{escape(n.level(r.difficulty))}"
    ),
)


def _result(row: Entry, names: Names) -> str:
    """The result, with the monster's health left only on a wide screen."""
    level, _, health = result(row).partition(", ")
    more = f'<span class="wide">, {escape(health)}</span>' if health else ""
    return escape(level) + more + assisted_mark(row)


RESULT = Column("Result", _result, Sort.LEVEL, "result")
SCORE = Column("Score", lambda r, n: str(r.score), Sort.SCORE, "n score")
DECISIONS = Column("Decisions", lambda r, n: str(r.decisions), Sort.DECISIONS, "n wide")
SENT = Column("Sent", lambda r, n: escape(short_date(r.submitted)), Sort.SUBMITTED, "wide")
DAY = Column(
    "Day",
    lambda r, n: (
        f'<a href="{day_href(r.daily)}">{escape(short_date(r.daily))}</a>'
        if r.daily
        else "free play"
    ),
    css="day",
)
SEED = Column("Seed", lambda r, n: f"<code>{escape(r.seed)}</code>", css="wide seed")
GAME = Column("Game", _game, css="game")

#: The day's board; an all-time board; a player's dailies; free play.
DAY_COLUMNS = [RANK, PLAYER, RESULT, SCORE, DECISIONS, SENT, GAME]
BOARD_COLUMNS = [RANK, PLAYER, replace(DAY, css="day wide"), RESULT, SCORE, SEED, GAME]
PLAYER_COLUMNS = [DAY, CHARACTER, RANK, RESULT, SCORE, GAME]
FREE_COLUMNS = [PLAYER, RESULT, SCORE, SEED, DECISIONS, GAME]


def entries_table(
    rows: list[Entry],
    columns: list[Column],
    names: Names,
    path: str = "",
    sort: Sort | None = None,
    unassisted: bool = False,
) -> str:
    """Return the table of `rows`; with `path` and `sort`, headings link to the other sorts."""
    if not rows:
        return '<p class="empty">No entries yet.</p>'
    heads = []
    for column in columns:
        css = f' class="{column.css}"' if column.css else ""
        text = escape(column.heading)
        if column.sort is not None and sort is not None:
            chosen = column.sort is sort
            label = f"{text} ▾" if chosen else text
            current = ' aria-sort="descending"' if chosen else ""
            link = href(path, column.sort, 1, unassisted)
            text = f'<a href="{link}"{current}>{label}</a>'
        heads.append(f"<th{css}>{text}</th>")
    lines = [f'<table class="board"><thead><tr>{"".join(heads)}</tr></thead><tbody>']
    for row in rows:
        cells = "".join(
            f"<td{f' class={chr(34)}{c.css}{chr(34)}' if c.css else ''}>{c.cell(row, names)}</td>"
            for c in columns
        )
        lines.append(f'<tr id="entry-{row.id}">{cells}</tr>')
    lines.append("</tbody></table>")
    return "".join(lines)


def pager(found: Page, path: str, sort: Sort, unassisted: bool) -> str:
    """Return the links to a board's previous and next pages and the filter ("" when none)."""
    links = []
    if found.page > 1:
        previous = href(path, sort, found.page - 1, unassisted)
        links.append(f'<a rel="prev" href="{previous}">← Previous</a>')
    if found.pages > 1:
        links.append(f"<span>Page {found.page} of {found.pages} ({found.total} entries)</span>")
    if found.page < found.pages:
        following = href(path, sort, found.page + 1, unassisted)
        links.append(f'<a rel="next" href="{following}">Next →</a>')
    other = href(path, sort, 1, not unassisted)
    said = "Show all games" if unassisted else "Unassisted only"
    links.append(f'<a class="filter" href="{other}">{said}</a>')
    return f'<nav class="steps pager">{"".join(links)}</nav>'
