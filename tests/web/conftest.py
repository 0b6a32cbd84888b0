"""The browser tests' fixtures: `served` starts `unbroken serve`s and stops them after."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from serving import Served


@pytest.fixture
def served() -> Iterator[Callable[..., Served]]:
    started: list[Served] = []

    def start(*options: str) -> Served:
        started.append(Served(*options))
        return started[-1]

    yield start
    for server in started:
        server.stop()
