"""The all-time boards: their list, and one board (each player's best daily) with free play."""

from __future__ import annotations

from html import escape

from unbroken.board.pages.layout import board_href, page
from unbroken.board.pages.tables import BOARD_COLUMNS, FREE_COLUMNS, Names, entries_table, pager
from unbroken.board.ranking import ALL_TIME_RULE, RULE, Sort
from unbroken.board.store import Page
from unbroken.board.wire import Entry


def boards_page(boards: list[tuple[str, str, int, int]], names: Names) -> str:
    """Return the list of all-time boards (per difficulty and character), by their names."""
    if not boards:
        return page("All-time boards", '<p class="empty">No entries yet.</p>')
    rows = "".join(
        f'<tr><td><a href="{board_href(d, c)}">{escape(names.card(c))}, '
        f"{escape(names.level(d))}</a></td>"
        f'<td class="n">{ranked}</td><td class="n">{free}</td></tr>'
        for d, c, ranked, free in boards
    )
    table = (
        '<table class="boards"><thead><tr><th>Board</th><th class="n">Players</th>'
        f'<th class="n">Free play</th></tr></thead><tbody>{rows}</tbody></table>'
    )
    return page("All-time boards", f'<p class="rule">{escape(ALL_TIME_RULE)}</p>{table}')


def board_page(
    difficulty: str,
    character: str,
    found: Page,
    free: list[Entry],
    names: Names,
    sort: Sort = Sort.RANK,
    unassisted: bool = False,
) -> str:
    """Return an all-time board's page: each player's best daily, then free play, unranked."""
    title = f"All-time: {names.card(character)}, {names.level(difficulty)}"
    path = board_href(difficulty, character)
    body = (
        f'<p class="rule">{escape(ALL_TIME_RULE)} {escape(RULE)}</p>'
        + pager(found, path, sort, unassisted)
        + entries_table(found.rows, BOARD_COLUMNS, names, path, sort, unassisted)
        + '<h2 id="free-play">Free play (unranked)</h2>'
        "<p class=note>Games with a seed the player chose: listed, not ranked.</p>"
        + entries_table(free, FREE_COLUMNS, names)
    )
    return page(title, body)
