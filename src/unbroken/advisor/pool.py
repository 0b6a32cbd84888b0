"""Rollouts played by worker processes: whole estimates, or anytime ones that never block.

The workers are forked where the platform can (they start at once, with the
ruleset in memory) and get the ruleset from the pool otherwise. A round is
one task: the same few resampled futures for every option (`play_round`).
`Anytime` keeps a few rounds in flight and adds up those that have finished
each time it is polled — the game screen polls it from a timer, so the screen
never waits for a rollout.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import signal
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from types import TracebackType

from unbroken.advisor.estimates import Estimate
from unbroken.advisor.rollouts import pack, seeds, unpack_round
from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset

#: The ruleset of a worker process (set by the pool's initializer).
_RULESET: Ruleset | None = None


def _start(ruleset: Ruleset) -> None:
    global _RULESET
    _RULESET = ruleset
    # A worker forked from the full-screen game must not act on the terminal's signals
    # (a resize, Ctrl+Z) with the game's handlers, nor wake the game's event loop.
    for name in ("SIGWINCH", "SIGTSTP", "SIGCONT"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    signal.set_wakeup_fd(-1)


def _round(state: bytes, actions: bytes, resamples: list[int]) -> list[int]:
    assert _RULESET is not None, "a rollout worker runs with its pool's ruleset"
    return unpack_round(_RULESET, state, actions, resamples)


def default_jobs() -> int:
    """Return the worker processes to use by default: one per CPU."""
    return max(1, os.cpu_count() or 1)


class RolloutPool:
    """Worker processes that play rounds of rollouts (use it as a context manager, or close it)."""

    def __init__(self, ruleset: Ruleset, jobs: int | None = None) -> None:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        self.jobs = jobs or default_jobs()
        self._executor = ProcessPoolExecutor(
            max_workers=self.jobs, mp_context=context, initializer=_start, initargs=(ruleset,)
        )

    def submit(self, state: bytes, actions: bytes, resamples: list[int]) -> Future[list[int]]:
        """Start a round; its future gives each action's wins."""
        return self._executor.submit(_round, state, actions, resamples)

    def estimate(
        self, game: Game, actions: Sequence[Action], games: int, seed: int, batch: int = 8
    ) -> list[Estimate]:
        """Return each action's chance over `games` rollouts (the same as one process gives)."""
        state, packed = pack(game, actions)
        futures = [
            self.submit(state, packed, seeds(seed, start, min(batch, games - start)))
            for start in range(0, games, batch)
        ]
        wins = [0] * len(actions)
        for future in futures:
            for i, w in enumerate(future.result()):
                wins[i] += w
        return [Estimate(w, games) for w in wins]

    def close(self) -> None:
        """Stop the workers; rounds not started are dropped."""
        self._executor.shutdown(wait=False, cancel_futures=True)

    def __enter__(self) -> RolloutPool:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


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
    """An estimate of every option that grows as rounds finish: `poll` never waits.

    `game` must already be without its hidden information (`rollouts.position`).
    It stops by itself after `most` games per option; `stop` stops it sooner.
    """

    def __init__(
        self,
        pool: RolloutPool,
        game: Game,
        actions: Sequence[Action],
        seed: int,
        batch: int = 4,
        most: int = 2000,
    ) -> None:
        self.pool = pool
        self.actions = list(actions)
        self.seed = seed
        self.batch = batch
        self.most = most
        self._state, self._packed = pack(game, self.actions)
        self._next = 0  # the next rollout number of the advisor's stream to hand out
        self._running: list[tuple[int, Future[list[int]]]] = []
        self.wins = [0] * len(self.actions)
        self.games = 0
        self.stopped = False
        #: What went wrong in a rollout (a plugin's handler failed), if anything.
        self.error = ""
        self._top_up()

    def _top_up(self) -> None:
        while (
            not self.stopped and len(self._running) < 2 * self.pool.jobs and self._next < self.most
        ):
            count = min(self.batch, self.most - self._next)
            resamples = seeds(self.seed, self._next, count)
            self._running.append((count, self.pool.submit(self._state, self._packed, resamples)))
            self._next += count

    def poll(self) -> list[Estimate]:
        """Add up the rounds finished since the last poll, start more; return the estimates."""
        still = []
        for count, future in self._running:
            if not future.done():
                still.append((count, future))
                continue
            if future.cancelled():
                continue
            exc = future.exception()
            if exc is not None:
                self.error = str(exc) or type(exc).__name__
                self.stop()
                continue
            for i, w in enumerate(future.result()):
                self.wins[i] += w
            self.games += count
        self._running = still
        self._top_up()
        return self.estimates()

    def estimates(self) -> list[Estimate]:
        return [Estimate(w, self.games) for w in self.wins]

    @property
    def finished(self) -> bool:
        """True when nothing more will come (stopped, or `most` games played)."""
        return not self._running and (self.stopped or self._next >= self.most)

    def stop(self) -> None:
        """Stop: rounds not started are dropped, those running are no longer counted."""
        self.stopped = True
        for _, future in self._running:
            future.cancel()
        self._running = []
