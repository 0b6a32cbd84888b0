"""An entry's page: its game watched decision by decision, from its recorded events.

The page at `?at=N` shows the position after decision N as the replay viewer
does (unbroken.replay.Timeline folds the recorded events; only the options and the decisions
taken for the player are asked of the engine again):
the trackers, the monster with its table, the options of the next decision
with the one taken marked, and the log of decision N. Links step back and on
and jump to the next level or battle; the arrow keys follow those links.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from html import escape
from threading import Lock

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from unbroken.advisor.analysis import Analysis, Unreadable
from unbroken.board.analyses import analysis_of
from unbroken.board.pages.chart import chance_chart
from unbroken.board.pages.layout import day_href, page, player_link, recording_href, watch_href
from unbroken.board.pages.tables import assisted_mark, result
from unbroken.board.share import share_line
from unbroken.board.store import Store
from unbroken.board.wire import Entry
from unbroken.core.game import Game
from unbroken.core.model import RESOURCE_NAMES, RESOURCES
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.play.taken import told_again
from unbroken.replay import bounds
from unbroken.replay.errors import ReplayError
from unbroken.replay.reader import parse_recording
from unbroken.replay.timeline import Timeline
from unbroken.words.actions import label, marked_row, option_text
from unbroken.words.effects import effect_text

log = logging.getLogger("unbroken.board.analysis")

#: Timelines kept built (a game's is folded once, then any position is quick).
KEPT = 16

#: The arrow keys follow the step links (the page works without this).
KEYS = (
    "document.addEventListener('keydown',e=>{if(e.altKey||e.ctrlKey||e.metaKey)return;"
    "const k={ArrowLeft:'prev',ArrowRight:'next',Home:'first',End:'last',"
    "PageDown:'next-battle',PageUp:'prev-battle'}[e.key];"
    "const a=k&&document.querySelector('a[data-key=\"'+k+'\"]');if(a){e.preventDefault();"
    "location.href=a.href}})"
)


class Watching:
    """The watch pages of a board's entries, with the last few timelines kept."""

    def __init__(self, store: Store, ruleset: Ruleset) -> None:
        self.store = store
        self.ruleset = ruleset
        self._kept: OrderedDict[int, Timeline] = OrderedDict()
        self._lock = Lock()

    def timeline(self, entry_id: int) -> Timeline | None:
        """Return the entry's timeline (built from its recording once), or None."""
        with self._lock:
            if entry_id in self._kept:
                self._kept.move_to_end(entry_id)
                return self._kept[entry_id]
        data = self.store.recording(entry_id)
        if data is None:
            return None
        try:
            timeline = Timeline(parse_recording(bounds.inflate(data)), self.ruleset)
        except (ReplayError, bounds.Breach):
            return None  # verified when it was sent: cannot happen
        with self._lock:
            self._kept[entry_id] = timeline
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        return timeline

    def _load(self, entry_id: int) -> tuple[Entry, int, Timeline, Analysis | str | None] | None:
        """Return the entry, its rank, its timeline and its analysis (None: none yet; why
        it cannot be read, in words, when the one kept cannot be)."""
        row = self.store.entry(entry_id)
        if row is None:
            return None
        timeline = self.timeline(entry_id)
        if timeline is None:
            return None
        analysis: Analysis | str | None
        try:
            analysis = analysis_of(self.store, entry_id)
        except Unreadable as exc:
            log.warning("entry %d: its analysis cannot be read: %s", entry_id, exc)
            analysis = str(exc)
        return row, self.store.rank(row), timeline, analysis

    async def page(self, request: Request) -> Response:
        text = request.path_params["entry"]
        if not text.isdigit() or len(text) > 18:
            raise HTTPException(404, "no such entry")
        found = await run_in_threadpool(self._load, int(text))
        if found is None:
            raise HTTPException(404, "no such entry")
        row, rank, timeline, analysis = found
        at = request.query_params.get("at", "")
        last = len(timeline) - 1
        position = min(int(at), last) if at.isdigit() and len(at) < 7 else 0
        html = await run_in_threadpool(watch_page, row, rank, timeline, position, analysis)
        return HTMLResponse(html)


def watch_page(
    row: Entry, rank: int, timeline: Timeline, i: int, analysis: Analysis | str | None = None
) -> str:
    """Return the watch page of `row`'s game at position `i` (with its chance chart when it
    has been analysed; `analysis` a str: why the one kept cannot be read, said instead)."""
    rules = timeline.ruleset
    state = timeline.state_at(i)
    where = "free play"
    if row.daily:
        where = f'the daily of <a href="{day_href(row.daily)}">{escape(row.daily)}</a>'
    placed = f"#{rank} · " if rank else ""
    about = (
        f'<p class="about">{player_link(row.player)} as {escape(rules.card_name(row.character))}'
        f" on {escape(rules.difficulty_name(row.difficulty))}, {where}: "
        f"{placed}{escape(result(row))}, {row.score} points{assisted_mark(row)}. "
        f'<a class="recording" href="{recording_href(row.id)}">Download</a> '
        f"(<code>unbroken replay URL</code> plays it in the terminal).</p>"
    )
    share = f'<p class="share">Share: <q>{escape(share_line(row, rank, rules))}</q></p>'
    body = (
        about
        + share
        + _steps(row.id, timeline, i)
        + _position(timeline, i)
        + _analysis(row, analysis, i)
        + '<div class="watch"><div>'
        + _trackers(state, rules)
        + _monster(state, rules, timeline, i)
        + "</div><div>"
        + _options(timeline, i)
        + _log(timeline, i)
        + "</div></div>"
        + _steps(row.id, timeline, i)
    )
    return page(f"Game {row.id}", body, KEYS)


def _analysis(row: Entry, analysis: Analysis | str | None, i: int) -> str:
    """Return the chance chart, or what is said instead: that the advisor has not analysed
    the game yet, or why its analysis cannot be shown."""
    if isinstance(analysis, Analysis):
        return chance_chart(row.id, analysis, i)
    if isinstance(analysis, str):
        return (
            '<p class="note analysis-unreadable">The advisor\'s analysis of this game cannot'
            f" be shown: {escape(analysis)}. The game itself can be watched below.</p>"
        )
    return _waiting(row)


def _waiting(row: Entry) -> str:
    if row.daily is None:
        return ""
    return '<p class="note analysis-waiting">The advisor has not analysed this game yet.</p>'


def _steps(entry_id: int, timeline: Timeline, i: int) -> str:
    last = len(timeline) - 1
    jumps = [
        ("first", "« Start", 0 if i else None),
        ("prev-level", "← Level", timeline.previous_index("level", i)),
        ("prev-battle", "← Battle", timeline.previous_index("battle", i)),
        ("prev", "← Back", i - 1 if i else None),
        ("next", "On →", i + 1 if i < last else None),
        ("next-battle", "Battle →", timeline.next_index("battle", i)),
        ("next-level", "Level →", timeline.next_index("level", i)),
        ("last", "End »", last if i < last else None),
    ]
    links = [
        f'<a data-key="{key}" href="{watch_href(entry_id, to)}">{text}</a>'
        if to is not None
        else f'<span class="off">{text}</span>'
        for key, text, to in jumps
    ]
    return f'<nav class="steps watch-steps">{"".join(links)}</nav>'


def _position(timeline: Timeline, i: int) -> str:
    last = len(timeline) - 1
    action = timeline.action_at(i)
    if action is None:
        said = "The setup, before the first decision."
    else:
        said = f"Decision {i}: {label(action, timeline.state_at(i - 1), timeline.ruleset)}"
    return (
        f'<p class="position"><strong>{i} of {last}</strong> · {escape(said)}</p>'
        f'<progress max="{last or 1}" value="{i}" style="width:100%"></progress>'
    )


def _trackers(state: GameState, rules: Ruleset) -> str:
    caps = rules.settings.caps
    cells = "".join(
        f"<li><b>{escape(RESOURCE_NAMES[k])}</b> {state.res.get(k, 0)}"
        f"{f'/{caps[k]}' if k in caps else ''}</li>"
        for k in RESOURCES
        if k in state.res
    )
    where = f"Level {state.level}, {escape(state.phase)} ({escape(state.step)})"
    weapon = escape(rules.card_name(state.weapons[-1])) if state.weapons else "none"
    kept = [rules.card_name(c) for c in state.skills] + [
        rules.card_name(c.id) for c in state.conditions
    ]
    cards = f" Skills and conditions: {escape(', '.join(kept))}." if kept else ""
    return (
        f'<section class="trackers"><h2>Trackers</h2><ul class="res">{cells}</ul>'
        f"<p>{where}. Weapon: {weapon}. Ability uses: {state.ability_uses}.{cards}</p></section>"
    )


def _monster(state: GameState, rules: Ruleset, timeline: Timeline, i: int) -> str:
    monster = state.monster
    if monster is None:
        return ""
    sheet = rules.monsters.get(monster.id)
    name = escape(rules.card_name(monster.id))
    rows = ""
    if sheet is not None:
        current = marked_row(state)
        rows = "".join(
            f"<tr{' class=rolled' if n == current else ''}>"
            f"<td class=n>{'▶ ' if n == current else ''}{n}</td>"
            f"<td>{escape(r.result)}</td>"
            f"<td>{escape('; '.join(effect_text(e) for e in r.effects) or 'no effect')}</td></tr>"
            for n, r in enumerate(sheet.table, 1)
        )
        rows = f'<table class="monster-table"><tbody>{rows}</tbody></table>'
    return (
        f'<section class="monster"><h2>{name}</h2>'
        f"<p>Armor {monster.armor}/{monster.max_armor} · "
        f"Health {monster.health}/{monster.max_health}"
        f"{' · round ' + str(state.round) if state.round else ''}</p>{rows}</section>"
    )


def _options(timeline: Timeline, i: int) -> str:
    if i + 1 >= len(timeline):
        return ""
    state = timeline.state_at(i)
    taken = timeline.action_at(i + 1)
    game = Game(timeline.ruleset, state, [])
    items = []
    for action, why in game.options():
        text = escape(option_text(action, why, state, timeline.ruleset))
        if action == taken:
            items.append(f'<li class="taken"><strong>▶ {text}</strong> (taken)</li>')
        else:
            items.append(f"<li>{text}</li>")
    heading = f"<h2>Options of decision {i + 1}</h2>"
    return f'<section class="options">{heading}<ol>{"".join(items)}</ol></section>'


def _log(timeline: Timeline, i: int) -> str:
    lines = told_again(timeline, i)  # "Taken for you: …" as the game said it (round 23)
    items = "".join(f"<li>{escape(line)}</li>" for line in lines if line)
    items = items or "<li>Nothing happened.</li>"
    return f'<section class="log"><h2>Log</h2><ul>{items}</ul></section>'
