"""The board's HTML pages, server-rendered, readable on a phone, working without script.

- `layout`: the frame (head, viewport, style, navigation), addresses and dates;
- `listing`: sort, page and the assisted filter from the query string;
- `tables`: the entries tables (columns as data, sortable headings, paging);
- `days`: a day's board with its neighbours, the archive by month;
- `boards`: the all-time boards; `players`: a player's page with streak and bests;
- `watch`: an entry's page, stepping through its recorded game;
- `routes`: the Starlette handlers of all of them.
"""

from __future__ import annotations

from unbroken.board.pages.layout import (
    Namer,
    page,
    player_link,
    problem_page,
    recording_href,
    watch_href,
)

__all__ = ["Namer", "page", "player_link", "problem_page", "recording_href", "watch_href"]
