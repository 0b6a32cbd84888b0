"""Shared by the Pilot tests: run an async test function with asyncio."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable


def sync(test: Callable[[], Awaitable[None]]) -> Callable[[], None]:
    """Run an async Pilot test with asyncio (no pytest plugin needed)."""

    def run() -> None:
        asyncio.run(test())  # type: ignore[arg-type]

    run.__name__ = test.__name__
    return run
