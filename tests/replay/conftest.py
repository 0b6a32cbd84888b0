"""Fixtures for the replay tests: the base ruleset and a recorded game."""

from __future__ import annotations

from pathlib import Path

import pytest

from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset
from unbroken.sim import record_game


@pytest.fixture(scope="session")
def ruleset() -> Ruleset:
    return load_ruleset()


@pytest.fixture(scope="session")
def recording(ruleset: Ruleset, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A lost game recorded with the greedy bot, as plain JSON Lines so tests can edit lines.

    Read-only: copy before changing it.
    """
    directory = tmp_path_factory.mktemp("recorded")
    return record_game(ruleset, "maxyn-zenma", "normal", 47, "greedy", directory, compress=False)


@pytest.fixture(scope="session")
def compressed(ruleset: Ruleset, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same game as `recording`, as the game writes it: `.jsonl.gz` (read-only)."""
    directory = tmp_path_factory.mktemp("compressed")
    return record_game(ruleset, "maxyn-zenma", "normal", 47, "greedy", directory)
