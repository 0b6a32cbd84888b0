"""A position's log lines told again, as the log said them when the game was played."""

from __future__ import annotations

from collections.abc import Iterable

from unbroken.core import events as ev
from unbroken.core.ruleset import Ruleset
from unbroken.words.events import Narrator


def retold(ruleset: Ruleset, before: Iterable[ev.Event], events: Iterable[ev.Event]) -> list[str]:
    """Return the log's lines of `events`, told by a narrator that has heard `before`.

    The narrator remembers what it needs to name a change (the monster met, a condition
    taken earlier, the attack's power): a fresh one at a replay's position would miss
    "(Paranoid: +2 health)" when Paranoid came a decision earlier.
    """
    narrator = Narrator(ruleset)
    for e in before:  # heard, unsaid
        narrator.describe(e)
    said = (line for e in events if (line := narrator.describe(e)))
    return [part for line in said for part in line.split("\n")]  # a level's heading, under it
