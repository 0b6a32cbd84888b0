"""A player's page: their streak, their best on each board, their dailies and free play."""

from __future__ import annotations

from datetime import date, timedelta
from html import escape

from unbroken.board.pages.layout import board_href, page
from unbroken.board.pages.tables import (
    CHARACTER,
    FREE_COLUMNS,
    PLAYER_COLUMNS,
    Column,
    Names,
    entries_table,
)
from unbroken.board.ranking import best_first
from unbroken.board.wire import Entry


def streaks(days: set[date], today: date) -> tuple[int, int]:
    """Return the current streak (dailies sent on consecutive days up to today, or up to
    yesterday while today's is still to play) and the longest one."""
    current = 0
    day = today if today in days else today - timedelta(days=1)
    while day in days:
        current += 1
        day -= timedelta(days=1)
    longest = run = 0
    previous: date | None = None
    for day in sorted(days):
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        longest = max(longest, run)
        previous = day
    return current, longest


def best_per_board(dailies: list[Entry]) -> list[Entry]:
    """Return the player's best daily on each (difficulty, character) board."""
    best: dict[tuple[str, str], Entry] = {}
    for row in sorted(dailies, key=best_first):
        best.setdefault((row.difficulty, row.character), row)
    return list(best.values())


BOARD = Column(
    "Board",
    lambda r, n: (
        f'<a href="{board_href(r.difficulty, r.character)}">{escape(n.card(r.character))}, '
        f"{escape(n.level(r.difficulty))}</a>"
    ),
)


def player_page(name: str, rows: list[Entry], names: Names, today: date) -> str:
    """Return a player's page (rows: their entries, newest first, dailies with their rank)."""
    if not rows:
        return page(f"Player {name}", '<p class="empty">No entries yet.</p>')
    dailies = [r for r in rows if r.daily is not None]
    free = [r for r in rows if r.daily is None]
    current, longest = streaks({date.fromisoformat(r.daily) for r in dailies if r.daily}, today)
    plural = "s" if current != 1 else ""
    summary = (
        f'<p class="streak"><strong>Streak: {current} day{plural}</strong> '
        f"(dailies on consecutive days; the longest: {longest}). "
        f"Dailies: {len(dailies)}; free-play games: {len(free)}.</p>"
    )
    best = [c for c in PLAYER_COLUMNS if c is not CHARACTER]
    body = (
        summary
        + '<h2 id="best">Best on each board</h2>'
        + entries_table(best_per_board(dailies), [BOARD, *best], names)
        + '<h2 id="dailies">Dailies</h2>'
        + entries_table(dailies, PLAYER_COLUMNS, names)
    )
    if free:
        body += '<h2 id="free-play">Free play (unranked)</h2>' + entries_table(
            free, FREE_COLUMNS[1:], names
        )
    return page(f"Player {name}", body)
