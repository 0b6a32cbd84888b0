"""The replay viewer's chance chart (`a`): the chance of winning over the game, missteps marked.

The analysis is `unbroken analyze`'s (unbroken.advisor.analysis), found in the
cache when that command ran on the recording, or computed on the key in a
background thread with the same budget (GAMES) while the viewer stays usable.
The line is each position's chance (its best option's, from the one
estimator), so it shows what `%` showed in the game there. `c` jumps to the
next misstep (a decision that lost more than COSTLY points of chance: "costly" is
the game's word for an option that spends, #28 round 23).
"""

from __future__ import annotations

import textwrap
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from unbroken.advisor.analysis import Analysis, Choice, Kept, analyze, keep, made_with
from unbroken.advisor.estimator import GAMES as ESTIMATOR_GAMES
from unbroken.advisor.kept import reusable
from unbroken.advisor.rollouts import DEFAULT_SEED
from unbroken.bots.workers import worker_count
from unbroken.core.handlers import HandlerError
from unbroken.replay import ReplayError
from unbroken.tui.chart_words import MOST_HEAD, head_lines, wrapped
from unbroken.words.vocabulary import plural, time_left

if TYPE_CHECKING:
    from unbroken.tui.replays import ReplayViewerScreen

#: The viewer's keys: the chart, and the next (previous) misstep.
BINDINGS = [
    # In the footer (#28: players never found them); C is in the viewer's help (?).
    Binding("a", "analysis", "Chances"),
    # The chart hidden while its analysis runs (it runs on): `a` shows it again (#28 round 22).
    Binding("a", "analysis('running')", "Running"),
    Binding("c", "costly(1)", "Missteps"),
    Binding("C", "costly(-1)", "Previous misstep", show=False),
]
#: Futures per option at most when the viewer computes the analysis itself: the estimator's,
#: as `unbroken analyze` and the game's odds use (one position, one chance); `unbroken analyze
#: --games N` makes a surer one, which the viewer then shows.
GAMES = ESTIMATOR_GAMES
#: Rows of the chart's plot (each four braille dots high).
ROWS = 4
_DOTS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))
#: Rows the log keeps under the chart at least: its title and three lines.
LOG_ROWS = 4
#: Seconds a key's answer stays in the chart's first line (`say`), as the viewer's notice
#: line keeps its own (`ReplayViewerScreen.say`); the next key puts it away sooner (37a-7).
SAID_SECONDS = 4.0


def series(analysis: Analysis, last: int) -> list[float]:
    """Return the chance at every position 0..last: a decision's "before", held until the next."""
    values = [0.0] * (last + 1)
    choices = sorted(analysis.choices, key=lambda c: c.n)
    if not choices:
        return values
    k = 0
    current = choices[0].before.rate
    for i in range(last + 1):
        while k < len(choices) and choices[k].n <= i + 1:
            current = choices[k].before.rate
            k += 1
        values[i] = current
    if analysis.outcome in ("won", "lost"):
        values[last] = 1.0 if analysis.outcome == "won" else 0.0
    return values


def plot(values: list[float], width: int, rows: int = ROWS) -> list[str]:
    """Return a braille line chart of values (0..1) over `width` columns and `rows` rows."""
    if width < 1 or not values:
        return [""] * rows
    height = rows * 4
    cells = [[0] * width for _ in range(rows)]
    last_y: int | None = None
    for x in range(width * 2):
        i = round(x * (len(values) - 1) / max(width * 2 - 1, 1))
        y = round(values[i] * (height - 1))
        low, high = (y, y) if last_y is None else (min(y, last_y), max(y, last_y))
        for dot in range(low, high + 1):
            row = rows - 1 - dot // 4
            cells[row][x // 2] |= _DOTS[x % 2][3 - dot % 4]
        last_y = y
    return ["".join(chr(0x2800 + c) if c else " " for c in line) for line in cells]


def column(position: int, last: int, width: int) -> int:
    """Return the chart column of a position (0..last)."""
    return 0 if last <= 0 else min(width - 1, round(position * (width - 1) / last))


class ChanceChart(Static):
    """The chance of winning over the recorded game, its costly decisions and where we are:
    in the right column above the log, which gives up the rows (docked at the screen's
    foot, it covered the Hand at 80x24, whose title still said "↓ more": #28 round 13)."""

    DEFAULT_CSS = """
    ChanceChart {
        height: 10;
        background: $panel;
        padding: 0 1;
    }
    """

    def __init__(self) -> None:
        super().__init__(id="chances")
        self.analysis: Analysis | None = None
        self.note = ""
        #: What the viewer says about a key at a position (`say`), shown in the chart's first
        #: line until the viewer moves, the next key or its SAID_SECONDS (`put_message_away`):
        #: a notice covered the legend (round 11); 37a-7 read "Analysing…: c finds the
        #: missteps once it is done." for 2-3 minutes, through `a` hide and show.
        self.message: tuple[int, str] | None = None
        #: Whether its analysis is being computed (`a` started it; `c` waits for it).
        self.running = False
        #: Set when the chart goes (the viewer closed): its analysis stops, nothing kept.
        self.stopped = False

    def on_unmount(self) -> None:
        """The viewer closed (or the app): its analysis stops at the next decision weighed
        and is not kept, as the close question says (#28 round 28: "closing now loses it",
        answered `y`, yet the analysis ran on in its thread, was kept when done, and the
        viewer showed it 7 minutes later, its rollouts taking the cores meanwhile)."""
        self.stopped = True

    def put_message_away(self, message: tuple[int, str] | None = None) -> None:
        """Put the key's answer in the first line away (`message`: only if it is that one,
        its time up) and draw the chart without it."""
        if self.message is None or (message is not None and self.message is not message):
            return
        self.message = None
        if self.drawn_at is not None:
            self.draw(*self.drawn_at)

    #: Where the chart was last drawn (position, last): drawn again for its new width.
    drawn_at: tuple[int, int] | None = None

    def on_resize(self) -> None:
        if self.drawn_at is not None:  # mounted, it was first drawn before its layout
            self.draw(*self.drawn_at)

    #: The rows `room` gave when last drawn; whether the check after it is waiting.
    roomed = 99
    drawn_again = False

    def draw_again(self) -> None:
        """Draw again where the room changed since (once laid out)."""
        if self.drawn_at is not None and self.room() != self.roomed:
            self.drawn_again = True
            self.draw(*self.drawn_at)
            self.drawn_again = False

    def room(self) -> int:
        """Return the rows the chart may take in its column (99: not yet laid out): the
        column's less what else is in it, the log's LOG_ROWS kept."""
        column = self.parent
        if not isinstance(column, Widget) or not column.size.height:
            return 99
        others = [w for w in column.children if w is not self and w.id != "log" and w.display]
        return column.size.height - sum(w.outer_size.height for w in others) - LOG_ROWS

    def draw(self, position: int, last: int) -> None:
        """Show the chart with the cursor at `position` (of 0..last)."""
        self.drawn_at = (position, last)
        analysis = self.analysis
        text = Text()
        message = self.message[1] if self.message and self.message[0] == position else ""
        # Wrapped here: `textwrap` keeps a duration whole ("1 min 14 s"), Rich would not;
        # the rows a message takes counted (33a: "From the analysis kept on …" takes two).
        columns = self.size.width - 2 if self.size.width > 12 else 0
        said = (wrapped(message, columns) if columns else [message]) if message else []
        if said:
            text.append("\n".join(said) + "\n", style="bold yellow")
        if analysis is None:
            note = self.note or "No analysis yet."
            text.append(textwrap.fill(note, columns) if columns else note)
            self.update(text)
            return
        # The labels' four columns and a blank one: "  0%" ran into a curve at 0 (34b-8).
        axis = 5
        width = max(10, self.size.width - 2 - axis)
        values = series(analysis, last)
        # The log keeps LOG_ROWS under the chart: the words are cut to what is left,
        # drawn again once laid out when that changed (a taller window, the line above).
        self.roomed = self.room()
        if not self.drawn_again:
            self.call_after_refresh(self.draw_again)
        most = self.roomed - len(said) - ROWS - 2
        head = head_lines(analysis, position, width + axis, max(1, most) if most < 99 else 0)
        # The plot keeps its ROWS rows (round 10: four lines of words made it a row
        # flatter) and its place: the words go under it, as many rows as they take up to
        # what the log leaves (round 13: in the right column, beside the Hand, they take up
        # to eight; round 29: cut after a clause beyond that), then the legend.
        self.styles.height = len(said) + ROWS + 2 + max(MOST_HEAD, len(head))
        rows = ROWS
        labels = ["100%", *[""] * (rows - 2), "  0%"]
        for r, line in enumerate(plot(values, width, rows)):
            label = labels[r] if r < len(labels) else ""
            text.append(f"{label:>4} ", style="dim")
            text.append(line + "\n", style="green")
        marks = [" "] * width
        for c in analysis.costly():
            marks[column(c.n, last, width)] = "▲"
        marks[column(position, last, width)] = "┃"
        text.append(" " * axis)
        for mark in marks:
            text.append(mark, style="bold red" if mark == "▲" else "bold cyan")
        costly = len(analysis.costly())
        for line in head:
            text.append("\n" + line, style="bold")
        # No ▲ and no keys to reach one when there is none (35b-14: "▲ 0 missteps (c next,
        # C back)", then `c` said "No misstep after this point.").
        missteps = f"▲ {plural(costly, 'misstep')} (c next, C back)" if costly else "no missteps"
        legend = f"    {missteps}  ┃ here  {analysis.games} games/option"
        if len(legend) > width + axis:  # one row in the right column at 80x24 too
            legend = f"{missteps}  ┃ here"
        text.append("\n" + legend, style="dim")  # the last line (round 11)
        self.update(text)


def analysing(viewer: ReplayViewerScreen) -> bool:
    """Return whether the viewer's analysis is being computed (lost if the viewer closes),
    its chart shown or hidden."""
    return any(
        c.analysis is None and c.note.startswith("Analysing") for c in viewer.query(ChanceChart)
    )


def shown(viewer: ReplayViewerScreen) -> ChanceChart | None:
    """Return the chart when it is in sight (None: none, or hidden with `a`)."""
    return next((c for c in viewer.query(ChanceChart) if c.display), None)


def footer_key(viewer: ReplayViewerScreen, parameters: tuple[object, ...]) -> bool:
    """Return whether the footer offers this `a` ("running": the one said while the chart
    is hidden and its analysis runs on: "a Running")."""
    return (parameters == ("running",)) == (analysing(viewer) and shown(viewer) is None)


def toggle(viewer: ReplayViewerScreen) -> None:
    """Show or hide the chart; the first time, find or compute the analysis. Hidden while
    its analysis runs, it is kept, the analysis running on (#28 round 22: `a` removed it
    mid-analysis, and Esc then closed the viewer unasked, the analysis lost; `a` again
    began a second one); else it goes (a finished analysis is kept on disk)."""
    found = viewer.query(ChanceChart)
    if found:
        chart = found.first()
        if chart.display and not chart.running:
            chart.remove()
            return
        chart.display = not chart.display
        viewer.refresh_bindings()  # "a Running" while hidden and running
        if chart.display:
            viewer.call_after_refresh(lambda: redraw(viewer))
        return
    chart = ChanceChart()
    # A notice of `c` pressed before `a` ("No analysis shown: a shows …") is out of date
    # once the chart shows (#28 round 22: it stayed beside "Analysing … 25 of 120").
    viewer.put_notice_away()
    viewer.query_one("#right").mount(chart, before="#log")
    path = viewer.timeline.recording.path
    if path is None:
        chart.note = "This recording has no file to analyze."
    else:
        timeline = viewer.timeline
        try:
            made = made_with(timeline.recording, timeline.ruleset, GAMES, DEFAULT_SEED)
        except ReplayError:
            made = None  # its plugins cannot be had: analysing it says so
        one = kept_one(Path(path), made, timeline.recording.digest)
        chart.analysis = None if one is None else one.analysis
        if one is not None and not viewer.kept_told:
            # Said once, as `unbroken analyze` says it (33a: the chart showed at once,
            # never saying it was the analysis kept, nor when).
            viewer.kept_told = True
            chart.message = (viewer.position, kept_said(one.when()))
        if chart.analysis is None:
            chart.note = f"Analysing the decisions with a choice ({GAMES} games per option)…"
            chart.running = True
            viewer.run_worker(lambda: _compute(viewer, chart, Path(path)), thread=True)
    viewer.call_after_refresh(lambda: redraw(viewer))


def kept(path: Path, made: dict[str, Any] | None, digest: str = "") -> Analysis | None:
    """Return the analysis kept of the recording at `path` when made as `made` says, checked
    as `unbroken analyze` checks it (`advisor.kept.reusable`): #28 round 28, the viewer
    showed any kept analysis of the format, made with other rules, plugins, an older
    release or another count of games. None: none such (or `made` None: unknown). `digest`:
    of the bytes the viewer read (`Recording.digest`): the file may have grown since."""
    found = kept_one(path, made, digest)
    return None if found is None else found.analysis


def kept_one(path: Path, made: dict[str, Any] | None, digest: str = "") -> Kept | None:
    """Return the analysis kept as `kept` finds it, with when it was kept (`Kept.when`)."""
    if made is None:
        return None
    return reusable(path, made, digest)[0]


def kept_said(when: str) -> str:
    """Return the chart's line saying its analysis is the one kept, and when ("" unsaid)."""
    return f"From the analysis kept on {when}." if when else "From the analysis kept earlier."


class Closed(Exception):
    """The viewer closed while its analysis ran: the analysis stops (`ChanceChart.stopped`)."""


def _compute(viewer: ReplayViewerScreen, chart: ChanceChart, path: Path) -> None:

    def show() -> None:
        try:
            viewer.app.call_from_thread(redraw, viewer)
        except RuntimeError:  # the app has ended meanwhile: nothing to show it on
            pass

    started = time.monotonic()

    def progress(done: int, total: int) -> None:
        if chart.stopped:
            raise Closed
        chart.note = progress_note(done, total, time.monotonic() - started)
        show()

    try:
        timeline = viewer.timeline
        jobs = worker_count(None, len(timeline.recording.decisions))
        result = analyze(timeline.recording, timeline.ruleset, GAMES, jobs=jobs, progress=progress)
        # What it is made with, so `unbroken analyze` shows it again (#28 round 27).
        made = made_with(timeline.recording, timeline.ruleset, GAMES, DEFAULT_SEED)
    except Closed:
        return  # the viewer is gone: nothing to keep or show (its pool closed with it)
    except (ReplayError, HandlerError) as exc:
        chart.note = f"Cannot analyze this recording: {exc}"
    else:
        if chart.stopped:  # closed after its last decision: lost as the question said
            return
        keep(path, result, made, timeline.recording.digest)  # the bytes weighed (a49)
        chart.analysis = result
    chart.running = False
    chart.message = None  # "Analysing…: c finds …" is out of date once it is done
    show()
    try:
        viewer.app.call_from_thread(viewer.refresh_bindings)  # no more "a Running"
    except RuntimeError:  # the app has ended meanwhile
        pass


def progress_note(done: int, total: int, seconds: float) -> str:
    """Return the chart's note while the analysis runs, `seconds` after it began: how far,
    and about how long is left once a few decisions show the pace (#28 round 12: "7 of
    120" for two minutes, no time said)."""
    head = f"Analysing the decisions with a choice ({GAMES} games per option): {done} of {total}"
    left = time_left(done, total, seconds, whole=True)  # as `unbroken analyze` says it
    return f"{head}, {left}" if left else head


def redraw(viewer: ReplayViewerScreen) -> None:
    """Draw the chart (when shown) at the viewer's position."""
    for chart in viewer.query(ChanceChart):
        chart.draw(viewer.position, len(viewer.timeline) - 1)


def costly_position(analysis: Analysis | None, position: int, step: int) -> Choice | None:
    """Return the next (step 1) or previous (-1) misstep from `position`, or None."""
    if analysis is None:
        return None
    found = [c for c in analysis.costly() if (c.n - position) * step > 0]
    if not found:
        return None
    return min(found, key=lambda c: abs(c.n - position))


def jump(viewer: ReplayViewerScreen, step: int) -> None:
    """Go to the next (previous) misstep, or say why not."""
    charts = viewer.query(ChanceChart)
    analysis = charts.first().analysis if charts else None
    if analysis is None:
        say(viewer, no_analysis(charts.first() if charts else None))
        return
    found = costly_position(analysis, viewer.position, step)
    if found is None and not analysis.costly():
        say(viewer, "No missteps in this game.")
        return
    if found is None:
        say(viewer, f"No misstep {'after' if step > 0 else 'before'} this point.")
        return
    viewer.go(found.n)


def no_analysis(chart: ChanceChart | None) -> str:
    """Return why `c` finds no misstep while the `chart` has no analysis: none shown
    yet, one running, or none to be had (its note says why). #28 round 22: `c` during the
    analysis said "No analysis shown: a shows …" after `a` was pressed."""
    if chart is None:
        return "No analysis shown: a shows the chances (and finds the missteps)."
    if chart.running:  # how far it got is in the chart's note (37a-7), shown or not
        said = "Analysing…: c finds the missteps once it is done"
        return f"{said}." if chart.display else f"{said} (a shows how far it got)."
    return chart.note or "No analysis to find the missteps in."


def say(viewer: ReplayViewerScreen, message: str) -> None:
    """Say `message` about a key: in the chart's first line when it shows (until the viewer
    moves; a notice in the corner covered the chart's legend), else in the viewer's notice
    line above the log (a notice in the corner covered three log lines: 32a-1). In the chart
    it goes at the next key or after SAID_SECONDS, as the notice line's (37a-7): how far an
    analysis got is the chart's note, never a key's answer kept."""
    chart = shown(viewer)
    if chart is None:
        viewer.say(message, SAID_SECONDS)
        return
    said = chart.message = (viewer.position, message)
    chart.set_timer(SAID_SECONDS, lambda: chart.put_message_away(said))
    redraw(viewer)


def key_pressed(viewer: ReplayViewerScreen) -> None:
    """A key was pressed in the viewer: the answer to the key before goes from the chart
    (37a-7: it stayed while the viewer did not move, through `a` hide and show)."""
    for chart in viewer.query(ChanceChart):
        chart.put_message_away()
