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

import msgspec

from unbroken import plugins
from unbroken.core.game import Game
from unbroken.home.paths import data_dir
from unbroken.play.challenge import DAILY_PLUGINS, SALT, Daily, daily_for, parse_day, today
from unbroken.play.session import GameSession
from unbroken.replay.format import Ticket

if TYPE_CHECKING:
    from unbroken.play.session import GameSession
    from unbroken.plugins import Plugins


#: The file in the data dir keeping the last daily ticket (so every way into the daily uses it).
TICKET_FILE = "board-ticket.json"
_ticket_decoder = msgspec.json.Decoder(Ticket)


def keep_ticket(ticket: Ticket) -> None:
    """Keep the board's `ticket` in the data dir for the day's games (a disk that refuses:
    not kept)."""

    try:
        (data_dir() / TICKET_FILE).write_bytes(msgspec.json.encode(ticket))
    except OSError:
        pass


def kept_ticket(day: str) -> Ticket | None:
    """Return the board's ticket kept for `day`'s daily, or None."""

    try:
        ticket = _ticket_decoder.decode((data_dir() / TICKET_FILE).read_bytes())
    except (OSError, msgspec.DecodeError):
        return None
    return ticket if ticket.day == day else None


def base_plugins() -> Plugins:
    """Return the base game alone (no plugins): the rules a daily is played with.

    Raises PluginError or ContentError when the base content does not load.
    """
    return plugins.load_plugins([DAILY_PLUGINS], strict=[DAILY_PLUGINS])


def daily_session(
    auto_take: bool = False, record: bool = True, auto_pass: bool = False
) -> GameSession:
    """Return the session of today's daily: the base game, recorded and kept as a daily.

    The recording carries the board's ticket for the day when `unbroken daily`
    got one (`kept_ticket`). Raises PluginError,
    ContentError or RulesetError when the base game does not load.
    """

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
__all__ += ["keep_ticket", "kept_ticket", "parse_day", "today"]
