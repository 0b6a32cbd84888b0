"""One rule for `--jobs` (sim, balance, verify, analyze, the advisor's pool): what is asked,
at most a worker per CPU and per piece of work; unasked, one per CPU."""

from __future__ import annotations

import os

import pytest

from unbroken.bots.workers import worker_count


@pytest.mark.parametrize(
    ("asked", "pieces", "cpus", "expected"),
    [
        (None, 100, 4, 4),  # unasked: one per CPU
        (2, 100, 4, 2),  # asked: as asked
        (8, 100, 4, 4),  # never more than the CPUs
        (8, 3, 4, 3),  # nor than the pieces of work
        (None, 0, 4, 1),  # and always one
        (None, 100, None, 1),  # CPUs unknown: one
    ],
)
def test_the_jobs_rule(
    asked: int | None, pieces: int, cpus: int | None, expected: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: cpus)
    assert worker_count(asked, pieces) == expected
