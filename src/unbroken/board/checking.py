"""What the server checks about an uploaded recording before ranking it.

An upload is untrusted bytes: it is read within the reader's limits
(replay/bounds.py), never as a file, and re-run by the engine with the
server's rules. It is refused, with a reason, when it is damaged, tampered
with (any event, digest or the footer differs), unfinished, recorded with
other plugins, content or engine, or a daily of another day or with another
seed, character or difficulty than the day's, or with another player's ticket.

A game is identified by its play (`play_digest`): what decides it (the rules'
digest, the plugins, seed, character, difficulty and options) and every
decision taken. The file's bytes, its `created` time, its ticket and its daily
mark do not count, so a copy with an edited header is the same game.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

import msgspec

from unbroken import __version__
from unbroken.board.ranking import health_left
from unbroken.board.tickets import ticket_problem
from unbroken.core.actions import Action
from unbroken.core.ruleset import Ruleset
from unbroken.play.daily_game import daily_for, parse_day
from unbroken.replay import bounds
from unbroken.replay.errors import ContentMismatch, ReplayError
from unbroken.replay.format import Header, Ticket
from unbroken.replay.reader import parse_recording
from unbroken.replay.verify import replay

#: The most text an upload may inflate to: a whole game is under 100 KB (the reader's own
#: limit, for files on a player's disk, is 16 MiB).
MAX_TEXT = 2 * 1024 * 1024


class Refused(Exception):
    """An upload the board does not rank: a short code, the reason in words and the status."""

    def __init__(self, code: str, reason: str, status: int = 422) -> None:
        self.code = code
        self.reason = reason
        self.status = status
        super().__init__(reason)


@dataclass(frozen=True)
class Checked:
    """A recording the engine re-ran exactly: what the board keeps of it."""

    digest: str
    #: The play's digest (`play_digest`): the same game in any file has the same one.
    play: str
    character: str
    cls: str
    difficulty: str
    seed: int
    daily: str | None
    won: bool
    score: int
    level: int
    decisions: int
    engine: str
    created: str
    recording: bytes
    #: How far the last battle went: the monster's health left (unbroken.board.ranking).
    health_left: int = 0
    #: The footer says the player was shown the odds (the player's word only).
    assisted: bool = False
    #: Whether the daily carries a ticket of this board naming its player and day.
    ticketed: bool = False


#: What the play digest is computed over, before the fields (a change re-identifies every game).
PLAY_CONTEXT = b"unbroken-play/1\n"
_canonical = msgspec.json.Encoder(order="sorted")


def play_digest(header: Header, actions: Iterable[Action]) -> str:
    """Return the sha256 (hex) of what decides a game: its rules, start and every decision."""
    digest = hashlib.sha256(PLAY_CONTEXT)
    start = [
        header.ruleset,
        header.plugins,
        header.seed,
        header.character,
        header.difficulty,
        header.options,
    ]
    digest.update(_canonical.encode(start) + b"\n")
    for action in actions:
        digest.update(_canonical.encode(action) + b"\n")
    return digest.hexdigest()


def play_of(data: bytes) -> str | None:
    """Return the play digest of a stored recording's bytes, or None when it cannot be read."""
    try:
        rec = parse_recording(bounds.inflate(data, MAX_TEXT), None, raw_events=True)
    except (bounds.Breach, ReplayError):
        return None
    return play_digest(rec.header, (line.action for line in rec.raw or ()))


def check_upload(
    data: bytes,
    ruleset: Ruleset,
    now: datetime,
    grace: timedelta = timedelta(hours=1),
    player: str = "",
    secret: bytes = b"",
) -> Checked:
    """Return what the board keeps of the recording `data`, or raise Refused saying why.

    A daily is accepted on its day (UTC) and for `grace` after it ends, so a
    game begun before midnight can still be sent. A daily's ticket must be
    this board's (signed with `secret`) for `player` and the day; a daily
    without one is kept, marked unticketed.
    """
    try:
        text = bounds.inflate(data, MAX_TEXT)
    except bounds.Breach as exc:
        where = f"line {exc.line}: " if exc.line is not None else ""
        raise Refused("unreadable", f"not a readable recording: {where}{exc.message}") from None
    try:
        rec = parse_recording(text, None, raw_events=True)
    except ReplayError as exc:
        raise Refused("unreadable", f"not a readable recording: {_where(exc)}") from None
    h = rec.header
    if h.engine != __version__:
        raise Refused(
            "wrong-engine",
            f"recorded by Unbroken {h.engine}; this board verifies games of {__version__} only",
        )
    if rec.footer is None:
        raise Refused("unfinished", "the game is unfinished (no footer): only finished games rank")
    if "\x00" in h.created:
        raise Refused(
            "bad-request",
            "line 1: the header's `created` holds a NUL character (U+0000): not a time",
            400,
        )
    daily = h.daily if isinstance(h.daily, str) else None
    ticketed = False
    if daily is not None:
        _check_daily(daily, h.seed, h.character, h.difficulty, ruleset, now, grace)
        if isinstance(h.ticket, Ticket):
            why = ticket_problem(h.ticket, secret, player, daily)
            if why:  # this board's ticket, in another player's game or day: a copy
                raise Refused("bad-ticket", f"line 1: {why}")
            ticketed = why == ""  # None: another board's (or a forged) ticket counts for none
    try:
        game = replay(rec, ruleset)
    except ContentMismatch as exc:
        raise Refused("wrong-ruleset", f"not this board's rules: {exc.message}") from None
    except ReplayError as exc:
        raise Refused("tampered", f"the engine does not re-play it: {_where(exc)}") from None
    outcome = game.outcome
    assert outcome is not None, "replay() checks the footer comes after the game is over"
    return Checked(
        digest=rec.footer.digest,  # the log digest `replay` checked: the game's lines
        play=play_digest(h, (line.action for line in rec.raw or ())),
        character=h.character,
        cls=ruleset.characters[h.character].cls,
        difficulty=h.difficulty,
        seed=h.seed,
        daily=daily,
        won=outcome.won,
        score=outcome.score,
        level=outcome.level,
        decisions=len(rec.raw or ()),
        engine=h.engine,
        created=h.created,
        recording=data,
        ticketed=ticketed,
        health_left=health_left(game.state),
        assisted=rec.footer.assisted is True,
    )


def _where(exc: ReplayError) -> str:
    return f"line {exc.line}: {exc.message}" if exc.line is not None else exc.message


def _check_daily(
    day_text: str,
    seed: int,
    character: str,
    difficulty: str,
    ruleset: Ruleset,
    now: datetime,
    grace: timedelta,
) -> None:
    try:
        day = parse_day(day_text)
    except ValueError as exc:
        raise Refused("wrong-day", f"the daily's day is not a date: {exc}") from None
    today = now.date()
    late = (now - grace).date()
    if day not in (today, late):
        raise Refused(
            "wrong-day",
            f"a daily of {day.isoformat()}; this board takes today's ({today.isoformat()} UTC)",
        )
    want = daily_for(day, ruleset)
    got = (seed, character, difficulty)
    if got != (want.seed, want.character, want.difficulty):
        raise Refused(
            "not-the-daily",
            f"marked as the daily of {day.isoformat()} but played with seed {seed}, "
            f"{character}, {difficulty}; that day's daily is seed {want.seed}, "
            f"{want.character}, {want.difficulty}",
        )
