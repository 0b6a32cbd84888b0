"""Work spread over worker processes that share the parent's ruleset: the one pool set-up.

`sim.run`, `balance` and `replay.verdicts` cut their work into chunks and map a
function over them here (`map_chunks`); the advisor's rollouts (`advisor.pool`)
submit rounds to a pool started here (`start_pool`). Workers are forked where the
platform can (they then inherit the ruleset, plugins included, without loading
anything); elsewhere each worker loads the plugins the parent's ruleset was built
with. `worker_count`
is the one `--jobs` rule.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset
    from unbroken.plugins import Plugins

T = TypeVar("T")
R = TypeVar("R")

#: In a worker process: the ruleset of its pool (set as the worker starts).
_RULESET: Ruleset | None = None
#: In a worker process: the plugins whose observers watch its games (None: none watch).
_PLUGINS: Plugins | None = None


def ruleset() -> Ruleset:
    """Return the ruleset a worker runs with (call it inside the mapped function)."""
    assert _RULESET is not None, "only in a worker process of start_pool"
    return _RULESET


def plugins() -> Plugins | None:
    """Return the plugins whose observers watch a worker's games (None: none)."""
    return _PLUGINS


def worker_count(asked: int | None, pieces: int) -> int:
    """Return the worker processes to start for `pieces` of work: `asked` (None: one per
    CPU), but never more than the CPUs or the pieces, which would only cost their start."""
    cpus = os.cpu_count() or 1
    return max(1, min(asked or cpus, cpus, pieces))


def chunks(items: Sequence[T], jobs: int, most: int = 50) -> list[list[T]]:
    """Cut `items` into chunks of at most `most` items that shrink toward the end: each
    a `2 * jobs`-th of the items left (at least one), so the workers finish together
    rather than one waiting on the other's last big chunk."""
    parts: list[list[T]] = []
    start = 0
    while start < len(items):
        left = len(items) - start
        size = max(1, min(most, -(-left // (2 * jobs))))
        parts.append(list(items[start : start + size]))
        start += size
    return parts


#: The allocations that start a collection while `collecting_less` (Python's default: 700).
FEWER_COLLECTIONS = 10_000


@contextmanager
def collecting_less() -> Iterator[None]:
    """Run the body with the cyclic garbage collector started less often.

    Re-running a game allocates and frees thousands of objects that refer to no
    cycle; at Python's default threshold the collector ran hundreds of times a
    second, scanning objects reference counting frees anyway (5-10 % of verify's
    time). What is left over is collected as before, only later.
    """
    threshold = gc.get_threshold()
    gc.set_threshold(max(threshold[0], FEWER_COLLECTIONS), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)


def start_pool(
    rules: Ruleset, jobs: int, observed_by: Plugins | None = None
) -> ProcessPoolExecutor:
    """Return `jobs` worker processes whose `ruleset()` is `rules` and `plugins()` is
    `observed_by` (the plugins whose observers watch the games played there).

    Forked where the platform can: the workers inherit both without pickling or
    loading anything. Elsewhere they are spawned and load the plugins `rules` was
    built with (by their names).
    """
    methods = multiprocessing.get_all_start_methods()
    forked = "fork" in methods
    context = multiprocessing.get_context("fork" if forked else None)
    names = list(rules.plugins)
    shared = (rules, observed_by) if forked else (names, observed_by is not None)
    return ProcessPoolExecutor(
        max_workers=jobs, mp_context=context, initializer=_start, initargs=shared
    )


def _start(rules: Ruleset | list[str], observed_by: Plugins | bool | None) -> None:
    """Set up a worker process as it starts: its ruleset and plugins (a spawned worker gets
    the plugins' names and whether they observe, and loads them), and its signals."""
    global _RULESET, _PLUGINS
    if isinstance(rules, list):
        from unbroken.plugins import load_plugins  # lazy: only a spawned worker loads them

        loaded = load_plugins(rules, strict=rules)
        _RULESET, _PLUGINS = loaded.ruleset, (loaded if observed_by else None)
    else:
        assert not isinstance(observed_by, bool)
        _RULESET, _PLUGINS = rules, observed_by
    # What the worker inherited or loaded lives as long as it does: the collector leaves it
    # alone (scanning it cost verify 5 % of its time, and wrote to every page it shares
    # with the parent, which then had to be copied).
    gc.freeze()
    # A worker forked from the full-screen game must not act on the terminal's signals
    # (a resize, Ctrl+Z) with the game's handlers, nor wake the game's event loop.
    for name in ("SIGWINCH", "SIGTSTP", "SIGCONT"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    signal.set_wakeup_fd(-1)


def map_chunks(
    func: Callable[[list[T]], R],
    parts: list[list[T]],
    rules: Ruleset,
    jobs: int,
    observed_by: Plugins | None = None,
) -> Iterator[R]:
    """Yield `func(part)` for every part, in order, computed by `jobs` worker processes.

    `observed_by`: the plugins whose observers watch the games played there.
    """
    with start_pool(rules, jobs, observed_by) as pool:
        yield from pool.map(func, parts)
