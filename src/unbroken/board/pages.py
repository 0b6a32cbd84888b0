"""The board's HTML pages: the day's board, all-time boards, a player's page.

Every text that came from a player or a recording (names, ids) is escaped
with `html.escape` and every link part with `urllib.parse.quote`: a name
like `<script>` shows as text. The pages need no script and no style sheet
of their own beyond the few lines here.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from urllib.parse import quote

from unbroken.board.store import Row

_STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
    "table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.25em .5em;"
    "border-bottom:1px solid #ccc}td.n{text-align:right}"
)


def page(title: str, body: str) -> str:
    """Return a whole HTML page with `title` (escaped here) and `body` (already HTML)."""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)} · Unbroken board</title><style>{_STYLE}</style></head>"
        f'<body><nav><a href="/">Today</a> · <a href="/boards">All-time boards</a></nav>'
        f"<h1>{escape(title)}</h1>{body}</body></html>\n"
    )


def player_link(name: str) -> str:
    """Return a link to a player's page."""
    return f'<a class="player" href="/player/{quote(name, safe="")}">{escape(name)}</a>'


def recording_href(entry_id: int) -> str:
    """Return where an entry's recording is downloaded from."""
    return f"/recordings/{entry_id}.jsonl.gz"


#: How a card id and a difficulty id read on a page ("Kirilla el Kaer", "Normal").
Namer = Callable[[str], str]


def _same(text: str) -> str:
    return text


def entries_table(
    rows: list[Row], ranked: bool = True, card: Namer = _same, level: Namer = _same
) -> str:
    """Return the table of `rows` (numbered when `ranked`), each linking to its recording;
    `card` and `level` give a character's and a difficulty's name from their ids."""
    if not rows:
        return '<p class="empty">No entries yet.</p>'
    head = "<th>#</th>" if ranked else ""
    lines = [
        f'<table class="board"><thead><tr>{head}<th>Player</th><th>Character</th>'
        "<th>Difficulty</th><th>Result</th><th>Score</th><th>Recording</th></tr></thead><tbody>"
    ]
    for place, row in enumerate(rows, 1):
        number = f'<td class="n">{place}</td>' if ranked else ""
        result = "won" if row.won else f"lost on level {row.level}"
        daily = f" (daily {escape(row.daily)})" if row.daily else ""
        lines.append(
            f'<tr id="entry-{row.id}">{number}<td>{player_link(row.player)}</td>'
            f"<td>{escape(card(row.character))}</td>"
            f"<td>{escape(level(row.difficulty))}{daily}</td>"
            f'<td>{result}</td><td class="n score">{row.score}</td>'
            f'<td><a class="recording" href="{recording_href(row.id)}">download</a></td></tr>'
        )
    lines.append("</tbody></table>")
    return "".join(lines)


def day_page(
    day: str,
    challenge: str,
    rows: list[Row],
    today: bool,
    card: Namer = _same,
    level: Namer = _same,
) -> str:
    """Return the page of a day's daily board."""
    title = f"Daily challenge of {day}" + (" (today)" if today else "")
    body = (
        f'<p class="challenge">{escape(challenge)}</p>'
        "<p>Play it with <code>unbroken daily</code>, send it with <code>unbroken submit</code>. "
        "Each recording is re-played by the engine before it is ranked. Download one and "
        "watch it with <code>unbroken replay FILE-OR-URL</code>.</p>"
    )
    return page(title, body + entries_table(rows, card=card, level=level))


def boards_page(boards: list[tuple[str, str, int]]) -> str:
    """Return the list of all-time boards (per difficulty and character)."""
    if not boards:
        return page("All-time boards", '<p class="empty">No entries yet.</p>')
    items = "".join(
        f'<li><a href="/board/{quote(d, safe="")}/{quote(c, safe="")}">'
        f"{escape(d)}, {escape(c)}</a> ({n})</li>"
        for d, c, n in boards
    )
    return page("All-time boards", f'<ul class="boards">{items}</ul>')


def board_page(
    difficulty: str, character: str, rows: list[Row], card: Namer = _same, level: Namer = _same
) -> str:
    """Return an all-time board's page."""
    title = f"All-time: {card(character)}, {level(difficulty)}"
    return page(title, entries_table(rows, card=card, level=level))


def player_page(name: str, rows: list[Row], card: Namer = _same, level: Namer = _same) -> str:
    """Return a player's page: their entries, newest first."""
    return page(f"Player {name}", entries_table(rows, ranked=False, card=card, level=level))


def problem_page(status: int, title: str, detail: str) -> str:
    """Return the page shown for a missing or bad page address."""
    return page(f"{status} {title}", f"<p>{escape(detail)}</p>")
