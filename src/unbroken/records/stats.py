"""The records in figures: score over time, win rate by character and by difficulty, deaths.

Everything here is computed from the finished games alone (`GameRow`s, in any
order), so the Records screen's charts and `unbroken stats` show the same
figures. Ids stay ids; the callers print names (`killer_name`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from unbroken.records.rows import GameRow
from unbroken.records.store import DIFFICULTIES
from unbroken.words import outcomes

#: Version of the `unbroken stats --json` document; bumped when a field changes meaning.
STATS_SCHEMA_VERSION = 1

#: The killer of a starved game (`GameRow.killed_by`): hunger is no card.
HUNGER = "hunger"


@dataclass(frozen=True)
class Result:
    """One finished game as the score chart reads it."""

    id: int
    finished: str
    won: bool
    #: The base score (0 for a lost game, R-SCORE-1).
    score: int
    level: int


@dataclass(frozen=True)
class Tally:
    """Games played and won with one character, or on one difficulty."""

    key: str
    games: int
    wins: int

    @property
    def rate(self) -> float:
        """Return the share of games won, 0 to 1 (0 when none was played)."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Deaths:
    """The lost games one killer ended: a monster's or condition's card id, `hunger`,
    or the cause itself when the game names no killer."""

    killer: str
    deaths: int


@dataclass(frozen=True)
class Period:
    """A run of consecutive games: game 1 to game 30, say (by their ids in the records)."""

    #: The id of its first game, and of its last.
    first: int
    last: int
    games: int
    wins: int
    total: int
    best: int

    @property
    def average(self) -> float:
        """Return the average score of its games, a lost game counting 0."""
        return self.total / self.games if self.games else 0.0


@dataclass(frozen=True)
class Stats:
    """Every figure of the records."""

    #: Every game, oldest first.
    results: tuple[Result, ...]
    #: By character id, in id order.
    by_character: tuple[Tally, ...]
    #: Easy, Normal, Hard, then any other difficulty by id.
    by_difficulty: tuple[Tally, ...]
    #: Most deaths first (ties by killer).
    deaths: tuple[Deaths, ...]

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def wins(self) -> int:
        return sum(r.won for r in self.results)

    @property
    def rate(self) -> float:
        """Return the share of games won, 0 to 1 (0 with no game)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def best(self) -> int:
        """Return the best score of any game (0 with none won)."""
        return max((r.score for r in self.results), default=0)

    @property
    def average(self) -> float:
        """Return the average score per game, a lost game counting 0 (as `unbroken sim`'s)."""
        return sum(r.score for r in self.results) / self.games if self.games else 0.0

    def periods(self, count: int) -> list[Period]:
        """Return the games split into `count` runs of consecutive games, oldest first.

        The runs differ in length by one game at most; with fewer games than
        `count`, each game is a run of its own.
        """
        return periods(self.results, count)


def compute(rows: Iterable[GameRow]) -> Stats:
    """Return the figures of these finished games (in any order: they are sorted by id)."""
    games = sorted(rows, key=lambda row: row.id)
    results = tuple(Result(r.id, r.finished, r.won, r.score, r.level) for r in games)
    return Stats(
        results=results,
        by_character=_tallies(games, lambda r: r.character, lambda key: (0, key)),
        by_difficulty=_tallies(games, lambda r: r.difficulty, difficulty_order),
        deaths=tuple(
            Deaths(killer, count)
            for killer, count in sorted(
                Counter(killer_of(r) for r in games if not r.won).items(),
                key=lambda kv: (-kv[1], kv[0]),
            )
        ),
    )


def _tallies(
    games: Sequence[GameRow],
    key: Callable[[GameRow], str],
    order: Callable[[str], tuple[int, str]],
) -> tuple[Tally, ...]:
    played: Counter[str] = Counter(key(r) for r in games)
    won: Counter[str] = Counter(key(r) for r in games if r.won)
    return tuple(Tally(k, played[k], won[k]) for k in sorted(played, key=order))


def difficulty_order(difficulty: str) -> tuple[int, str]:
    """Return how a difficulty sorts: Easy, Normal, Hard, then others by id."""
    if difficulty in DIFFICULTIES:
        return DIFFICULTIES.index(difficulty), difficulty
    return len(DIFFICULTIES), difficulty


def killer_of(row: GameRow) -> str:
    """Return what ended a lost game: the card id of its killer, `hunger`, or its cause."""
    return row.killed_by or row.cause or "unknown"


def killer_name(killer: str, card_name: Callable[[str], str]) -> str:
    """Return a killer as a player reads it: the card's name, or "Starvation"."""
    if killer == HUNGER:
        return "Starvation"
    return outcomes.killer(killer, card_name) or killer


def periods(results: Sequence[Result], count: int) -> list[Period]:
    """Return `results` split into min(`count`, len) runs of consecutive games.

    Run i holds the games from position floor(i*n/k) to floor((i+1)*n/k),
    so the runs differ in length by one game at most.
    """
    if count < 1:
        raise ValueError(f"count must be at least 1, not {count}")
    n = len(results)
    k = min(count, n)
    runs: list[Period] = []
    for i in range(k):
        start, end = i * n // k, (i + 1) * n // k
        run = results[start:end]
        runs.append(
            Period(
                first=run[0].id,
                last=run[-1].id,
                games=len(run),
                wins=sum(r.won for r in run),
                total=sum(r.score for r in run),
                best=max(r.score for r in run),
            )
        )
    return runs


def to_document(
    stats: Stats,
    count: int,
    card_name: Callable[[str], str],
    difficulty_name: Callable[[str], str],
) -> dict[str, Any]:
    """Return the figures as the `unbroken stats --json` document.

    Ids as the records and `unbroken scores export` keep them, each beside its
    printed name; rates from 0 to 1, rounded to 4 places; `count` periods at most.
    """

    def tally(t: Tally, field: str, name: str) -> dict[str, Any]:
        return {
            field: t.key,
            "name": name,
            "games": t.games,
            "wins": t.wins,
            "win_rate": _r(t.rate),
        }

    return {
        "schema_version": STATS_SCHEMA_VERSION,
        "games": stats.games,
        "wins": stats.wins,
        "win_rate": _r(stats.rate),
        "best_score": stats.best,
        "average_score": _r(stats.average),
        "score_over_time": [
            {
                "first_game": p.first,
                "last_game": p.last,
                "games": p.games,
                "wins": p.wins,
                "average_score": _r(p.average),
                "best_score": p.best,
            }
            for p in stats.periods(count)
        ],
        "by_character": [tally(t, "character", card_name(t.key)) for t in stats.by_character],
        "by_difficulty": [
            tally(t, "difficulty", difficulty_name(t.key)) for t in stats.by_difficulty
        ],
        "deaths": [
            {"killer": d.killer, "name": killer_name(d.killer, card_name), "deaths": d.deaths}
            for d in stats.deaths
        ],
    }


def _r(value: float) -> float:
    return round(value, 4)
