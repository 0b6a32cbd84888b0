"""The achievements sheet: every achievement in play, and where each was first earned."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from unbroken.core import achievements as ach


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
    """Return the sheet of `achievements` (default: every one in play) given the first game
    that earned each on each difficulty (`first`, {} for none earned yet); ids in `first`
    that are not among them (a plugin no longer installed) come last, named by their id."""
    if achievements is None:
        achievements = all_achievements()
    left = dict(first)
    sheet = [SheetRow(a.id, a.name, a.text, a.cross_game, left.pop(a.id, {})) for a in achievements]
    sheet += [SheetRow(aid, aid, "", False, left[aid]) for aid in sorted(left)]
    return sheet


def plugin_predicates() -> dict[str, ach.Predicate]:
    """Return the single-game achievements the enabled plugins add (unbroken_achievements)."""
    from unbroken.plugins import current_plugins

    # Plugins receive the event list as a plain list (hookspecs.AchievementPredicate).
    return {
        str(a.id): cast(ach.Predicate, predicate) for a, predicate in current_plugins().achievements
    }


def all_achievements() -> list[ach.Achievement]:
    """Return the base achievements, then those of the enabled plugins."""
    from unbroken.plugins import current_plugins

    return [*ach.ACHIEVEMENTS, *(a for a, _ in current_plugins().achievements)]
