"""The frame every board page shares: the head (viewport, style), the navigation, links, dates.

Every text that came from a player or a recording (names, ids) is escaped
with `html.escape` and every link part with `urllib.parse.quote`: a name
like `<script>` shows as text. The pages work without script; the little
there is (keys on the watch page) only adds to links that are there anyway.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from html import escape
from urllib.parse import quote

#: How a card id and a difficulty id read on a page ("Kirilla el Kaer", "Normal").
Namer = Callable[[str], str]

#: The style of every page: readable from a 390 px phone up; no text under 14 px.
#: Columns marked `wide` are left out on a narrow screen.
STYLE = (
    ":root{color-scheme:light dark;--line:#8886;--mark:#c60}"
    "body{font:16px/1.5 system-ui,sans-serif;max-width:64em;margin:0 auto;padding:.5em 1em}"
    "nav.top{display:flex;flex-wrap:wrap;gap:.25em 1.25em;padding:.5em 0;"
    "border-bottom:1px solid var(--line)}"
    "nav.steps{display:flex;flex-wrap:wrap;gap:.5em 1.25em;margin:.75em 0}"
    "h1{font-size:1.6em;line-height:1.25;margin:.6em 0 .3em}h2{font-size:1.25em}"
    "table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4em .45em;"
    "border-bottom:1px solid var(--line);vertical-align:top;overflow-wrap:break-word}"
    "td a.player{overflow-wrap:anywhere}td.player{min-width:5em}"
    "th{white-space:nowrap}.n{text-align:right}th a{text-decoration:none}"
    ".mark{font-size:.875em;color:var(--mark);white-space:nowrap}"
    ".rule,.note{font-size:.9375em}p.rule{border-left:3px solid var(--line);padding-left:.6em}"
    "code{overflow-wrap:anywhere}a{overflow-wrap:anywhere}"
    ".watch{display:grid;grid-template-columns:1fr 1fr;gap:0 2em}"
    "ul.res{display:flex;flex-wrap:wrap;gap:.4em;list-style:none;padding:0;margin:0}"
    "ul.res li{border:1px solid var(--line);border-radius:4px;padding:0 .45em}"
    "tr.rolled{background:#fc63}li.taken{list-style:none;margin-left:-1.1em}"
    "nav.watch-steps .off{color:#888}"
    "@media (max-width:640px){.watch{display:block}body{padding:.25em .6em}.wide{display:none}"
    "h1{font-size:1.35em}th,td{padding:.35em .3em}}"
)


def page(title: str, body: str, script: str = "") -> str:
    """Return a whole HTML page with `title` (escaped here) and `body` (already HTML)."""
    extra = f"<script>{script}</script>" if script else ""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)} · Unbroken board</title><style>{STYLE}</style></head>"
        '<body><nav class="top"><a href="/">Today</a><a href="/days">Past days</a>'
        '<a href="/boards">All-time boards</a></nav>'
        f"<h1>{escape(title)}</h1>{body}{extra}</body></html>\n"
    )


def player_href(name: str) -> str:
    """Return the address of a player's page."""
    return f"/player/{quote(name, safe='')}"


def player_link(name: str) -> str:
    """Return a link to a player's page."""
    return f'<a class="player" href="{player_href(name)}">{escape(name)}</a>'


def recording_href(entry_id: int) -> str:
    """Return where an entry's recording is downloaded from."""
    return f"/recordings/{entry_id}.jsonl.gz"


def watch_href(entry_id: int, position: int | None = None) -> str:
    """Return the address of an entry's page (where its game is watched), at a position."""
    return f"/entry/{entry_id}" + (f"?at={position}" if position is not None else "")


def board_href(difficulty: str, character: str) -> str:
    """Return the address of an all-time board."""
    return f"/board/{quote(difficulty, safe='')}/{quote(character, safe='')}"


def day_href(day: date | str) -> str:
    """Return the address of a day's board."""
    return f"/day/{day if isinstance(day, str) else day.isoformat()}"


def long_date(day: date) -> str:
    """Return a day as a page says it: "Thursday 26 November 2026"."""
    return f"{day:%A} {day.day} {day:%B %Y}"


def short_date(text: str) -> str:
    """Return an ISO time or day ("2026-11-26T21:14:03+00:00") as "26 Nov 2026, 21:14 UTC"."""
    try:
        day = date.fromisoformat(text[:10])
    except ValueError:
        return text
    clock = f", {text[11:16]} UTC" if len(text) >= 16 and text[10] == "T" else ""
    return f"{day.day} {day:%b %Y}{clock}"


def problem_page(status: int, title: str, detail: str) -> str:
    """Return the page shown for a missing or bad page address."""
    return page(f"{status} {title}", f"<p>{escape(detail)}</p>")


def same(text: str) -> str:
    """Return `text` (the namer used when no ruleset names the ids)."""
    return text
