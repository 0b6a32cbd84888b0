"""The batch runner behind `unbroken sim` and `balance`: games played by a bot, summed up."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from unbroken.bots import workers
from unbroken.bots.registry import BOTS, Bot
from unbroken.bots.registry import all_bots as all_bots
from unbroken.core import rng
from unbroken.core.events import MonsterRevealed
from unbroken.core.game import Game
from unbroken.core.handlers import HandlerError
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.play.observers import Observers
from unbroken.play.session import GameSession, Keeper
from unbroken.plugins import plugins_for, report
from unbroken.replay import Recorder

if TYPE_CHECKING:
    from unbroken.plugins import Plugins

#: A game that has not ended after this many decisions is a bug (a stalled battle).
MAX_DECISIONS = 5000


def warn(notice: str) -> None:
    """Say on stderr, as one `unbroken: warning:` line, what a plugin's observer did."""

    report(notice)


class InvariantViolation(AssertionError):
    """The engine broke one of its own invariants during a simulated game."""


class GameFailed(HandlerError):
    """A plugin's effect handler raised in a simulated game; the message says which game.

    `number` counts the batch's games from 1: the same batch cut to `number`
    games (`unbroken sim --games <number>`, same seed and options) plays the same
    games and ends on this one. `seed` is the game's own seed (`Game.new`).
    """

    def __init__(self, cause: str, number: int, seed: int, character: str, difficulty: str) -> None:
        super().__init__(f"{cause} in game {number} (game seed {seed}, {character}, {difficulty})")
        #: The handler's error, as HandlerError words it.
        self.cause = cause
        self.number = number
        self.seed = seed
        self.character = character
        self.difficulty = difficulty

    def __reduce__(self) -> tuple[type[GameFailed], tuple[str, int, int, str, str]]:
        # Back from a worker process whole: pickle calls the class with these.
        return type(self), (self.cause, self.number, self.seed, self.character, self.difficulty)


def check_invariants(game: Game) -> None:
    """Raise InvariantViolation if a resource or monster tracker is out of range."""
    s = game.state
    caps = game.ruleset.settings.caps
    for k, v in s.res.items():
        if v < 0 or v > caps.get(k, v):
            raise InvariantViolation(
                f"seed {s.seed}: {k} = {v} outside 0..{caps.get(k)} after decision {s.decisions}"
            )
    mo = s.monster
    if mo is not None and not (0 <= mo.health <= mo.max_health and 0 <= mo.armor <= mo.max_armor):
        raise InvariantViolation(f"seed {s.seed}: monster trackers out of range: {mo}")


def play(
    game: Game,
    bot: Bot,
    check: bool = True,
    observers: Observers | None = None,
    session: GameSession | None = None,
) -> int:
    """Play a game to its end with a bot; return the number of decisions made.

    Through `session` when given (it records, observes and keeps the game);
    otherwise `observers` (when any) see every event. Without either, nothing
    is paid for them.
    """
    n = 0
    watching = observers is not None and bool(observers)
    while not game.is_over:
        if n >= MAX_DECISIONS:
            raise InvariantViolation(
                f"seed {game.state.seed}: no end after {MAX_DECISIONS} decisions"
            )
        if session is not None:
            session.apply(bot(game, n))
        elif watching:
            assert observers is not None
            before = observers.before(game)
            observers.watch(before, game.apply(bot(game, n)))
        else:
            game.apply(bot(game, n))
        n += 1
        if check:
            check_invariants(game)
    return n


@dataclass
class Result:
    """One simulated game's summary."""

    seed: int
    character: str
    cls: str
    difficulty: str
    won: bool
    level: int
    cause: str
    score: int
    decisions: int
    #: The monster in play when the game ended ("" if none was revealed).
    monster: str = ""
    #: The monsters met (revealed), in order.
    met: list[str] = field(default_factory=list)


@dataclass
class Summary:
    """What a batch of simulated games adds up to.

    Tables map a key to [games, wins, total score]; `monsters` maps a monster
    to [games that met it, deaths to it] and `monster_causes` counts deaths
    by "<monster> / <cause>".
    """

    games: int = 0
    wins: int = 0
    decisions: int = 0
    seconds: float = 0.0
    digest: str = ""
    score: int = 0
    by_class: dict[str, list[int]] = field(default_factory=dict)
    by_difficulty: dict[str, list[int]] = field(default_factory=dict)
    by_class_difficulty: dict[str, list[int]] = field(default_factory=dict)
    deaths: dict[str, int] = field(default_factory=dict)
    monsters: dict[str, list[int]] = field(default_factory=dict)
    monster_causes: dict[str, int] = field(default_factory=dict)
    deaths_by_level: dict[int, int] = field(default_factory=dict)
    #: By "<character>/<difficulty>", as `by_class_difficulty` is by class.
    by_character_difficulty: dict[str, list[int]] = field(default_factory=dict)

    def add(self, result: Result) -> None:
        """Count one game's result."""
        self.games += 1
        self.wins += result.won
        self.decisions += result.decisions
        self.score += result.score
        for table, key in (
            (self.by_class, result.cls),
            (self.by_difficulty, result.difficulty),
            (self.by_class_difficulty, f"{result.cls}/{result.difficulty}"),
            (self.by_character_difficulty, f"{result.character}/{result.difficulty}"),
        ):
            row = table.setdefault(key, [0, 0, 0])
            row[0] += 1
            row[1] += result.won
            row[2] += result.score
        for monster in dict.fromkeys(result.met):
            self.monsters.setdefault(monster, [0, 0])[0] += 1
        if not result.won:
            self.deaths[result.cause] = self.deaths.get(result.cause, 0) + 1
            self.deaths_by_level[result.level] = self.deaths_by_level.get(result.level, 0) + 1
            if result.monster:
                self.monsters.setdefault(result.monster, [0, 0])[1] += 1
                key = f"{result.monster} / {result.cause}"
                self.monster_causes[key] = self.monster_causes.get(key, 0) + 1

    def as_json(self, seed: int, bot: str) -> dict[str, object]:
        def rows(table: dict[str, list[int]]) -> dict[str, dict[str, float]]:
            return {
                k: {
                    "games": v[0],
                    "wins": v[1],
                    "win_rate": round(v[1] / v[0], 4) if v[0] else 0.0,
                    "average_score": round(v[2] / v[0], 2) if v[0] else 0.0,
                }
                for k, v in sorted(table.items())
            }

        return {
            "games": self.games,
            "wins": self.wins,
            "losses": self.games - self.wins,
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "average_score": round(self.score / self.games, 2) if self.games else 0.0,
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else 0.0,
            "decisions_per_second": round(self.decisions / self.seconds, 1)
            if self.seconds
            else 0.0,
            "seed": seed,
            "bot": bot,
            "digest": self.digest,
            "by_class": rows(self.by_class),
            "by_difficulty": rows(self.by_difficulty),
            "by_class_difficulty": rows(self.by_class_difficulty),
            "deaths": dict(sorted(self.deaths.items())),
            "deaths_by_level": {str(k): v for k, v in sorted(self.deaths_by_level.items())},
            "by_monster": {
                k: {"met": v[0], "deaths": v[1]} for k, v in sorted(self.monsters.items())
            },
            "deaths_by_monster_and_cause": dict(sorted(self.monster_causes.items())),
            "by_character_difficulty": rows(self.by_character_difficulty),
        }


def schedule(
    ruleset: Ruleset,
    games: int,
    seed: int,
    characters: Sequence[str] | None = None,
    difficulties: Sequence[str] | None = None,
) -> Iterator[tuple[int, str, str]]:
    """Yield (game seed, character, difficulty) for each game, round-robin over the mix."""
    chars = list(characters or sorted(ruleset.characters))
    diffs = list(difficulties or [d.id for d in ruleset.settings.difficulties])
    combos = [(c, d) for d in diffs for c in chars]
    for i in range(games):
        game_seed = rng.draw(seed, "sim", i + 1) >> 1
        character, difficulty = combos[i % len(combos)]
        yield game_seed, character, difficulty


def play_one(
    ruleset: Ruleset,
    policy: Bot,
    game_seed: int,
    character: str,
    difficulty: str,
    plugins: Plugins | None = None,
    keep: Keeper | None = None,
) -> tuple[Game, Result, bytes]:
    """Play one scheduled game; return it, its result and the SHA-256 of its event log.

    `policy` is the bot that plays it (`random_bot`, `heuristic_bot`, your own).
    The result has the game's `seed`, `character`, `cls`, `difficulty`, `won`,
    `level`, `cause` (of death), `score`, `decisions`, `monster` (in play at the
    end) and `met` (the monsters revealed). The observers of `plugins` watch it;
    with `keep` (what keeps a finished game: `unbroken.play.session.records_keeper`),
    it is played through a GameSession that keeps it in the records
    (`unbroken sim --record`).
    """
    game = Game.new(ruleset, character=character, difficulty=difficulty, seed=game_seed)
    observers = Observers.of(plugins)
    if keep is not None:
        session = GameSession(game, observers=observers, keeper=keep)
        session.show_start()
        n = play(game, policy, session=session)
        observers.notices.extend(session.take_notices())
    else:
        observers.watch(GameState() if observers else None, game.events)
        n = play(game, policy, observers=observers)
    for notice in observers.notices:
        warn(notice)
    log_digest = hashlib.sha256(_ENCODER.encode(game.events)).digest()
    outcome = game.outcome
    assert outcome is not None
    met = [e.monster for e in game.events if isinstance(e, MonsterRevealed)]
    monster = game.state.monster.id if game.state.monster is not None else ""
    if not monster and outcome.source in ruleset.monsters:
        monster = outcome.source
    result = Result(
        game_seed,
        character,
        game.state.cls,
        difficulty,
        outcome.won,
        outcome.level,
        outcome.cause,
        outcome.score,
        n,
        monster,
        met,
    )
    return game, result, log_digest


_ENCODER = msgspec.json.Encoder()

#: A scheduled game with its number in the batch (from 1): number, seed, character, difficulty.
Numbered = tuple[int, int, str, str]


def play_numbered(
    ruleset: Ruleset,
    policy: Bot,
    game: Numbered,
    plugins: Plugins | None = None,
    keep: Keeper | None = None,
) -> tuple[Game, Result, bytes]:
    """Play game `number` of a batch as `play_one` does; a handler's error says which game."""
    number, game_seed, character, difficulty = game
    try:
        return play_one(ruleset, policy, game_seed, character, difficulty, plugins, keep)
    except HandlerError as exc:
        raise GameFailed(str(exc), number, game_seed, character, difficulty) from None


def bot_named(
    name: str, ruleset: Ruleset, plugins: Plugins | None, more: Mapping[str, Bot] | None = None
) -> Bot:
    """Return the bot called `name`: built in, one of `more`, or a plugin's (of `plugins`, or
    else of the plugins `ruleset` was built with). Raises KeyError for none of these."""
    if name in BOTS:
        return BOTS[name]
    if more and name in more:
        return more[name]

    return all_bots(plugins if plugins is not None else plugins_for(ruleset), more)[name]


def _play_chunk(
    bot: str, more: Mapping[str, Bot] | None, chunk: list[Numbered]
) -> list[tuple[Result, bytes]]:
    """Play a chunk of the schedule in a worker process; return results and log digests."""

    ruleset = workers.ruleset()
    plugins = workers.plugins()
    policy = bot_named(bot, ruleset, plugins, more)
    return [play_numbered(ruleset, policy, game, plugins)[1:] for game in chunk]


def run(
    ruleset: Ruleset,
    games: int,
    seed: int,
    characters: Sequence[str] | None = None,
    difficulties: Sequence[str] | None = None,
    bot: str = "random",
    on_game: Callable[[Result], None] | None = None,
    on_finished: Callable[[Game, Result], None] | None = None,
    jobs: int = 1,
    plugins: Plugins | None = None,
    keep: Keeper | None = None,
    more: Mapping[str, Bot] | None = None,
) -> Summary:
    """Play `games` games and return the summary with the digest of all event logs.

    The observers of `plugins` (`unbroken_game_event`) watch every game; with
    `keep`, every game is played through a GameSession that keeps it in the
    records (one process). `bot` is a name (`bot_named`; `more`: the bots a front end
    adds by name, which worker processes get by pickling).

    The digest is the SHA-256 of each game's log digest, in game order, so
    `jobs` worker processes give exactly the same summary as one (the
    `on_finished` callback needs the games themselves and forces one process).
    A plugin's effect handler that raises stops the batch with GameFailed,
    naming the first game it failed in, whatever `jobs`.
    """
    digest = hashlib.sha256()
    summary = Summary()
    start = time.perf_counter()
    plan = [
        (number, *game)
        for number, game in enumerate(
            schedule(ruleset, games, seed, characters, difficulties), start=1
        )
    ]

    def count(result: Result, log_digest: bytes) -> None:
        digest.update(log_digest)
        summary.add(result)
        if on_game is not None:
            on_game(result)

    if jobs > 1 and on_finished is None and keep is None and len(plan) > 1:
        from functools import partial

        parts = workers.chunks(plan, jobs)
        play_part = partial(_play_chunk, bot, more)
        mapped = workers.map_chunks(play_part, parts, ruleset, jobs, plugins)
        for part in mapped:
            for result, log_digest in part:
                count(result, log_digest)
    else:
        policy = bot_named(bot, ruleset, plugins, more)
        for numbered in plan:
            game, result, log_digest = play_numbered(ruleset, policy, numbered, plugins, keep)
            count(result, log_digest)
            if on_finished is not None:
                on_finished(game, result)
    summary.seconds = time.perf_counter() - start
    summary.digest = digest.hexdigest()
    return summary


#: When a game recorded by `record_game` says it was made (stable files for the goldens).
RECORDED_AT = datetime(2026, 1, 1, tzinfo=UTC)


def record_game(
    ruleset: Ruleset,
    character: str,
    difficulty: str,
    seed: int,
    bot: str,
    directory: Path,
    name: str | None = None,
    compress: bool = True,
    daily: str | None = None,
) -> Path:
    """Play one game with a bot through a GameSession recording it; return the file's path.

    `daily`: the day of the daily challenge the game is marked as (unbroken.play.daily_game).

    (Before 0.2.0 this was `unbroken.replay.record_game`.)
    """

    policy = bot_named(bot, ruleset, None)
    game = Game.new(ruleset, character, difficulty, seed)
    recorder = Recorder.start(game, ruleset, directory, RECORDED_AT, name, compress, daily)
    session = GameSession(game, recorder=recorder)
    play(game, policy, check=False, session=session)
    assert session.finished is not None and session.finished.replay is not None
    return session.finished.replay
