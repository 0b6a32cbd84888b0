"""The achievements sheet: every achievement in play, and where each was first earned."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from unbroken.core import achievements as ach


class Adding(Protocol):
    """What adds achievements: the plugins in use (unbroken.plugins.Plugins is one)."""

    @property
    def achievements(self) -> Sequence[tuple[Any, Callable[..., Any]]]: ...


@dataclass(frozen=True)
class SheetRow:
    """One achievement of the sheet, and the difficulties it was earned on."""

    id: str
    name: str
    text: str
    cross_game: bool
    #: difficulty -> id of the first game that earned it there.
    earned: dict[str, int]


def achievement_sheet(
    first: dict[str, dict[str, int]], achievements: Sequence[ach.Achievement] | None = None
) -> list[SheetRow]:
    """Return the sheet of `achievements` (default: the base game's) given the first game
    that earned each on each difficulty (`first`, {} for none earned yet); ids in `first`
    that are not among them (a plugin no longer installed) come last, named by their id."""
    if achievements is None:
        achievements = all_achievements(None)
    left = dict(first)
    sheet = [SheetRow(a.id, a.name, a.text, a.cross_game, left.pop(a.id, {})) for a in achievements]
    sheet += [SheetRow(aid, aid, "", False, left[aid]) for aid in sorted(left)]
    return sheet


def sheet_columns(
    difficulties: Sequence[tuple[str, str]], sheet: Sequence[SheetRow]
) -> list[tuple[str, str]]:
    """Return the sheet's columns, (difficulty id, label): the loaded ruleset's
    `difficulties` in its order (Easy, Normal, Hard, then those plugins add, such as the
    Gauntlet's Expert), then any other difficulty something was earned on (a plugin no
    longer installed), labelled by its id. Each difficulty earns on its own (R-ACH-1)."""
    columns = list(difficulties)
    known = {d for d, _ in columns}
    others = sorted({d for row in sheet for d in row.earned} - known)
    return columns + [(d, d) for d in others]


def plugin_predicates(plugins: Adding | None) -> dict[str, ach.Predicate]:
    """Return the single-game achievements `plugins` add (unbroken_achievements)."""
    # Plugins receive the event list as a plain list (hookspecs.AchievementPredicate).
    found = plugins.achievements if plugins is not None else ()
    return {str(a.id): cast(ach.Predicate, predicate) for a, predicate in found}


def all_achievements(plugins: Adding | None) -> list[ach.Achievement]:
    """Return the base achievements, then those `plugins` add (None: none)."""
    return [*ach.ACHIEVEMENTS, *(a for a, _ in (plugins.achievements if plugins else ()))]
