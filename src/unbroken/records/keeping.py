"""Keeping a finished game: what it earns, the plugins' scores, its story, then the store.

The store (`records.store`) only writes rows; what goes in them is decided here:
the single-game achievements (the base game's and the plugins'), the cross-game
ones (from the history the store reads in the same transaction), the plugins'
alternative scores, and the end-of-game story written beside a replay.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from unbroken import plugins as plugin_host
from unbroken.core import achievements as ach
from unbroken.records.achievements import plugin_predicates
from unbroken.records.opening import open_records
from unbroken.records.rows import GameRow, PastGame
from unbroken.records.store import Award, Records
from unbroken.records.story import write_story

if TYPE_CHECKING:
    from unbroken.core.game import Game
    from unbroken.core.ruleset import Ruleset


class Extras(Protocol):
    """What the plugins add to a finished game's record: achievements and scoring rules
    (unbroken.plugins.Plugins is one)."""

    @property
    def achievements(self) -> Sequence[tuple[Any, Callable[..., Any]]]: ...

    def alternative_scores(
        self, events: list[Any], state: Any, ruleset: Any = None
    ) -> dict[str, int]: ...


def add_game(
    records: Records,
    game: Game,
    ruleset: Ruleset,
    replay_path: Path | str | None = None,
    started: str | datetime | None = None,
    plugins: Extras | None = None,
) -> GameRow:
    """Keep a finished game in `records`; return its row with the achievements it earned.

    `plugins` gives the plugins' achievements and scoring rules (a session passes
    its own); without it they are those `ruleset` was built with.

    `started` is when the game began: a datetime, or an ISO 8601 text such
    as a replay header's `created` ("2026-01-01T10:00:00Z"); it is stored
    in UTC like `finished`. Without it the game counts as started when it
    finished.

    `new_achievements` lists those earned for the first time on this
    difficulty, cross-game ones (from the history of earlier games)
    included. With a replay path, the end-of-game story is written beside
    it as a `.txt` file.
    """
    outcome = game.outcome
    if outcome is None:
        raise ValueError("only a finished game can be recorded")
    state = game.state
    events = list(game.events)
    finished = _now()
    if plugins is None:
        given = (
            plugin_host.plugins_for(ruleset) if len(ruleset.plugins) > 1 else None
        )  # base only: none
        single = ach.earned(events, ruleset, {**ach.PREDICATES, **plugin_predicates(given)})
        alternatives = plugin_host.alternative_scores(ruleset, events, state)
    else:
        single = ach.earned(events, ruleset, {**ach.PREDICATES, **plugin_predicates(plugins)})
        alternatives = plugins.alternative_scores(events, state, ruleset)
    replay = None if replay_path is None else str(replay_path)
    new = GameRow(
        id=0,
        started=finished if started is None else _utc_text(started),
        finished=finished,
        character=state.character,
        cls=state.cls,
        difficulty=state.difficulty,
        seed=state.seed,
        plugins=dict(sorted(ruleset.plugins.items())),
        won=outcome.won,
        level=outcome.level,
        step=str(outcome.step),  # a StepName: the row holds its text, as read back
        cause=outcome.cause,
        killed_by=outcome.source,
        score=outcome.score,
        rank=outcome.rank,
        alternative_scores=dict(sorted(alternatives.items())),
        replay=replay,
    )
    row = records.store_game(new, award=_award(single))
    if replay is not None:
        write_story(row, events, ruleset, Path(replay))
    return row


def _award(single: list[str]) -> Award:
    """Return what a game earns: its single-game achievements `single`, then the
    cross-game ones the history completes that were not earned before."""

    def award(history: list[PastGame], before: set[tuple[str, str]]) -> list[str]:
        past = [
            ach.GameRecord(won=g.won, cls=g.cls, difficulty=g.difficulty, order=g.id)
            for g in history
        ]
        cross = [a for a, d in ach.earned_across(past) if (a, d) not in before]
        return single + [a for a in cross if a not in single]

    return award


def keep_game(
    game: Game,
    ruleset: Ruleset,
    replay_path: Path | str | None = None,
    started: str | datetime | None = None,
    plugins: Extras | None = None,
) -> tuple[GameRow, int | None]:
    """Keep a finished game in the user's records; return its row and, for a win, the best
    won score before it for its class and difficulty (None: its first win, or a loss).
    Raises RecordsError.

    What a game session does when its game ends (unbroken.play.session).
    """
    with open_records() as records:
        row = add_game(records, game, ruleset, replay_path, started, plugins)
        before = records.best_won_score(row.cls, row.difficulty, before=row.id) if row.won else None
    return row, before


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _utc_text(when: str | datetime) -> str:
    """Return `when` as the records write times: ISO 8601 in UTC, to the second.

    A text that is not ISO 8601 is kept as it is; one without a zone is taken as UTC.
    """
    if isinstance(when, str):
        try:
            moment = datetime.fromisoformat(when)
        except ValueError:
            return when
    else:
        moment = when
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="seconds")
