"""Fixtures of the records tests: the ruleset, finished games, a fresh records file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from recorded_games import GameMaker, as_won, played

from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset
from unbroken.records import Records, open_records


@pytest.fixture(scope="session")
def rules() -> Ruleset:
    return load_ruleset()


@pytest.fixture
def lost_game(rules: Ruleset) -> GameMaker:
    def make(seed: int = 1, character: str = "maxyn-zenma", difficulty: str = "normal") -> Game:
        return played(rules, seed, character, difficulty)

    return make


@pytest.fixture
def won_game(rules: Ruleset) -> GameMaker:
    def make(
        seed: int = 1,
        character: str = "maxyn-zenma",
        difficulty: str = "normal",
        score: int = 23,
        rank: str = "Avenger",
    ) -> Game:
        return as_won(played(rules, seed, character, difficulty), score, rank)

    return make


@pytest.fixture
def records(tmp_path: Path) -> Iterator[Records]:
    store = open_records(tmp_path / "records.sqlite3")
    yield store
    store.close()
