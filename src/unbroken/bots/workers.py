"""Work spread over worker processes that share the parent's ruleset.

`sim.run` and `replay.verdicts` cut their work into chunks and map a
function over them here. Workers are forked where the platform can (they then
inherit the ruleset, plugins included, without loading anything); elsewhere
each worker loads the plugins the parent's ruleset was built with.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset
    from unbroken.plugins import Plugins

T = TypeVar("T")
R = TypeVar("R")

#: The ruleset of the batch being mapped (inherited by forked workers).
_RULESET: Ruleset | None = None
#: The plugins whose observers watch the batch's games (None: none watch).
_PLUGINS: Plugins | None = None


def ruleset() -> Ruleset:
    """Return the ruleset a worker runs with (call it inside the mapped function)."""
    assert _RULESET is not None, "only in a function that map_chunks maps"
    return _RULESET


def plugins() -> Plugins | None:
    """Return the plugins whose observers watch a worker's games (None: none)."""
    return _PLUGINS


def _adopt(names: list[str], observed: bool) -> None:
    """Load, in a spawned worker, the plugins the parent's ruleset was built with."""
    global _RULESET, _PLUGINS
    from unbroken.plugins import load_plugins  # lazy: only a spawned worker loads them

    loaded = load_plugins(names, strict=names)
    _RULESET, _PLUGINS = loaded.ruleset, (loaded if observed else None)


def worker_count(asked: int | None, pieces: int) -> int:
    """Return the worker processes to start for `pieces` of work: `asked` (None: one per
    CPU), but never more than the CPUs or the pieces, which would only cost their start."""
    cpus = os.cpu_count() or 1
    return max(1, min(asked or cpus, cpus, pieces))


def chunks(items: Sequence[T], jobs: int, most: int = 50) -> list[list[T]]:
    """Cut `items` into chunks: about four per worker, at most `most` items each."""
    size = max(1, min(most, len(items) // (jobs * 4) or 1))
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


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
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    global _RULESET, _PLUGINS
    methods = multiprocessing.get_all_start_methods()
    forked = "fork" in methods
    context = multiprocessing.get_context("fork" if forked else None)
    _RULESET, _PLUGINS = rules, observed_by
    if forked:
        pool = ProcessPoolExecutor(jobs, context)
    else:  # a spawned worker inherits nothing: it loads the plugins of the parent's ruleset
        adopted = (list(rules.plugins), observed_by is not None)
        pool = ProcessPoolExecutor(jobs, context, initializer=_adopt, initargs=adopted)
    try:
        with pool:
            yield from pool.map(func, parts)
    finally:
        _RULESET, _PLUGINS = None, None
