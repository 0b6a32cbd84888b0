"""Rollouts played by worker processes: whole estimates, or anytime ones that never block.

The workers are those of every other batch (`bots.workers.start_pool`: forked
where the platform can, with the ruleset in memory), as many as the one `--jobs`
rule gives (`bots.workers.worker_count`). A round is
one task: the same few resampled futures for every option (`play_round`).
`Anytime` keeps a few rounds in flight and adds up those that have finished
each time it is polled — the game screen polls it from a timer, so the screen
never waits for a rollout.
"""

from __future__ import annotations

import atexit
import heapq
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import CancelledError, Future
from queue import SimpleQueue
from types import TracebackType
from typing import Protocol

from unbroken.advisor.chances import Estimate
from unbroken.advisor.estimator import (
    GAMES,
    HALVE_FROM,
    SETTLE,
    Race,
    Weighing,
    canonical,
    futures,
    futures_key,
)
from unbroken.advisor.reuse import Reuse
from unbroken.advisor.rollouts import DEFAULT_SEED, pack, pack_actions, position, unpack_round
from unbroken.bots import workers
from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset

#: A round of a race in flight: its first future, its futures, the options playing it, their
#: results to come, the results taken from the race before instead ((option, wins)), and
#: whether it is of the stage (not the chance's futures played beside it: `Race.ahead`).
Round = tuple[int, int, list[int], Future[list[int]], list[tuple[int, int]], bool]
#: The results of the last races kept for the next (the game's `%` and `unbroken play`'s:
#: the last two positions' options, `reuse`).
SHARED_REUSE = Reuse()

#: The rounds a pool may have to play: the pool is long-lived, so only the CPUs bound
#: its workers (`workers.worker_count`).
_UNBOUNDED = 1 << 30


def _round(state: bytes, actions: bytes, resamples: list[int]) -> list[int]:
    return unpack_round(workers.ruleset(), state, actions, resamples)


class RolloutPool:
    """Worker processes that play rounds of rollouts (use it as a context manager, or close it)."""

    def __init__(self, ruleset: Ruleset, jobs: int | None = None) -> None:
        self.jobs = workers.worker_count(jobs, _UNBOUNDED)
        self._executor = workers.start_pool(ruleset, self.jobs)

    def submit(self, state: bytes, actions: bytes, resamples: list[int]) -> Future[list[int]]:
        """Start a round; its future gives each action's wins."""
        return self._executor.submit(_round, state, actions, resamples)

    def weigh(
        self, game: Game, actions: Sequence[Action], most: int = GAMES, stream: int = DEFAULT_SEED
    ) -> Weighing:
        """Race the actions at the position on the workers (the same as `estimator.weigh`)."""
        return weigh_all(self, [(game, actions)], most, stream)[0]

    def close(self, wait: bool = False) -> None:
        """Stop the workers; rounds not started are dropped (`wait`: until they are gone,
        which leaves nothing for the interpreter to tidy at exit)."""
        self._executor.shutdown(wait=wait, cancel_futures=True)

    def __enter__(self) -> RolloutPool:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close(wait=kind is None)


_SHARED: dict[str, RolloutPool] = {}


def shared_pool(ruleset: Ruleset) -> RolloutPool:
    """Return the pool the game's odds use (one per ruleset, started at first use and
    stopped when the program ends): its workers start once, not at every press of the key."""
    pool = _SHARED.get(ruleset.digest)
    if pool is None:
        pool = _SHARED[ruleset.digest] = RolloutPool(ruleset)
        if len(_SHARED) == 1:
            atexit.register(_close_shared)
    return pool


def _close_shared() -> None:
    for pool in _SHARED.values():
        pool.close()
    _SHARED.clear()


class Submits(Protocol):
    """What a race sends its rounds to: the pool, or the pool through `Ordered`."""

    def submit(self, state: bytes, actions: bytes, resamples: list[int]) -> Future[list[int]]: ...


class Ordered:
    """A pool's rounds sent in the order of their position (lowest first), at most `limit`
    in flight: many races at once then finish roughly in order, so a race that waits for
    the one before it (`weigh_all`'s reuse) is not queued behind every other race's
    stages. `pump` (the parent's loop) sends what there is room for; a round's result
    comes back through the future `at(i).submit` gave."""

    def __init__(self, pool: RolloutPool, limit: int) -> None:
        self.pool = pool
        self.limit = limit
        self._waiting: list[tuple[int, int, tuple[bytes, bytes, list[int]], Future[list[int]]]] = []
        self._flying = 0
        self._lock = threading.Lock()
        self._count = 0

    def at(self, priority: int) -> Submits:
        """Return what a race at `priority` (its position) submits its rounds to."""
        ordered = self

        class _At:
            def submit(
                self, state: bytes, actions: bytes, resamples: list[int]
            ) -> Future[list[int]]:
                mine: Future[list[int]] = Future()
                ordered._count += 1
                item = (priority, ordered._count, (state, actions, resamples), mine)
                heapq.heappush(ordered._waiting, item)
                return mine

        return _At()

    def pump(self) -> None:
        """Send the waiting rounds there is room for, lowest position first."""
        while self._waiting:
            with self._lock:
                if self._flying >= self.limit:
                    return
                self._flying += 1
            *_, args, mine = heapq.heappop(self._waiting)
            if not mine.set_running_or_notify_cancel():
                with self._lock:
                    self._flying -= 1
                continue
            self.pool.submit(*args).add_done_callback(self._back(mine))

    def _back(self, mine: Future[list[int]]) -> Callable[[Future[list[int]]], None]:
        """Return the callback that gives a sent round's result to the race's future."""

        def back(done: Future[list[int]]) -> None:
            self._give(done, mine)

        return back

    def _give(self, done: Future[list[int]], mine: Future[list[int]]) -> None:
        with self._lock:
            self._flying -= 1
        if done.cancelled():
            mine.set_exception(CancelledError())
        elif (exc := done.exception()) is not None:
            mine.set_exception(exc)
        else:
            mine.set_result(done.result())


class Anytime:
    """The race of a position's options (`estimator.Race`) on worker processes: `poll` never
    waits, and the estimates grow as rounds finish.

    A stage's rounds are counted in order (a round finished early waits for those before
    it), and the race is decided only on whole stages, so the result is the same as
    `estimator.weigh` gives in one process, whatever the number of workers. It stops by
    itself when the race ends (at `most` games per option at the latest); `stop` stops it
    sooner.
    """

    def __init__(
        self,
        pool: Submits,
        game: Game,
        actions: Sequence[Action],
        stream: int = DEFAULT_SEED,
        batch: int = 8,
        most: int = GAMES,
        settle: float = SETTLE,
        halve_from: int = HALVE_FROM,
        reused: Reuse | None = SHARED_REUSE,
        early: bool = True,
    ) -> None:
        self.pool = pool
        #: The option ahead plays the chance's futures beside each stage (`Race.ahead`), so
        #: the running figures are the chance's first futures, not the race's (a screen's;
        #: `weigh_all`, which shows nothing until the end, does without).
        self.early = early
        self.actions = list(actions)
        self.batch = batch
        self.order = canonical(self.actions)
        seen = position(game)
        self._seen = seen
        self._state, _ = pack(seen, [])
        self._key = futures_key(seen, stream)
        self.race = Race(len(self.actions), most, settle, halve_from)
        self._canon = [self.actions[k] for k in self.order]
        #: The results kept from the race before for the bot's option here (`reuse`).
        self._reuse = reused
        self._given = (
            None
            if reused is None or self.race.done
            else reused.recall(self._key, seen, self._canon)
        )
        #: The current stage's rounds in order: (first future, futures, options, result,
        #: the results taken from the race before instead: (option, wins)).
        self._rounds: list[Round] = []
        self.stopped = False
        #: What went wrong in a rollout (a plugin's handler failed), if anything.
        self.error = ""
        self.failure: BaseException | None = None
        #: The stage in flight: its futures (each option's), and whether it weighs the chance.
        self._stage = 0
        self._start_stage()

    def _start_stage(self) -> None:
        if self.race.done or self.stopped:
            return
        start, count, live = self.race.stage()
        self._stage = count
        self._submit(start, count, live, True)
        ahead = self.race.ahead() if self.early else None
        if ahead is not None:  # after the stage's rounds: they fill the workers at its end
            option, first, size = ahead
            self._submit(first, size, [option], False)

    def _submit(self, start: int, count: int, live: list[int], staged: bool) -> None:
        given = self._given
        for first in range(start, start + count, self.batch):
            size = min(self.batch, start + count - first)
            play, taken = live, []
            if given is not None and given[0] in live and given[1].covers(first, size):
                play = [k for k in live if k != given[0]]
                taken = [(given[0], given[1].part(first, size))]
                if self._reuse is not None:
                    self._reuse.saved += size
            future: Future[list[int]]
            if play:
                packed = pack_actions([self._canon[k] for k in play])
                future = self.pool.submit(self._state, packed, futures(self._key, first, size))
            else:
                future = Future()
                future.set_result([])
            self._rounds.append((first, size, play, future, taken, staged))

    def pending(self) -> list[Future[list[int]]]:
        """Return the rounds in flight (to wait on)."""
        return [r[3] for r in self._rounds]

    def under_way(self) -> tuple[int, int]:
        """Return how far the stage in flight got: its futures finished (in any order, so it
        moves while the race waits for one slow round) and its futures; (0, 0) when none."""
        if not self._rounds:
            return 0, 0
        waiting = sum(r[1] for r in self._rounds if r[5] and not r[3].done())
        return self._stage - waiting, self._stage

    def poll(self) -> Weighing:
        """Count the rounds finished since the last poll, go on with the race; return it."""
        while self._rounds and self._rounds[0][3].done() and not self.stopped:
            first, size, live, future, taken, _ = self._rounds.pop(0)
            exc = None if future.cancelled() else future.exception()
            if future.cancelled() or exc is not None:
                self.error = (str(exc) or type(exc).__name__) if exc is not None else "cancelled"
                self.failure = exc
                self.stop()
                break
            for k, wins in [*zip(live, future.result(), strict=True), *taken]:
                self.race.record(k, first, size, wins)
            if not self._rounds:
                self.race.close_stage()
                if self.race.done and self._reuse is not None:
                    self._reuse.remember(self._key, self._seen, self._canon, self.race.results())
                self._start_stage()
        return self.weighing()

    def weighing(self) -> Weighing:
        return self.race.weighing(self.order)

    def estimates(self) -> list[Estimate]:
        return self.weighing().estimates

    @property
    def games(self) -> int:
        """Futures played by the options still in the race (the most any option has)."""
        return self.race.played

    @property
    def finished(self) -> bool:
        """True when nothing more will come (stopped, or the race over)."""
        return not self._rounds and (self.stopped or self.race.done)

    def stop(self) -> None:
        """Stop: rounds not started are dropped, those running are no longer counted."""
        self.stopped = True
        for r in self._rounds:
            r[3].cancel()
        self._rounds = []


def weigh_all(
    pool: RolloutPool,
    positions: Sequence[tuple[Game, Sequence[Action]]],
    most: int = GAMES,
    stream: int = DEFAULT_SEED,
    progress: Callable[[int, int], None] | None = None,
    settle: float = SETTLE,
    reused: Reuse | None = None,
) -> list[Weighing]:
    """Race the options of every position on the pool at once; return their weighings
    (the same as `estimator.weigh` gives one by one). `progress(done, total)` is told as
    positions are decided.

    With `reused` (`unbroken analyze`'s), a position that an option of the position before
    it leads to with nothing seen (`reuse`) waits for that one's race, then takes its
    results for the bot's option there instead of playing them; the others start at once.
    """
    after = _follows(positions, stream) if reused is not None else [False] * len(positions)
    ordered = Ordered(pool, 2 * pool.jobs + 2)
    races: list[Anytime | None] = [None] * len(positions)
    left = set(range(len(positions)))
    done = 0
    # A finished round wakes its own race only, through a queue its callback fills: polling
    # every race, or waiting on every round in flight, at every round made the parent's
    # work grow with the square of the positions (800 in tools/calibrate.py).
    woken: SimpleQueue[int] = SimpleQueue()
    registered: set[Future[list[int]]] = set()

    def start(i: int) -> None:
        game, actions = positions[i]
        races[i] = Anytime(
            ordered.at(i),
            game,
            actions,
            stream,
            most=most,
            settle=settle,
            reused=reused,
            early=False,
        )
        woken.put(i)  # looked at once at least (a race may need no round at all)

    def register(race: Anytime, i: int) -> None:
        def wake(_: Future[list[int]]) -> None:
            woken.put(i)

        for f in race.pending():
            if f not in registered:
                registered.add(f)
                f.add_done_callback(wake)

    for i in range(len(positions)):
        if not after[i]:
            start(i)
    while left:
        ordered.pump()
        due = {woken.get()}
        while not woken.empty():
            due.add(woken.get())
        for i in sorted(due & left):
            race = races[i]
            assert race is not None
            race.poll()
            register(race, i)
            if race.failure is not None:
                raise race.failure  # as one process would (a plugin's HandlerError, say)
            if race.error:
                raise RuntimeError(race.error)
            if race.finished:
                left.discard(i)
                done += 1
                if i + 1 < len(positions) and after[i + 1]:
                    start(i + 1)
                if progress is not None:
                    progress(done, len(races))
    return [race.weighing() for race in races if race is not None]


def _follows(positions: Sequence[tuple[Game, Sequence[Action]]], stream: int) -> list[bool]:
    """Return, for each position, whether it may follow the one before with nothing seen
    (the same futures key): then its race waits for that one's, whose results it may take
    (`Reuse.recall` checks that an option of it really led here)."""
    keys = [futures_key(game, stream) for game, _ in positions]
    return [i > 0 and keys[i] == keys[i - 1] for i in range(len(positions))]
