"""The chance chart of an analysed entry: an inline SVG, and the decision's weighing in words."""

from __future__ import annotations

from html import escape

from unbroken.advisor.analysis import Analysis, Choice
from unbroken.advisor.option_names import in_sentence
from unbroken.board.pages.layout import watch_href

#: The chart's drawing box (scaled to the page's width).
WIDTH, HEIGHT = 600, 150
#: The costly decisions named under the chart (those that cost most).
SHOWN = 8


def _x(n: int, last: int) -> float:
    return round(WIDTH * n / max(last, 1), 1)


def _y(chance: float) -> float:
    return round(HEIGHT - HEIGHT * chance, 1)


def chance_chart(entry_id: int, analysis: Analysis, position: int) -> str:
    """Return the section with the chance before each weighed decision as a line (costly
    decisions as red dots linking to them), the position marked, and the decision weighed."""
    last = max(analysis.decisions, 1)
    choices = analysis.choices
    points = " ".join(f"{_x(c.n - 1, last)},{_y(c.before.rate)}" for c in choices)
    dots = "".join(
        f'<a href="{watch_href(entry_id, c.n - 1)}"><circle cx="{_x(c.n - 1, last)}" '
        f'cy="{_y(c.chance_taken.rate)}" r="5" fill="#d22"><title>Decision {c.n}: '
        f"{escape(in_sentence(c.taken))} lost {c.loss:.0f} points</title></circle></a>"
        for c in analysis.costly()
    )
    here = _x(position, last)
    svg = (
        f'<svg class="chart" viewBox="-6 -6 {WIDTH + 12} {HEIGHT + 12}" width="100%" '
        f'role="img" aria-label="The chance of winning before each decision">'
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="none" stroke="#8886"/>'
        f'<line x1="0" x2="{WIDTH}" y1="{_y(0.5)}" y2="{_y(0.5)}" stroke="#8886" '
        'stroke-dasharray="4 4"/>'
        f'<polyline points="{points}" fill="none" stroke="#36c" stroke-width="2"/>'
        f'<line x1="{here}" x2="{here}" y1="0" y2="{HEIGHT}" stroke="#c60" stroke-width="2"/>'
        f"{dots}</svg>"
    )
    costly = analysis.costly()
    worst = sorted(costly, key=lambda c: (-c.loss, c.n))[:SHOWN]
    named = ", ".join(
        f'<a href="{watch_href(entry_id, c.n - 1)}">decision {c.n}</a> ({c.loss:.0f} points)'
        for c in sorted(worst, key=lambda c: c.n)
    )
    more = f" (the {len(worst)} that cost most of {len(costly)})" if len(costly) > SHOWN else ""
    said = f"Missteps{more}: {named}." if costly else "No misstep."
    return (
        '<section class="analysis"><h2>Chance of winning</h2>'
        f'<p class="note">The advisor, {analysis.games} games an option; the line is the '
        "chance before each decision, red dots the missteps, the upright line this "
        f"position. 0% at the bottom, 100% at the top.</p>{svg}"
        f"<p>{said}</p>{_weighed(analysis, position)}</section>"
    )


def _weighed(analysis: Analysis, position: int) -> str:
    found: Choice | None = next((c for c in analysis.choices if c.n == position + 1), None)
    if found is None:
        return ""
    best = "" if found.best == found.taken else f"; the best, {escape(in_sentence(found.best))}: "
    best += f"{found.chance_best.percent()}" if best else ""
    return (
        f'<p class="weighed">Decision {found.n}: chance before {found.before.percent()}; '
        f"taken, {escape(in_sentence(found.taken))}: {found.chance_taken.percent()}{best}.</p>"
    )
