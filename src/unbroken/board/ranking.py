"""How the board ranks games: the order in SQL and in words, written once for every board.

Dailies rank by score; of equal scores, the game that went further first (the
higher level reached, then the less health left to the monster it ended
against, then fewer decisions), then the one sent first. The same ORDER BY is
used on SQLite and PostgreSQL (no NULLs in it, whose order the two differ on),
and the pages print `RULE`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

from unbroken.core.state import GameState

#: The health counted for a game that ended outside a battle (no monster in play):
#: more than any monster has, so it ranks behind every game that reached its monster.
NOT_IN_BATTLE = 1000

#: The board order, best first (the `entries` columns).
ORDER = "score DESC, level DESC, health_left ASC, decisions ASC, submitted ASC, id ASC"

#: The ranking rule as the pages say it.
RULE = (
    "Ranked by score. Equal scores go to the game that went further: the higher level "
    "reached, then the less health left to the monster it ended against, then fewer "
    "decisions; then to the one sent first."
)

#: What the all-time boards are, in words.
ALL_TIME_RULE = (
    "Each player's best daily on this character and difficulty, ranked as the dailies are. "
    "Free play (a seed the player chose) is listed below, unranked."
)

#: What the assisted mark means, in words.
ASSISTED_NOTE = (
    "Assisted: the player was shown the odds (%) during the game, as the recording says. "
    "The board cannot prove a game was unassisted: the mark is the player's own word."
)


#: The steps after a level's fight (its monster beaten or tricked): the monster is behind.
AFTER_THE_FIGHT = frozenset({"rewards", "hunger"})


def health_left(state: GameState) -> int:
    """Return the monster's health at the end of a game: 0 for a win or a game that ended
    after its level's fight, NOT_IN_BATTLE when no monster was in play."""
    outcome = state.outcome
    if outcome is not None and (outcome.won or outcome.step in AFTER_THE_FIGHT):
        return 0
    return state.monster.health if state.monster is not None else NOT_IN_BATTLE


class Sort(StrEnum):
    """A column a board can be sorted by (the `sort` query parameter)."""

    RANK = "rank"
    PLAYER = "player"
    SCORE = "score"
    LEVEL = "level"
    DECISIONS = "decisions"
    SUBMITTED = "submitted"


#: The ORDER BY of each sort, over the ranked rows (`place` is the rank); rank breaks ties.
SORT_ORDER = {
    Sort.RANK: "place ASC",
    Sort.PLAYER: "player ASC, place ASC",
    Sort.SCORE: "score DESC, place ASC",
    Sort.LEVEL: "level DESC, place ASC",
    Sort.DECISIONS: "decisions ASC, place ASC",
    Sort.SUBMITTED: "submitted DESC, place ASC",
}
assert set(SORT_ORDER) == set(Sort), "every sort has its ORDER BY"


def parse_sort(text: str | None) -> Sort:
    """Return the sort named by `text` (rank when missing or unknown)."""
    try:
        return Sort(text or "rank")
    except ValueError:
        return Sort.RANK


def best_first(row: _Ranked) -> tuple[int, int, int, int, str, int]:
    """Return the sort key putting entries in ORDER (for lists already read)."""
    return (-row.score, -row.level, row.health_left, row.decisions, row.submitted, row.id)


class _Ranked(Protocol):
    @property
    def score(self) -> int: ...
    @property
    def level(self) -> int: ...
    @property
    def health_left(self) -> int: ...
    @property
    def decisions(self) -> int: ...
    @property
    def submitted(self) -> str: ...
    @property
    def id(self) -> int: ...
