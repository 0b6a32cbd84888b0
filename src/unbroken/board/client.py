"""The board's client: sending a recording, asking for a daily ticket, fetching a recording.

Standard library only (urllib), so `unbroken submit` and `unbroken replay URL`
work without the server's extra.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from dataclasses import dataclass

import msgspec

from unbroken.board import wire
from unbroken.board.player import Player
from unbroken.replay.format import Ticket

#: Seconds to wait for the board (verifying a game takes it well under a second).
TIMEOUT = 30
#: The most bytes of a recording fetched from a URL (the reader's own limit).
MAX_FETCH = 16 * 1024 * 1024
#: Seconds to wait for a ticket before a daily starts (without one it is played unticketed).
TICKET_TIMEOUT = 5
_ticket_decoder = msgspec.json.Decoder(Ticket)


class BoardError(Exception):
    """The board could not be reached, or answered something that is not the API: why."""


@dataclass
class Answer:
    """The board's answer to a submission: ranked (rank, the entry's page) or refused (why)."""

    accepted: bool
    message: str
    rank: int = 0
    url: str = ""
    status: int = 0
    #: The share line of a ranked game (a short text for a chat).
    share: str = ""


def _post(server: str, path: str, player: Player, data: bytes, timeout: float) -> tuple[bytes, int]:
    """POST `data` as `player` with their key for `server` (never another board's key)."""
    base = server.rstrip("/")
    if not player.has_key(server):
        raise BoardError(f"no key for the board at {base} yet")  # the callers make and save it
    request = urllib.request.Request(
        f"{base}{path}",
        data=data,
        method="POST",
        headers={
            "Unbroken-Player": player.name,
            "Authorization": f"Bearer {player.key_for(server)}",
            "Content-Type": "application/octet-stream",
            "Accept": "application/json",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.read(1024 * 1024), response.status
    except urllib.error.HTTPError as exc:
        return exc.read(1024 * 1024), exc.code
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise BoardError(f"cannot reach the board at {base}: {reason}") from None


def submit(server: str, player: Player, data: bytes) -> Answer:
    """Send the recording `data` to the board at `server` as `player`; return its answer."""
    base = server.rstrip("/")
    body, status = _post(server, "/api/submissions", player, data, TIMEOUT)
    if status in (200, 201):
        try:
            done = wire.submitted_decoder.decode(body)
        except msgspec.DecodeError:
            raise BoardError(f"{base} answered, but not as an Unbroken board does") from None
        url = f"{base}{done.entry.page}"
        return Answer(True, done.message, done.rank, url, status, done.share)
    try:
        refused = wire.problem_decoder.decode(body)
    except msgspec.DecodeError:
        raise BoardError(f"{base} answered HTTP {status}, not as an Unbroken board does") from None
    return Answer(False, refused.detail or refused.title, status=status)


def fetch_ticket(server: str, player: Player) -> Ticket:
    """Return today's daily ticket from the board at `server` for `player`; raise BoardError."""
    base = server.rstrip("/")
    body, status = _post(server, "/api/tickets", player, b"", TICKET_TIMEOUT)
    if status == 200:
        try:
            return _ticket_decoder.decode(body)
        except msgspec.DecodeError:
            raise BoardError(f"{base} answered, but not as an Unbroken board does") from None
    try:
        refused = wire.problem_decoder.decode(body)
    except msgspec.DecodeError:
        raise BoardError(f"{base} answered HTTP {status}, not as an Unbroken board does") from None
    raise BoardError(f"{base} gives no ticket: {refused.detail or refused.title}")


def fetch(url: str, most: int = MAX_FETCH) -> bytes:
    """Return the bytes at an http(s) URL (at most `most`), or raise BoardError saying why."""
    if not url.startswith(("http://", "https://")):
        raise BoardError(f"{url}: only http:// and https:// addresses can be fetched")
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
            data: bytes = response.read(most + 1)
    except urllib.error.HTTPError as exc:
        raise BoardError(f"{url}: the server answered HTTP {exc.code} ({exc.reason})") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        raise BoardError(f"cannot fetch {url}: {reason}") from None
    if len(data) > most:
        raise BoardError(f"{url}: larger than {most} bytes, not a recording")
    return data
