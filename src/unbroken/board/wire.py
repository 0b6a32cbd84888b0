"""The JSON the board's API speaks: msgspec structs, and RFC 9457 problem details.

Submitting is a POST of the recording's bytes (as the game wrote them) to
/api/submissions with the player's name in `Unbroken-Player` and the key in
`Authorization: Bearer KEY`; the answer is a `Submitted`, or a `Problem`.
"""

from __future__ import annotations

import msgspec

#: The media type of a problem detail (RFC 9457).
PROBLEM_TYPE = "application/problem+json"
#: Where the problem types are described (a relative URI of the board).
PROBLEM_BASE = "/problems/"


class Problem(msgspec.Struct, omit_defaults=True):
    """An RFC 9457 problem detail: what went wrong, in words, with a type to test on."""

    type: str
    title: str
    status: int
    detail: str = ""
    instance: str = ""


class Entry(msgspec.Struct, kw_only=True, frozen=True):
    """A ranked game: who, what, the score and where its recording is.

    The one type of an entry: the store reads it (its addresses empty), the pages
    draw it, and the API sends it with its addresses filled in (`BoardApi.entry`).
    """

    id: int
    player: str
    character: str
    difficulty: str
    daily: str | None
    won: bool
    score: int
    level: int
    decisions: int
    submitted: str
    #: Where its recording is downloaded ("" until the API gives it).
    recording: str = ""
    #: Its line on its player's page ("" until the API gives it).
    page: str = ""
    #: The place on its board (the day's, for a daily); 0: free play, listed unranked.
    rank: int = 0
    #: A daily sent with this board's ticket naming its player (docs/leaderboard.md).
    ticketed: bool = False
    #: The recording says the player was shown the odds (the player's word only).
    assisted: bool = False
    seed: str = ""
    #: The entry's own page, where its game can be watched ("" until the API gives it).
    watch: str = ""
    #: The monster's health at the end (unbroken.board.ranking.health_left): a tie-break.
    health_left: int = 0


class Board(msgspec.Struct):
    """A ranked list: its title and one page of the entries, best first (or as sorted)."""

    title: str
    entries: list[Entry]
    page: int = 1
    pages: int = 1
    total: int = 0
    #: How the board ranks, in words.
    rule: str = ""
    #: Free play (a seed the player chose) under an all-time board: listed, not ranked.
    unranked: list[Entry] = []


class PlayerPage(msgspec.Struct):
    """A player's entries, newest first."""

    player: str
    entries: list[Entry]


class Submitted(msgspec.Struct):
    """The answer to a submission: the entry, its rank on its board, and what happened."""

    entry: Entry
    board: str
    rank: int
    duplicate: bool
    message: str
    #: A short text for a chat: the day, character, level reached, score and rank.
    share: str = ""


class DailyInfo(msgspec.Struct):
    """A day's challenge as the board computes it (unbroken.play.daily_game)."""

    day: str
    seed: int
    character: str
    difficulty: str
    plugins: dict[str, str]


encoder = msgspec.json.Encoder()
submitted_decoder = msgspec.json.Decoder(Submitted)
problem_decoder = msgspec.json.Decoder(Problem)
