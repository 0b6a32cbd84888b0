"""Unbroken: the solo card game of survival and revenge, in the terminal.

Importing this package is light: it never imports textual, nor pluggy until a
plugin asks for `hookimpl` (`from unbroken import hookimpl`), so the pure
rules engine `unbroken.core` loads no plugin machinery.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pluggy

    #: Marks a plugin's hook implementations: `@hookimpl def unbroken_content_packs(): ...`.
    hookimpl: pluggy.HookimplMarker

__version__ = "0.3.0"

__all__ = ["__version__", "engine", "hookimpl"]


def engine() -> str:
    """Return which build of the rules engine runs: "compiled" (mypyc) or "pure Python".

    It looks for the engine driver's extension module beside its source, where Python's
    import finds one first, without importing the engine (`unbroken --version` draws
    before it loads).
    """
    import os
    from importlib.machinery import EXTENSION_SUFFIXES

    core = os.path.join(os.path.dirname(__file__), "core")
    compiled = any(os.path.exists(os.path.join(core, f"driver{s}")) for s in EXTENSION_SUFFIXES)
    return "compiled" if compiled else "pure Python"


def __getattr__(name: str) -> Any:
    """Return `hookimpl` (pluggy's HookimplMarker for project "unbroken"), made on first use."""
    if name == "hookimpl":
        import pluggy

        marker = pluggy.HookimplMarker("unbroken")
        globals()["hookimpl"] = marker
        return marker
    raise AttributeError(f"module 'unbroken' has no attribute {name!r}")
