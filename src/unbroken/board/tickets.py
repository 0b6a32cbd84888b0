"""Daily tickets: the board's signature that a player asked for a day's daily before sending it.

    ticket = issue(secret, "http://board.example", "alice", "2026-11-24", now)
    problem = ticket_problem(ticket, secret, "alice", "2026-11-24")   # "": it holds

A ticket is HMAC-SHA256 over the player, the day and the time it was issued,
with the board's own secret (made once per board database, so every instance
on one PostgreSQL signs alike). `unbroken daily` asks for one when a board is
set and writes it into the recording's header; the board checks it on submit.
docs/leaderboard.md says what it proves and what it cannot.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import datetime

from unbroken.replay.format import Ticket

#: What the MAC is computed over, before the fields (a change makes every ticket invalid).
CONTEXT = b"unbroken-daily-ticket/1"


def ticket_mac(secret: bytes, player: str, day: str, issued: str) -> str:
    """Return the board's MAC (hex) of a ticket's fields."""
    message = b"\n".join([CONTEXT, player.encode(), day.encode(), issued.encode()])
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def issue(secret: bytes, board: str, player: str, day: str, now: datetime) -> Ticket:
    """Return a ticket naming `player` and `day`, issued `now` by the board at `board`."""
    issued = now.strftime("%Y-%m-%dT%H:%M:%SZ")
    return Ticket(board, player, day, issued, ticket_mac(secret, player, day, issued))


def ticket_problem(ticket: Ticket, secret: bytes, player: str, day: str) -> str | None:
    """Return why this board's `ticket` does not hold for `player`'s daily of `day` ("" when
    it does; None when this board did not sign it: another board's, or changed by hand)."""
    want = ticket_mac(secret, ticket.player, ticket.day, ticket.issued)
    if not hmac.compare_digest(want, ticket.mac):
        return None
    if ticket.player != player:
        return f"its ticket names the player {ticket.player!r}, but {player!r} sent it"
    if ticket.day != day:
        return f"its ticket is for the daily of {ticket.day}, the game is the daily of {day}"
    return ""
