"""How the plugin host tells what a plugin did wrong, and what a plugin adds, in words.

The error types, the one-line `unbroken: warning:` a skipped plugin gets,
and the `(file.py:line)` of the plugin's own code where it failed.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
import traceback
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from unbroken.core.handlers import TookTooLong

_ONE = {"classes": "class", "upgrades": "upgrade", "difficulties": "difficulty"}


def adds_text(adds: dict[str, int]) -> str:
    """Return what a plugin adds as words: `1 monster, 2 weapons, 1 upgrade`."""
    return ", ".join(
        f"{n} {kind if n != 1 else _ONE.get(kind, kind.removesuffix('s'))}"
        for kind, n in adds.items()
        if n
    )


class PluginError(Exception):
    """A plugin the user asked for by name cannot be used; the message says which and why."""


class PluginWarning(UserWarning):
    """An optional plugin was skipped; the message names it and says why."""


class HookError(Exception):
    """A plugin's hook raised or returned something unusable; the message names the hook.

    It reads `unbroken_bots raised RuntimeError: boom (__init__.py:12)`:
    the hook, the error, and the innermost line of the plugin's own code.
    """


def observer_failure(name: str, observer: Callable[..., Any], exc: BaseException) -> str:
    """Return the one line that names a plugin whose observer raised, and where it raised."""
    where = _where(exc, getattr(observer, "__module__", "") or "")
    return f"plugin {name!r}: unbroken_game_event raised {_say(exc)}{where}"


def report(message: str) -> None:
    """Warn, in one `unbroken: warning:` line, about what a plugin did (a PluginWarning)."""
    _report(message)


def _report(message: str) -> None:
    """Warn about a skipped plugin; shown as one line `unbroken: warning: plugin 'x': ...`.

    It is a PluginWarning (filters and `pytest.warns` see it as one); only the
    printed form is ours, so it does not pose as a `file:line`.
    """
    shown = warnings.formatwarning

    def one_line(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        line: Any = None,
    ) -> str:
        if issubclass(category, PluginWarning):
            return f"unbroken: warning: {message}\n"
        return shown(message, category, filename, lineno, line)

    warnings.formatwarning = one_line
    try:
        warnings.warn_explicit(message, PluginWarning, filename="unbroken", lineno=0)
    finally:
        warnings.formatwarning = shown


def _say(exc: BaseException) -> str:
    """Return `Type: first line of the message` (a HookError: its message alone)."""
    text = str(exc).strip().splitlines()
    first = re.sub(r" in plugin <.*>$", "", text[0]) if text else ""  # pluggy's module repr
    if isinstance(exc, (HookError, TookTooLong)):
        return first
    return f"{type(exc).__name__}: {first}".rstrip(": ")


def _module_of(plugin: object) -> str:
    """Return the name of the module that defines `plugin` (a module, or an object's class)."""
    if isinstance(plugin, ModuleType):
        return plugin.__name__
    return str(getattr(type(plugin), "__module__", ""))


def _code_root(module: str) -> Path | None:
    """Return the folder of `module`'s top-level package (or its file), without importing it."""
    top = module.split(".")[0]
    if not top:
        return None
    origin = getattr(sys.modules.get(top), "__file__", None)
    if origin is None:
        try:
            spec = importlib.util.find_spec(top)
        except (ImportError, ValueError):
            return None
        origin = spec.origin if spec is not None else None
    if not origin or not os.path.isfile(origin):
        return None
    path = Path(origin).resolve()
    return path.parent if path.name == "__init__.py" else path


def _where(exc: BaseException, module: str) -> str:
    """Return ` (file.py:line)` of the innermost traceback frame in `module`'s package, or ""."""
    root = _code_root(module)
    if root is None:
        return ""
    places = [(f.filename, f.lineno or 0) for f in traceback.extract_tb(exc.__traceback__)]
    if isinstance(exc, TookTooLong) and exc.stack:  # where it was when it was given up on
        places = exc.stack
    for filename, lineno in reversed(places):
        path = Path(filename).resolve()
        if path == root or root in path.parents:
            return f" ({path.name}:{lineno})"
    return ""


def _hook_error(hook: str, exc: BaseException, plugin: object) -> HookError:
    """Return a HookError naming `hook`, what it raised and where in the plugin."""
    verb = "" if isinstance(exc, TookTooLong) else "raised "
    return HookError(f"{hook} {verb}{_say(exc)}{_where(exc, _module_of(plugin))}")
