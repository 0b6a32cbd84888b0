"""How a board page is asked for: sort, page and the assisted filter, from the query string."""

from __future__ import annotations

from urllib.parse import urlencode

from starlette.requests import Request

from unbroken.board.ranking import Sort, parse_sort


def listing(request: Request) -> tuple[Sort, int, bool]:
    """Return the sort, the page number (from 1) and whether only unassisted games are asked
    for (`?sort=score&page=2&unassisted=1`); a bad value reads as the default."""
    query = request.query_params
    text = query.get("page", "1")
    page = int(text) if text.isdigit() and len(text) < 7 else 1
    return parse_sort(query.get("sort")), max(page, 1), query.get("unassisted") == "1"


def href(path: str, sort: Sort, page: int, unassisted: bool) -> str:
    """Return the address of `path` with a listing's query (defaults left out)."""
    query = {}
    if sort is not Sort.RANK:
        query["sort"] = sort.value
    if page > 1:
        query["page"] = str(page)
    if unassisted:
        query["unassisted"] = "1"
    return f"{path}?{urlencode(query)}" if query else path
