"""The lines of a recording (its file format, FORMAT 1) and the names of its files.

The file format is JSON Lines, described in docs/replay-format.md. The game
writes it gzip-compressed (`.jsonl.gz`, one sync-flushed deflate block per
decision, so a killed process leaves a readable file); plain `.jsonl` is read
too. Every line is one of the typed lines below, decoded by msgspec.
"""

from __future__ import annotations

from typing import Any, Union

import msgspec

from unbroken.core.actions import Action
from unbroken.core.events import Event
from unbroken.core.state import Outcome
from unbroken.replay import bounds

#: The version of the file format this module writes and reads.
FORMAT = 1
#: A check line (state digest) follows every this many decisions.
CHECK_EVERY = 10
#: The timeline keeps a state snapshot every this many positions.
SNAPSHOT_EVERY = 10
#: The name ending of the recordings the game writes (gzip-compressed JSON Lines).
SUFFIX = ".jsonl.gz"
#: The name ending of an uncompressed recording (the goldens; a `gzip -d` copy).
PLAIN_SUFFIX = ".jsonl"
SUFFIXES = (SUFFIX, PLAIN_SUFFIX)
GZIP_MAGIC = bounds.GZIP_MAGIC
_GZIP_WBITS = bounds.GZIP_WBITS
OUTCOMES = ("won", "lost")


class Ticket(msgspec.Struct, frozen=True):
    """A board's ticket for a daily: the board signed that `player` asked for `day`'s at `issued`.

    `mac` is the board's HMAC-SHA256 of the other fields but `board` (the address
    the client asked, kept so the player can see where it came from);
    docs/leaderboard.md says what a ticket proves and what it does not.
    """

    board: str
    player: str
    day: str
    issued: str
    mac: str


class Header(msgspec.Struct, frozen=True, tag_field="kind", tag="header"):
    """Line 1: what the game was started with, and with which engine and content."""

    format: int
    engine: str
    seed: int
    character: str
    difficulty: str
    options: dict[str, Any]
    plugins: dict[str, str]
    ruleset: str
    created: str
    check_every: int = CHECK_EVERY
    #: The UTC day ("2026-11-24") of the daily challenge this game is; left out of
    #: the line (UNSET) for any other game, so other recordings are as before.
    daily: str | msgspec.UnsetType = msgspec.UNSET
    #: The installed package of each plugin but the base game ({"frostbite":
    #: "unbroken-frostbite"}), so a missing one can be named for `pip install`; left
    #: out (UNSET) when no plugin came from a package, so base games are as before.
    packages: dict[str, str] | msgspec.UnsetType = msgspec.UNSET
    #: The board's ticket of a daily played with a board set (`unbroken daily`); left out
    #: (UNSET) otherwise, so every other recording is as before.
    ticket: Ticket | msgspec.UnsetType = msgspec.UNSET


class Setup(msgspec.Struct, frozen=True, tag_field="kind", tag="setup"):
    """Line 2: the events Game.new produced before the first decision."""

    events: list[Event]


class Decision(msgspec.Struct, frozen=True, tag_field="kind", tag="decision"):
    """One decision: its number (from 1), the action taken and the events it produced."""

    n: int
    action: Action
    events: list[Event]


class Check(msgspec.Struct, frozen=True, tag_field="kind", tag="check"):
    """The sha256 of the game state after decision `n`."""

    n: int
    state: str


class SwitchedOff(msgspec.Struct, frozen=True, tag_field="kind", tag="switched_off"):
    """The player switched a plugin's effect handlers off (one kept failing): from
    decision `n` on, they do nothing (Game.switch_off). Written before decision `n`."""

    n: int
    plugin: str


class Footer(msgspec.Struct, frozen=True, tag_field="kind", tag="footer"):
    """The last line: how the game ended, and the digest of every line before this one."""

    decisions: int
    outcome: Outcome
    score: int
    state: str
    digest: str
    #: True when the player was shown the odds (`%`) during the game: the game was
    #: assisted. Left out of the line (UNSET) otherwise, so other recordings are as
    #: before; the footer is not in the log digest, so this is the player's word only.
    assisted: bool | msgspec.UnsetType = msgspec.UNSET


class RawDecision(msgspec.Struct, frozen=True, tag_field="kind", tag="decision"):
    """A decision line read for verifying: its events are left as the JSON text in the file.

    `replay` compares that text with the engine's events encoded the way the
    Recorder writes them, and decodes it only when the two differ.
    """

    n: int
    action: Action
    events: msgspec.Raw


Line = Union[Header, Setup, Decision, Check, SwitchedOff, Footer]
#: The lines as read with `raw_events`: decision events stay JSON text (still checked to be JSON).
RawLine = Union[Header, Setup, RawDecision, Check, SwitchedOff, Footer]
