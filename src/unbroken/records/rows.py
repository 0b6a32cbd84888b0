"""The rows of the records: a finished game, a best score, and how a row is read."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class GameRow:
    """One finished game as the records keep it (`id` 0: not stored yet)."""

    id: int
    started: str
    finished: str
    character: str
    cls: str
    difficulty: str
    seed: int
    plugins: dict[str, str]
    won: bool
    level: int
    step: str
    cause: str
    killed_by: str
    score: int
    rank: str
    alternative_scores: dict[str, int]
    replay: str | None
    #: Every achievement this game earned (cross-game ones it completed included).
    achievements: list[str] = field(default_factory=list)
    #: The ones earned for the first time on this difficulty by this game.
    new_achievements: list[str] = field(default_factory=list)
    #: The end-of-game summary written beside the replay (None if none was written).
    story_path: str | None = None
    #: Why the summary could not be written ("" when it was, or was not asked for).
    story_error: str = ""

    @property
    def outcome(self) -> str:
        """Return "won" or "lost"."""
        return "won" if self.won else "lost"


@dataclass(frozen=True)
class BestScore:
    """The best won game of one class on one difficulty."""

    cls: str
    difficulty: str
    score: int
    rank: str
    game_id: int
    character: str
    games: int
    wins: int


@dataclass(frozen=True)
class PastGame:
    """A game kept on one difficulty, as cross-game achievements read the history."""

    id: int
    cls: str
    difficulty: str
    won: bool


class BadColumn(ValueError):
    """A stored column holds what no game could have; the message names the column."""


def whole(column: str, value: object) -> int:
    """Return a stored whole number (an INTEGER, or TEXT of ASCII digits); raise BadColumn."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    digits = value.removeprefix("-") if isinstance(value, str) else ""
    if digits.isascii() and digits.isdigit():
        return int(str(value))
    raise BadColumn(f"`{column}` holds {value!r:.40}, not a whole number")


def _table(column: str, value: object, kind: type) -> dict[str, Any]:
    """Return a stored JSON object whose values are all of `kind`; raise BadColumn."""
    try:
        table = json.loads(str(value))
    except ValueError:
        table = None
    if not isinstance(table, dict) or not all(
        isinstance(v, kind) and not isinstance(v, bool) for v in table.values()
    ):
        what = "names and versions" if kind is str else "names and whole numbers"
        raise BadColumn(f"`{column}` holds {str(value)!r:.40}, not a JSON object of {what}")
    return table


def decode_row(
    values: Sequence[object],
) -> tuple[
    str,
    str,
    str,
    str,
    str,
    int,
    dict[str, str],
    bool,
    int,
    str,
    str,
    str,
    int,
    str,
    dict[str, int],
    str | None,
]:
    """Turn the stored columns after `id` into GameRow's fields.

    Raises BadColumn naming the first column that holds what no game could have
    (a score of 1.5 or 'abc', a level that is no whole number, plugins or
    alternative scores that are no JSON object of the right values)."""
    (
        started,
        finished,
        character,
        cls,
        difficulty,
        seed,
        plugins,
        outcome,
        level,
        step,
        cause,
        killed_by,
        score,
        rank,
        alternatives,
        replay,
    ) = values
    return (
        str(started),
        str(finished),
        str(character),
        str(cls),
        str(difficulty),
        whole("seed", seed),
        _table("plugins", plugins, str),
        outcome == "won",
        whole("level", level),
        str(step),
        str(cause),
        str(killed_by),
        whole("score", score),
        str(rank),
        _table("alternative_scores", alternatives, int),
        None if replay is None else str(replay),
    )


def alternatives_text(scores: dict[str, int], names: dict[str, str] | None = None) -> str:
    """Return plugins' scores as `Five for a win 5, unearthed:unstoppable 31`.

    `names` gives the display name of a scoring rule id (unbroken.plugins.display_names);
    an id without one is shown as it is.
    """
    names = names or {}
    return ", ".join(f"{names.get(name, name)} {points}" for name, points in sorted(scores.items()))
