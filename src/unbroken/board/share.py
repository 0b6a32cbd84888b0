"""The share line of an entry: a short text that pastes well into a chat."""

from __future__ import annotations

from unbroken.board.wire import Entry
from unbroken.core.ruleset import Ruleset


def share_line(row: Entry, rank: int, rules: Ruleset) -> str:
    """Return the share line of an entry: "Unbroken daily 2026-11-26: Helena, won, 70 points,
    #1 of the day", or of free play ("… free play: Helena, level 2, 5 points")."""
    who = rules.card_name(row.character)
    how_far = "won" if row.won else f"level {row.level}"
    what = f"daily {row.daily}" if row.daily else "free play"
    line = f"Unbroken {what}: {who}, {how_far}, {row.score} points"
    if row.daily and rank:
        line += f", #{rank} of the day"
    return line + (" (assisted)" if row.assisted else "")
