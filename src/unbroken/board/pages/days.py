"""The pages of the dailies: a day's board with its neighbours, and the archive by month."""

from __future__ import annotations

from datetime import date, timedelta
from html import escape

from unbroken.board.pages.layout import day_href, long_date, page
from unbroken.board.pages.tables import DAY_COLUMNS, Names, entries_table, pager
from unbroken.board.ranking import RULE, Sort
from unbroken.board.store import Page

#: The first day the archive links back to (the board's first release).
FIRST_DAY = date(2026, 1, 1)


_HOW_TODAY = (
    "<p class=note>Play it with <code>unbroken daily</code>, send it with "
    "<code>unbroken submit</code>. Each recording is re-played by the engine before it "
    "is ranked; watch any game here.</p>"
)
_HOW_PAST = (
    "<p class=note>Each recording was re-played by the engine before it was ranked; "
    "watch any game here.</p>"
)


def day_nav(day: date, today: date) -> str:
    """Return the links to the previous and next days (no next past today) and the month."""
    before = day - timedelta(days=1)
    links = [f'<a rel="prev" href="{day_href(before)}">← {before:%d %b}</a>']
    if day < today:
        following = day + timedelta(days=1)
        links.append(f'<a rel="next" href="{day_href(following)}">{following:%d %b} →</a>')
    if day != today:
        links.append('<a href="/">Today</a>')
    links.append(f'<a href="/days/{day:%Y-%m}">All of {day:%B %Y}</a>')
    return f'<nav class="steps days">{"".join(links)}</nav>'


def day_page(
    day: date,
    today: date,
    challenge: str,
    found: Page,
    names: Names,
    sort: Sort = Sort.RANK,
    unassisted: bool = False,
) -> str:
    """Return the page of a day's daily board."""
    when = f"Today, {long_date(day)}" if day == today else long_date(day)
    title = f"Daily challenge of {day.isoformat()}"
    path = day_href(day)
    body = (
        f'<p class="date">{escape(when)}</p>'
        + day_nav(day, today)
        + f'<p class="challenge">{escape(challenge)}</p>'
        + (_HOW_TODAY if day == today else _HOW_PAST)
        + f'<p class="rule">{escape(RULE)}</p>'
        + pager(found, path, sort, unassisted)
        + entries_table(found.rows, DAY_COLUMNS, names, path, sort, unassisted)
    )
    return page(title, body)


def month_shift(month: str, by: int) -> str:
    """Return the month `by` months after `month` ("2026-11")."""
    index = int(month[:4]) * 12 + int(month[5:7]) - 1 + by
    return f"{index // 12:04d}-{index % 12 + 1:02d}"


def month_name(month: str) -> str:
    """Return a month ("2026-11") as a page says it: "November 2026"."""
    return f"{date.fromisoformat(month + '-01'):%B %Y}"


def months_page(months: list[tuple[str, int]]) -> str:
    """Return the archive: each month that has dailies, with how many days."""
    if not months:
        return page("Past days", '<p class="empty">No dailies yet.</p>')
    items = "".join(
        f'<li><a href="/days/{m}">{date.fromisoformat(m + "-01"):%B %Y}</a> '
        f"({n} day{'s' if n != 1 else ''})</li>"
        for m, n in months
    )
    return page("Past days", f'<ul class="months">{items}</ul>')


def month_page(month: str, days: list[tuple[str, int]], today: date) -> str:
    """Return a month of the archive: each day with its number of entries."""
    first = date.fromisoformat(month + "-01")
    before = month_shift(month, -1)
    links = [f'<a rel="prev" href="/days/{before}">← {month_name(before)}</a>']
    if month < f"{today:%Y-%m}":
        following = month_shift(month, 1)
        links.append(f'<a rel="next" href="/days/{following}">{month_name(following)} →</a>')
    links.append('<a href="/days">All months</a>')
    nav = f'<nav class="steps months">{"".join(links)}</nav>'
    if not days:
        return page(f"Dailies of {first:%B %Y}", nav + '<p class="empty">No dailies then.</p>')
    rows = "".join(
        f'<tr><td><a href="{day_href(d)}">{escape(long_date(date.fromisoformat(d)))}</a></td>'
        f'<td class="n">{n}</td></tr>'
        for d, n in days
    )
    table = (
        '<table class="days"><thead><tr><th>Day</th><th class="n">Entries</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )
    return page(f"Dailies of {first:%B %Y}", nav + table)
