"""The daily challenge: the seed, character and difficulty of a UTC day, from its date alone.

Everyone computes the same challenge without asking a server:

    digest = sha256(b"unbroken-daily:" + day.isoformat().encode())   # "2026-11-24"
    seed = int.from_bytes(digest[0:8], "big") >> 1                  # 0 .. 2**63-1
    character = sorted(character ids)[int.from_bytes(digest[8:12], "big") % count]
    difficulty = difficulties in the content's order[int.from_bytes(digest[12:16], "big") % count]

The daily is played with the base game only (the leaderboard server verifies
it with the same rules), so its character and difficulty lists are the base
content's. docs/leaderboard.md describes it for people.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset
    from unbroken.plugins import Plugins
    from unbroken.session import GameSession

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


def base_plugins() -> Plugins:
    """Return the base game alone (no plugins): the rules a daily is played with.

    Raises PluginError or ContentError when the base content does not load.
    """
    from unbroken.plugins import load_plugins

    return load_plugins([DAILY_PLUGINS], strict=[DAILY_PLUGINS])


def daily_session(
    auto_take: bool = False, record: bool = True, auto_pass: bool = False
) -> GameSession:
    """Return the session of today's daily: the base game, recorded and kept as a daily.

    Raises PluginError, ContentError or RulesetError when the base game does not load.
    """
    from unbroken.core.game import Game
    from unbroken.session import GameSession

    plugins = base_plugins()
    daily = daily_for(today(), plugins.ruleset)
    game = Game.new(plugins.ruleset, daily.character, daily.difficulty, daily.seed)
    session = GameSession.played(game, plugins, auto_take=auto_take, auto_pass=auto_pass)
    session.daily = daily.day
    if record:
        session.record_new()
    session.show_start()
    return session
