"""The Records screen's charts, drawn with block characters in widgets of their own.

`ScoreChart` is the score over time, a column per game (or per run of games when
they outnumber the columns); `BarChart` is one labelled bar per row (win rate by
character and by difficulty, deaths by monster). Each draws itself to the size it
is given, so a larger terminal shows longer bars, taller columns and more rows.
The figures come from `unbroken.records.stats`, as `unbroken stats` prints them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from unbroken.records.stats import Result, Stats, killer_name, periods
from unbroken.words.printable import printable

#: A column's top, in eighths of a cell (one eighth to a full block).
COLUMN_EIGHTHS = "▁▂▃▄▅▆▇█"
#: A bar's end, in eighths of a cell (one eighth to a full block).
BAR_EIGHTHS = "▏▎▍▌▋▊▉█"
#: What shows a game (or run) that scored nothing, and the empty part of a bar.
ZERO = "·"
TRACK = "·"


def column(eighths: int, row: int) -> str:
    """Return the cell of a column `eighths` high on `row` (0 is the bottom row)."""
    filled = eighths - 8 * row
    if filled <= 0:
        return " "
    return COLUMN_EIGHTHS[min(filled, 8) - 1]


def bar(fraction: float, width: int) -> str:
    """Return a bar `fraction` (0 to 1) of `width` cells long, to an eighth of a cell."""
    eighths = round(max(0.0, min(fraction, 1.0)) * width * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + (BAR_EIGHTHS[part - 1] if part else "")


def cut(text: str, width: int) -> str:
    """Return `text` in at most `width` cells, an ellipsis marking what was cut."""
    if cell_len(text) <= width:
        return text
    return set_cell_size(text, width - 1) + "…" if width > 0 else ""


def pad(text: str, width: int) -> str:
    """Return `text` cut or padded with spaces to exactly `width` cells."""
    return set_cell_size(cut(text, width), width)


class ScoreChart(Widget):
    """The score over time: one column per game, or the average of a run of games."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"chart--title", "chart--bar", "chart--axis"}

    DEFAULT_CSS = """
    ScoreChart { height: 1fr; min-height: 4; }
    ScoreChart > .chart--title { text-style: bold; }
    ScoreChart > .chart--bar { color: $primary; }
    ScoreChart > .chart--axis { color: $text-muted; }
    """

    #: A game's column is at most this wide (its bar, and a cell between games).
    WIDEST = 5
    #: Up to this many games, each game's number is under its column; more: the first
    #: game's and the last's, at the ends.
    NUMBERED = 10

    def __init__(self, stats: Stats, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.stats = stats

    def render(self) -> Text:
        width, height = self.size.width, self.size.height
        title_style = self.get_component_rich_style("chart--title")
        bar_style = self.get_component_rich_style("chart--bar")
        axis = self.get_component_rich_style("chart--axis")
        results = self.stats.results
        rows = height - 2  # the title above, the games' numbers below
        out = Text(no_wrap=True, overflow="crop")
        if not results or rows < 1 or width < 8:
            out.append(cut("Score over time", width), title_style)
            return out
        label = len(str(max(1, self.stats.best)))  # no average is above the best score
        plot = width - label - 1
        runs = periods(results, plot)
        scale = max(1, math.ceil(max(p.average for p in runs)))
        size = len(results) / len(runs)
        if len(runs) == len(results):
            title = "Score of each game, oldest first (a lost game scores 0)"
        else:
            fewest = len(results) // len(runs)  # the runs differ by one game at most
            games = str(fewest) if size == fewest else f"{fewest} or {fewest + 1}"
            title = f"Score over time: the average of {games} games a column (a loss scores 0)"
        out.append(cut(title, width), title_style)
        # Where each column starts: spread over the width, each at most WIDEST cells apart;
        # every column is as wide (a cell between them when there is room).
        step = min(plot / len(runs), self.WIDEST)
        starts = [int(i * step) for i in range(len(runs))]
        thick = max(int(step) - 1, 1)
        used = starts[-1] + thick
        heights = [round(p.average / scale * rows * 8) or (1 if p.average else 0) for p in runs]
        for row in reversed(range(rows)):
            out.append("\n")
            mark = str(scale) if row == rows - 1 else "0" if row == 0 else ""
            out.append(f"{mark:>{label}}{'┤' if mark else '│'}", axis)
            cells = [(" ", bar_style)] * used
            for start, eighths in zip(starts, heights, strict=True):
                if row == 0 and eighths == 0:
                    cell = (ZERO, axis)
                else:
                    cell = (column(eighths, row), bar_style)
                cells[start : start + thick] = [cell] * thick
            for char, style in cells:
                out.append(char, style)
        first, last = results[0], results[-1]
        since, until = printable(first.finished[:10]), printable(last.finished[:10])
        ends = [
            (f"game {first.id} ({since})", f"game {last.id} ({until})"),
            (f"game {first.id}", f"game {last.id}"),
        ]
        if first.id == last.id:  # one game: one label ("game 1 game 1" said it twice)
            ends = [(f"game {first.id} ({since})", ""), (f"game {first.id}", "")]
        out.append("\n" + " " * (label + 1))
        if len(results) <= self.NUMBERED:  # each game's number under its column (round 11:
            # "game 3" stood under the gap before game 3's column, "game 2" past the bars)
            dates = since if since == until else f"{since} to {until}"
            out.append(cut(numbers(results, starts) + f"  ← game ({dates})", plot), axis)
            return out
        for left, right in ends:
            if len(left) + len(right) + 1 <= used or (left, right) == ends[-1]:
                gap = max(used - len(left) - len(right), 1) if right else 0
                out.append(cut(left + " " * gap + right, plot), axis)
                break
        return out


def numbers(results: Sequence[Result], starts: Sequence[int]) -> str:
    """Return the games' numbers, each from where its column starts (one that would run
    into the next is left out)."""
    line = ""
    for i, (result, start) in enumerate(zip(results, starts, strict=True)):
        number = str(result.id)
        end = starts[i + 1] - 1 if i + 1 < len(starts) else start + len(number)
        if len(line) <= start and start + len(number) <= end:
            line += " " * (start - len(line)) + number
    return line


@dataclass(frozen=True)
class Bar:
    """One row of a bar chart: what it counts, how long (0 to 1), and its figures
    (each in a column of its own, right-aligned: "35 %", "13/37")."""

    label: str
    fraction: float
    figures: tuple[str, ...]


class BarChart(Widget):
    """A titled list of labelled bars, with their figures at the right; those that do not
    fit in its height are counted in a last line."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "chart--title",
        "chart--bar",
        "chart--track",
        "chart--more",
    }

    DEFAULT_CSS = """
    BarChart { height: auto; }
    BarChart > .chart--title { text-style: bold; }
    BarChart > .chart--bar { color: $success; }
    BarChart.deaths > .chart--bar { color: $error; }
    BarChart > .chart--track { color: $text-muted 40%; }
    BarChart > .chart--more { color: $text-muted; text-style: italic; }
    """

    #: The shortest bar: a label is cut before its bar is shorter.
    SHORTEST = 8

    def __init__(
        self,
        title: str,
        bars: Sequence[Bar],
        *,
        track: bool = True,
        id: str | None = None,
        classes: str = "",
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.title = title
        self.bars = list(bars)
        #: Whether the part of a bar up to its full length shows (a share of 100 %).
        self.track = track

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return 1 + len(self.bars)

    def render(self) -> Text:
        width, height = self.size.width, self.size.height
        out = Text(no_wrap=True, overflow="crop")
        out.append(cut(self.title, width), self.get_component_rich_style("chart--title"))
        if not self.bars:
            return out
        bar_style = self.get_component_rich_style("chart--bar")
        track = self.get_component_rich_style("chart--track")
        shown = self.bars
        if len(shown) > height - 1:  # the last line says how many are left out
            shown = shown[: max(height - 2, 0)]
        columns = [
            max((len(b.figures[i]) for b in shown if i < len(b.figures)), default=0)
            for i in range(max((len(b.figures) for b in shown), default=0))
        ]
        figures = sum(columns) + len(columns)  # each after a space
        labels = max((cell_len(b.label) for b in shown), default=0)
        labels = max(min(labels, width - figures - 1 - self.SHORTEST), 4)
        room = max(width - labels - 1 - figures, 1)
        for b in shown:
            drawn = bar(b.fraction, room)
            out.append("\n" + pad(b.label, labels) + " ")
            out.append(drawn, bar_style)
            out.append((TRACK if self.track else " ") * (room - len(drawn)), track)
            out.append(
                "".join(f" {text:>{w}}" for text, w in zip(b.figures, columns, strict=False))
            )
        left = len(self.bars) - len(shown)
        if left and height > 1:
            more = f"… and {left} more"
            if len(more) + 28 <= width:
                more += " (unbroken stats lists all)"
            out.append("\n")
            out.append(cut(more, width), self.get_component_rich_style("chart--more"))
        return out


class RecordCharts(Vertical):
    """The Records screen's charts view: score over time above; win rates and deaths below."""

    DEFAULT_CSS = """
    RecordCharts { height: 1fr; padding: 0 1; }
    RecordCharts #rate-charts { height: 14; margin-top: 1; }
    RecordCharts #win-rates { width: 1fr; height: 1fr; }
    RecordCharts #by-character { margin-top: 1; height: 1fr; }
    RecordCharts #deaths { width: 1fr; height: 1fr; margin-left: 2; }
    """

    #: The score chart's share of the height, at least: the bars below get the rest
    #: (as many lines as they have bars, when they fit).
    SCORE_SHARE = 3
    #: The score chart's fewest lines: its title, 4 rows of columns, the games' numbers.
    SCORE_LINES = 6

    def __init__(
        self,
        stats: Stats,
        card_name: Callable[[str], str],
        difficulty_name: Callable[[str], str],
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.stats = stats
        self.card_name = card_name
        self.difficulty_name = difficulty_name

    def compose(self) -> ComposeResult:
        stats = self.stats
        if not stats.games:
            yield Static(
                "No games recorded yet: the charts show once a game is finished.",
                id="no-charts",
            )
            return
        yield ScoreChart(stats, id="score-chart")
        with Horizontal(id="rate-charts"):
            with Vertical(id="win-rates"):
                yield BarChart(
                    "Win rate by difficulty",
                    [
                        self.rate(self.difficulty_name(t.key), t.wins, t.games)
                        for t in stats.by_difficulty
                    ],
                    id="by-difficulty",
                )
                yield BarChart(
                    "Win rate by character",
                    [self.rate(self.card_name(t.key), t.wins, t.games) for t in stats.by_character],
                    id="by-character",
                )
            lost = stats.games - stats.wins
            most = max((d.deaths for d in stats.deaths), default=1)
            yield BarChart(
                f"Deaths by monster or cause ({lost})",
                [
                    Bar(
                        printable(killer_name(d.killer, self.card_name)),
                        d.deaths / most,
                        (str(d.deaths),),
                    )
                    for d in stats.deaths
                ],
                track=False,
                id="deaths",
                classes="deaths",
            )

    def on_resize(self) -> None:
        """Give the bars their lines (all of them when they fit); the score chart the rest."""
        stats = self.stats
        if not stats.games:
            return
        left = (1 + len(stats.by_difficulty)) + 1 + (1 + len(stats.by_character))
        wanted = max(left, 1 + len(stats.deaths))
        height = self.size.height - 1  # the line between the score chart and the bars
        room = height - max(self.SCORE_LINES, height // self.SCORE_SHARE)
        self.query_one("#rate-charts").styles.height = max(min(wanted, room), 4)

    @staticmethod
    def rate(label: str, wins: int, games: int) -> Bar:
        """Return the bar of a win rate: as long as the share won, with "35 %" and "13/37"."""
        return Bar(
            printable(label), wins / games, (f"{100 * wins / games:.0f} %", f"{wins}/{games}")
        )
