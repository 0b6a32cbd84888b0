"""Words by type: a table of one function per type, checked complete when imported.

Each words module keeps its own table (`effects.EFFECT_WORDS`,
`effects.MODIFIER_WORDS`, `actions.LABELS`, `events.EVENT_WORDS`), fills it with
`@words_for(TABLE, Type)` beside the function, and ends with `check_complete`,
which fails at import when a type of the core's union has no words, as the
core's reducer does for events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, get_args

_F = TypeVar("_F", bound=Callable[..., Any])


def words_for(table: dict[type, Any], kind: type) -> Callable[[_F], _F]:
    """Register the decorated function as the words of `kind` in `table`."""

    def register(fn: _F) -> _F:
        if kind in table:
            raise AssertionError(f"{kind.__name__} has words twice: {table[kind]} and {fn}")
        table[kind] = fn
        return fn

    return register


def check_complete(table: dict[type, Any], union: Any, what: str) -> None:
    """Fail (AssertionError) naming every type of `union` that has no words in `table`."""
    missing = [t.__name__ for t in get_args(union) if t not in table]
    if missing:
        raise AssertionError(f"{what} without words: {', '.join(missing)}")
