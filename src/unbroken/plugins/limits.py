"""Time limits on plugin code: a plugin that hangs is named and given up on, never hangs a game.

A plugin's import and each of its hooks as the plugins load (`LOAD_LIMIT`),
and each call of its effect handlers and scoring rules during play
(`PLAY_LIMIT`), run in a daemon thread that the caller waits for at most the
limit. Past it, the caller gets `TookTooLong` (with where the code was) and
goes on; the thread is asked to stop (an exception raised in it, which ends
pure-Python loops; a thread blocked in C is left as a daemon, which never keeps
the process alive). Pure Python and the standard library: it works in the
worker processes of `sim --jobs`, and the base game's own code never goes
through it, so a game without plugins runs as fast as before.
"""

from __future__ import annotations

import ctypes
import functools
import sys
import threading
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

from unbroken.core.handlers import EffectType, HandlerError, TookTooLong

#: Seconds a plugin's import, or one of its hooks, may take as the plugins load.
LOAD_LIMIT = 10.0
#: Seconds one call of a plugin's effect handler or scoring rule may take during play.
PLAY_LIMIT = 2.0

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
        frame = sys._current_frames().get(thread.ident or 0)
        stack = [(f.filename, f.lineno or 0) for f in traceback.extract_stack(frame)]
        _stop(thread)
        raise TookTooLong(limit, stack)
    if "error" in box:
        raise box["error"]
    return box["value"]  # type: ignore[no-any-return]


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
    """Return a plugin's bot whose faults are named: one that raises (or exits), or returns
    anything but one of the game's legal actions, raises a HandlerError naming the plugin,
    the bot and its line, so `unbroken sim` says which plugin and which game. Its
    `title` and other attributes are kept."""
    from unbroken.plugins.reporting import _say, _where

    plugin = name.split(":", 1)[0]

    @functools.wraps(bot)
    def play(game: Any, n: int) -> Any:
        try:
            action = bot(game, n)
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
