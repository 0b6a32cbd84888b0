"""The daily challenge's formula: a UTC day's seed, character and difficulty, from its date.

Pure (no game, no files): `unbroken.play.daily_game` re-exports it beside what starts a daily,
and `unbroken verify` checks a recording's daily claim with it (unbroken.replay.verify)
without importing the game session. The formula is in `unbroken.play.daily_game`'s docstring.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset

#: What the day's date is hashed with (changing it gives every day another challenge).
SALT = b"unbroken-daily:"
#: The plugin set a daily is played with: the base game only.
DAILY_PLUGINS = "base"


@dataclass(frozen=True)
class Daily:
    """One day's challenge: the day (ISO date), the seed, the character and difficulty ids."""

    day: str
    seed: int
    character: str
    difficulty: str


def today() -> date:
    """Return today's date in UTC (the daily's day changes at 00:00 UTC)."""
    return datetime.now(UTC).date()


def parse_day(text: str) -> date:
    """Return the date written as YYYY-MM-DD, or raise ValueError saying what is wrong."""
    try:
        if len(text) != 10:
            raise ValueError
        return date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a day written as YYYY-MM-DD") from None


def daily_for(day: date, ruleset: Ruleset) -> Daily:
    """Return the challenge of `day` with the characters and difficulties of `ruleset`."""
    digest = hashlib.sha256(SALT + day.isoformat().encode()).digest()
    characters = sorted(ruleset.characters)
    difficulties = [d.id for d in ruleset.settings.difficulties]
    return Daily(
        day=day.isoformat(),
        seed=int.from_bytes(digest[0:8], "big") >> 1,
        character=characters[int.from_bytes(digest[8:12], "big") % len(characters)],
        difficulty=difficulties[int.from_bytes(digest[12:16], "big") % len(difficulties)],
    )
