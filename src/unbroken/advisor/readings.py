"""What an option's odds read on its line, the one source the `%` verdict names its
leaders from (36a-1: "1 and 2 share the lead … (1 is of no use now: ahead by chance)"
beside "1. [at most Skip's 28%] Chop" and "2. [33% 24-43] Hack": the verdict read the
race's figures, the lines another).

A line reads a plain figure, "[33% 24-43]", where the option's figure carries no tag: not
clearly behind, not stopped early, not of a race that ended early, and the option not
marked "no use now" (its line then reads the bound of the option that does nothing,
"[at most Skip's 28%]", or its own figure tagged "[40% no use]"). The lines that lead are
those plain ones at the top whole percent: the only ones the verdict may say lead.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unbroken.advisor.chances import Estimate, Figure
    from unbroken.advisor.estimator import Weighing


def plain(figure: Figure) -> bool:
    """True when a figure's line reads a point and its interval with no tag ("[41% 35-47]",
    `tui.odds.odds_text`): not behind, stopped (nor a bound), nor of a race ended early."""
    return bool(figure.games) and not (figure.behind or figure.stopped or figure.early)


def percent(figure: Figure) -> int:
    """Return a figure as its line reads it, in whole percent."""
    return round(100 * figure.rate)


def plain_lines(w: Weighing, no_use: Collection[int] = ()) -> list[int]:
    """Return the options whose line reads a plain figure (`plain`): not those marked "no
    use now" (`no_use`), whose lines read another's bound or their figure tagged."""
    shown = w.shown_all
    return [k for k in range(len(shown)) if k not in no_use and plain(shown[k])]


def leaders(w: Weighing, no_use: Collection[int] = ()) -> list[int]:
    """Return the options whose line leads: of the lines reading a plain figure
    (`plain_lines`), those at the top whole percent, in order; [] where none reads one
    (every other option clearly behind, or stopped, the race's best of no use now)."""
    lines = plain_lines(w, no_use)
    if not lines:
        return []
    top = max(percent(w.shown(k)) for k in lines)
    return [k for k in lines if percent(w.shown(k)) == top]


def reads_ahead(w: Weighing, k: int, no_use: Collection[int], passing: int | None) -> bool:
    """True when option k, marked "no use now", reads above every leading line: its own
    figure "[40% no use]" (no option that does nothing beside it, `passing` None) over the
    leaders' (False where no line leads: `verdict.in_short` says that apart). Only then is
    it "ahead by chance" (36a-1: said of one whose line read "[at most Skip's 28%]" beside
    "[33% 24-43]")."""
    lead = leaders(w, no_use)
    if not lead:
        return False
    if passing is not None and w.shown(passing).games:
        return False  # its line reads the bound, the option that does nothing's figure
    return percent(w.shown(k)) > percent(w.shown(lead[0]))


def chance_read(
    w: Weighing, no_use: Collection[int] = (), passing: int | None = None
) -> tuple[Estimate | Figure, int | None]:
    """Return the chance here as the lines read it, and whose it is where that is not the
    position's own (None: the race's best, its line showing it): the position's chance, the
    best option's on futures of its own, unless the best is marked "no use now" and its
    line reads below it (the bound of the option that does nothing, or its own figure no
    higher than the leading lines'); then the leading line's figure and its option, or,
    where no line leads, the best's chance and the best. v53's note: "chance here 40%"
    beside "1. [at most Skip's 28%]" and "2. [33% 24-43]", no line showing 40."""
    if w.best not in no_use or reads_ahead(w, w.best, no_use, passing):
        return w.chance, None
    lead = leaders(w, no_use)
    return (w.shown(lead[0]), lead[0]) if lead else (w.chance, w.best)
