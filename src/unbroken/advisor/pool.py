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
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from queue import SimpleQueue
from types import TracebackType

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
from unbroken.advisor.rollouts import DEFAULT_SEED, pack, pack_actions, position, unpack_round
from unbroken.bots import workers
from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset

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
        pool: RolloutPool,
        game: Game,
        actions: Sequence[Action],
        stream: int = DEFAULT_SEED,
        batch: int = 8,
        most: int = GAMES,
        settle: float = SETTLE,
        halve_from: int = HALVE_FROM,
    ) -> None:
        self.pool = pool
        self.actions = list(actions)
        self.batch = batch
        self.order = canonical(self.actions)
        seen = position(game)
        self._state, _ = pack(seen, [])
        self._key = futures_key(seen, stream)
        self.race = Race(len(self.actions), most, settle, halve_from)
        #: The current stage's rounds in order: (first future, futures, options, result).
        self._rounds: list[tuple[int, int, list[int], Future[list[int]]]] = []
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
        packed = pack_actions([self.actions[self.order[k]] for k in live])
        for first in range(start, start + count, self.batch):
            size = min(self.batch, start + count - first)
            future = self.pool.submit(self._state, packed, futures(self._key, first, size))
            self._rounds.append((first, size, live, future))

    def pending(self) -> list[Future[list[int]]]:
        """Return the rounds in flight (to wait on)."""
        return [future for *_, future in self._rounds]

    def under_way(self) -> tuple[int, int]:
        """Return how far the stage in flight got: its futures finished (in any order, so it
        moves while the race waits for one slow round) and its futures; (0, 0) when none."""
        if not self._rounds:
            return 0, 0
        waiting = sum(size for _, size, _, future in self._rounds if not future.done())
        return self._stage - waiting, self._stage

    def poll(self) -> Weighing:
        """Count the rounds finished since the last poll, go on with the race; return it."""
        while self._rounds and self._rounds[0][3].done() and not self.stopped:
            first, size, live, future = self._rounds.pop(0)
            exc = None if future.cancelled() else future.exception()
            if future.cancelled() or exc is not None:
                self.error = (str(exc) or type(exc).__name__) if exc is not None else "cancelled"
                self.failure = exc
                self.stop()
                break
            for k, wins in zip(live, future.result(), strict=True):
                self.race.record(k, first, size, wins)
            if not self._rounds:
                self.race.close_stage()
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
        for *_, future in self._rounds:
            future.cancel()
        self._rounds = []


def weigh_all(
    pool: RolloutPool,
    positions: Sequence[tuple[Game, Sequence[Action]]],
    most: int = GAMES,
    stream: int = DEFAULT_SEED,
    progress: Callable[[int, int], None] | None = None,
    settle: float = SETTLE,
) -> list[Weighing]:
    """Race the options of every position on the pool at once; return their weighings
    (the same as `estimator.weigh` gives one by one). `progress(done, total)` is told as
    positions are decided."""
    races = [
        Anytime(pool, game, actions, stream, most=most, settle=settle)
        for game, actions in positions
    ]
    left = {i for i, race in enumerate(races) if not race.finished}
    done = len(races) - len(left)
    # A finished round wakes its own race only, through a queue its callback fills: polling
    # every race, or waiting on every round in flight, at every round made the parent's
    # work grow with the square of the positions (800 in tools/calibrate.py).
    woken: SimpleQueue[int] = SimpleQueue()
    registered: set[Future[list[int]]] = set()

    def register(i: int) -> None:
        def wake(_: Future[list[int]]) -> None:
            woken.put(i)

        for f in races[i].pending():
            if f not in registered:
                registered.add(f)
                f.add_done_callback(wake)

    for i in left:
        register(i)
    while left:
        due = {woken.get()}
        while not woken.empty():
            due.add(woken.get())
        for i in sorted(due & left):
            race = races[i]
            race.poll()
            register(i)
            if race.failure is not None:
                raise race.failure  # as one process would (a plugin's HandlerError, say)
            if race.error:
                raise RuntimeError(race.error)
            if race.finished:
                left.discard(i)
                done += 1
                if progress is not None:
                    progress(done, len(races))
    return [race.weighing() for race in races]
