"""Time limits on plugin code: a plugin that hangs is named and given up on, never hangs a game.

A plugin's import and each of its hooks as the plugins load (`LOAD_LIMIT`),
each call of its effect handlers and scoring rules during play
(`PLAY_LIMIT`), each decision of its bots (`BOT_LIMIT`) and each event its
observers are shown (`unbroken.play.observers.SLOW_OBSERVER`) run in a daemon thread
that the caller waits for at most the limit (a `Leash` keeps one thread for the
many calls of a bot or an observer). Past it, the caller gets `TookTooLong`
(with where the code was) and goes on; the thread is asked to stop (an
exception raised in it, which ends pure-Python loops; a thread blocked in C is
left as a daemon, which never keeps the process alive). Pure Python and the
standard library: it works in the worker processes of `sim --jobs`, and the
base game's own code never goes through it, so a game without plugins runs as
fast as before.
"""

from __future__ import annotations

import ctypes
import functools
import os
import queue
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

from unbroken.core.handlers import EffectType, HandlerError, TookTooLong
from unbroken.plugins.reporting import _say, _where

#: Seconds a plugin's import, or one of its hooks, may take as the plugins load.
LOAD_LIMIT = 10.0
#: Seconds one call of a plugin's effect handler or scoring rule may take during play.
PLAY_LIMIT = 2.0
#: Seconds a plugin's bot may take to choose one decision.
BOT_LIMIT = 5.0
#: Seconds a Leash's thread waits for more work before it ends (a new one starts when needed).
IDLE = 2.0

_T = TypeVar("_T")


def bounded(limit: float, fn: Callable[..., _T], *args: Any, **kwargs: Any) -> _T:
    """Return `fn(*args, **kwargs)`, or raise TookTooLong when it runs past `limit` seconds.

    What it raises (SystemExit included) is raised here, with its traceback.
    """
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = fn(*args, **kwargs)
        except BaseException as exc:  # noqa: BLE001 - given to the caller whole
            box["error"] = exc

    thread = threading.Thread(target=run, name="unbroken-plugin", daemon=True)
    thread.start()
    thread.join(limit)
    if thread.is_alive():
        raise _given_up(thread, limit)
    if "error" in box:
        raise box["error"]
    return box["value"]  # type: ignore[no-any-return]  # fn's own return, through the box


def _given_up(thread: threading.Thread, limit: float) -> TookTooLong:
    """Return the TookTooLong saying where `thread` is, having asked it to stop."""
    frame = sys._current_frames().get(thread.ident or 0)
    stack = [(f.filename, f.lineno or 0) for f in traceback.extract_stack(frame)]
    _stop(thread)
    return TookTooLong(limit, stack)


#: Guards each Leash's thread and queue (made anew in a forked child: see below).
_LOCK = threading.Lock()
#: Every Leash, so that a forked child starts each afresh.
_LEASHES: weakref.WeakSet[Leash] = weakref.WeakSet()


def _after_fork() -> None:
    """In a forked child (a `sim --jobs` worker): a free lock, and every Leash without the
    parent's thread or a queue that thread may have been waiting on."""
    global _LOCK
    _LOCK = threading.Lock()
    for leash in list(_LEASHES):
        leash._jobs, leash._thread = queue.SimpleQueue(), None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork)


class Leash:
    """One plugin's calls, run in a daemon thread of their own, each within a time limit.

    `run(limit, batch)` hands `batch(mark)` to the thread and waits: `batch`
    calls `mark()` just before each call of plugin code, and a call that runs
    past `limit` seconds makes `run` raise TookTooLong (with where the code
    was); the thread is asked to stop and left behind, and the next `run`
    starts another. What `batch` raises is raised by `run`. The thread ends
    by itself after IDLE seconds without work; one handed over per batch costs
    far less than a thread per call.
    """

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        #: When the plugin call under way began (time.monotonic()).
        self._started = 0.0
        _LEASHES.add(self)

    def run(self, limit: float, batch: Callable[[Callable[[], None]], None]) -> None:
        """Run `batch(mark)` in the leash's thread; raise TookTooLong when one call overruns."""
        done = threading.Event()
        box: list[BaseException] = []

        def mark() -> None:
            self._started = time.monotonic()

        def job() -> None:
            try:
                batch(mark)
            except BaseException as exc:  # noqa: BLE001 - given to the caller whole
                box.append(exc)
            finally:
                done.set()

        self._started = time.monotonic()
        with _LOCK:
            self._jobs.put(job)
            thread = self._thread
            if thread is None or not thread.is_alive():
                thread = self._thread = threading.Thread(
                    target=self._serve, args=(self._jobs,), name="unbroken-plugin", daemon=True
                )
                thread.start()
        while not done.wait(max(0.0, self._started + limit - time.monotonic())):
            if time.monotonic() - self._started > limit and not done.is_set():
                with _LOCK:  # a fresh queue and thread next time; this one is left behind
                    self._jobs, self._thread = queue.SimpleQueue(), None
                raise _given_up(thread, limit)
        if box:
            raise box[0]

    def _serve(self, jobs: queue.SimpleQueue[Callable[[], None]]) -> None:
        try:
            while True:
                try:
                    job = jobs.get(timeout=IDLE)
                except queue.Empty:
                    with _LOCK:
                        if jobs.empty():
                            if self._thread is threading.current_thread():
                                self._thread = None
                            return
                    continue
                job()
        except TookTooLong:  # given up on just as its job ended: the stop came between jobs
            return


def _stop(thread: threading.Thread) -> None:
    """Ask a thread to stop: raise TookTooLong in it (CPython; elsewhere it is left alone)."""
    set_async = getattr(getattr(ctypes, "pythonapi", None), "PyThreadState_SetAsyncExc", None)
    if set_async is not None and thread.ident is not None:
        set_async(ctypes.c_ulong(thread.ident), ctypes.py_object(TookTooLong))


def bounded_handler(handler: Any) -> Any:
    """Return a plugin's effect handler whose every call is limited to PLAY_LIMIT seconds.

    A handler that runs past it raises TookTooLong (so the decision is refused
    with a HandlerError naming the plugin, the handler and its line) and is
    switched off: later calls raise at once instead of waiting again. Its
    words (`describe`, `text`) and, for an effect type, its fields are kept.
    """
    if isinstance(handler, EffectType):
        return EffectType(handler.fields, bounded_handler(handler.run))
    given_up: list[TookTooLong] = []

    @functools.wraps(handler)
    def call(ctx: Any, params: Any) -> None:
        if given_up:
            raise given_up[0]
        try:
            bounded(PLAY_LIMIT, handler, ctx, params)
        except TookTooLong as exc:
            given_up.append(exc)
            raise

    return call


def checked_bot(name: str, bot: Any) -> Any:
    """Return a plugin's bot whose faults are named: one that raises (or exits), takes
    longer than BOT_LIMIT seconds on a decision, or returns anything but one of the game's
    legal actions, raises a HandlerError naming the plugin, the bot and its line, so
    `unbroken sim` says which plugin and which game. Past the limit it is switched off:
    later calls raise at once. Its `title` and other attributes are kept."""

    plugin = name.split(":", 1)[0]
    leash = Leash()
    given_up: list[HandlerError] = []

    @functools.wraps(bot)
    def play(game: Any, n: int) -> Any:
        if given_up:
            raise given_up[0]
        chosen: list[Any] = []
        try:
            leash.run(BOT_LIMIT, lambda mark: chosen.append(bot(game, n)))
            action = chosen[0]
        except TookTooLong as exc:
            where = _where(exc, getattr(bot, "__module__", "") or "")
            given_up.append(
                HandlerError(
                    f"plugin {plugin!r}: bot {name!r} {exc} on one decision{where}; "
                    "it is switched off for the rest of this run"
                )
            )
            raise given_up[0] from None
        except (Exception, SystemExit) as exc:
            where = _where(exc, getattr(bot, "__module__", "") or "")
            raise HandlerError(
                f"plugin {plugin!r}: bot {name!r} raised {_say(exc)}{where}"
            ) from exc
        if action not in game.legal_actions():
            raise HandlerError(
                f"plugin {plugin!r}: bot {name!r} returned {action!r:.60}, not one of "
                "game.legal_actions()"
            )
        return action

    return play
