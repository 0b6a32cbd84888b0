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

from typing import TYPE_CHECKING

from unbroken.play.challenge import DAILY_PLUGINS, SALT, Daily, daily_for, parse_day, today

if TYPE_CHECKING:
    from unbroken.play.session import GameSession
    from unbroken.plugins import Plugins


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

    The recording carries the board's ticket for the day when `unbroken daily`
    got one (unbroken.board.client.kept_ticket). Raises PluginError,
    ContentError or RulesetError when the base game does not load.
    """
    from unbroken.board.client import kept_ticket
    from unbroken.core.game import Game
    from unbroken.play.session import GameSession

    plugins = base_plugins()
    daily = daily_for(today(), plugins.ruleset)
    game = Game.new(plugins.ruleset, daily.character, daily.difficulty, daily.seed)
    session = GameSession.played(game, plugins, auto_take=auto_take, auto_pass=auto_pass)
    session.daily = daily.day
    session.ticket = kept_ticket(daily.day)
    if record:
        session.record_new()
    session.show_start()
    return session


__all__ = ["DAILY_PLUGINS", "SALT", "Daily", "base_plugins", "daily_for", "daily_session"]
__all__ += ["parse_day", "today"]
