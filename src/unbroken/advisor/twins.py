"""Options the futures cannot tell apart: each won and lost exactly the futures another did.

The race plays every option on the same futures (common random numbers). Where what
follows hangs on what the futures draw and not on the option — the level's monster, unseen
at Preparation, or a battle's dice the options all meet alike — several options win and
lose on the very same futures, and their figures read the same to the point: playtest
32a-3 read five options at exactly "[51% behind]" as one number copied. They are not the
same option nor do they reach the same state (Explore draws an encounter, Focus gains ME):
the reference bot playing on after each won the same futures, here the same monsters. The
game's `%` says so, "[same futures as 2]", rather than repeat the figure (`tui.odds`); `unbroken
play` marks them "same as 2".
"""

from __future__ import annotations

from collections.abc import Collection

from unbroken.advisor.chances import Figure
from unbroken.advisor.estimator import Weighing
from unbroken.advisor.paired import Difference


def _reads(figure: Figure) -> tuple[int, bool, bool, bool]:
    """Return what an option's line reads of its figure: the whole percent and its tags."""
    return round(100 * figure.rate), figure.behind, figure.stopped, figure.at_most


def twins(w: Weighing, apart: Collection[int] = (), first: Collection[int] = ()) -> dict[int, int]:
    """Return the options whose results the futures cannot tell from another's, each with
    the option it is the same as: no future, of those both played, won after one of them
    only, and their figures read the same (the same whole percent and tags). Of each such
    group the best stands for it where it is in it (its line holds the chance here and
    its interval), then one of `first` (the option that does nothing,
    whose figure an option of no use now reads as its bound: "at most Skip's 85%" beside a
    Skip reading "same as 5" sent the reader on twice), else the first; the others are the
    same as that one. Options in
    `apart` (marked "no use now": their lines read another's figure) are left out; so is
    any before a figure."""
    shown = w.shown_all
    same: dict[int, int] = {}
    order = sorted(range(len(w.wins)), key=lambda k: (k != w.best, k not in first, k))
    heads: list[int] = []
    for k in order:
        if k in apart or not w.games[k] or not shown[k].games:
            continue
        for j in heads:
            shared = min(w.games[j], w.games[k])
            d = Difference.of(w.wins[k], w.wins[j], shared)
            if not d.ahead and not d.behind and _reads(shown[k]) == _reads(shown[j]):
                same[k] = j
                break
        else:
            heads.append(k)
    return same
