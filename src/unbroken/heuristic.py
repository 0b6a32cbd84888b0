"""Deprecated: the heuristic bot is `unbroken.sim.heuristic_bot` (code in `unbroken.bots`).

Kept for one release (0.3) so plugins written against 0.2 keep working; using a
name from here warns with a DeprecationWarning.
"""

from __future__ import annotations

import warnings
from typing import Any


def __getattr__(name: str) -> Any:
    from unbroken.bots import heuristic

    value = getattr(heuristic, name)
    warnings.warn(
        f"unbroken.heuristic.{name} is deprecated; use unbroken.sim.{name} "
        f"(or unbroken.bots.heuristic.{name})",
        DeprecationWarning,
        stacklevel=2,
    )
    return value
