"""The store is SQL only: it keeps rows with no game, no plugins and no achievement rules."""

from __future__ import annotations

import dataclasses

import pytest

from unbroken.records import GameRow, PastGame, Records

WON = GameRow(
    id=0,
    started="2026-01-02T03:04:05+00:00",
    finished="2026-01-02T03:30:00+00:00",
    character="base:tomu",
    cls="base:brute",
    difficulty="hard",
    seed=7,
    plugins={"base": "0.3.0"},
    won=True,
    level=4,
    step="end",
    cause="",
    killed_by="",
    score=31,
    rank="Revenant",
    alternative_scores={"five:wins": 5},
    replay=None,
)


@pytest.fixture
def no_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make asking the plugins or working out an achievement fail the test."""

    def asked(*args: object, **kwargs: object) -> None:
        raise AssertionError("the store asked for plugins or achievement rules")

    for name in ("unbroken.plugins.current_plugins", "unbroken.plugins.alternative_scores"):
        monkeypatch.setattr(name, asked)
    for name in ("earned", "earned_across"):
        monkeypatch.setattr(f"unbroken.core.achievements.{name}", asked)


@pytest.mark.usefixtures("no_rules")
def test_a_game_is_stored_and_read_back_with_no_plugins_and_no_achievements(
    records: Records,
) -> None:
    row = records.store_game(WON)
    assert row == dataclasses.replace(WON, id=1)
    assert row.achievements == [] and row.new_achievements == []
    assert records.games() == [row]
    assert records.count() == (1, 1)
    assert records.best_won_score("base:brute", "hard") == 31
    assert records.first_earned() == {}


@pytest.mark.usefixtures("no_rules")
def test_an_award_sees_the_history_of_its_difficulty_and_new_is_once_per_difficulty(
    records: Records,
) -> None:
    # R-ACH-1: an achievement is new once per difficulty
    seen: list[tuple[list[PastGame], set[tuple[str, str]]]] = []

    def award(history: list[PastGame], before: set[tuple[str, str]]) -> list[str]:
        seen.append((history, set(before)))
        return ["test:kept"]

    records.store_game(dataclasses.replace(WON, difficulty="easy"))
    first = records.store_game(WON, award)
    again = records.store_game(dataclasses.replace(WON, won=False), award)
    assert first.achievements == first.new_achievements == ["test:kept"]
    assert again.achievements == ["test:kept"] and again.new_achievements == []
    assert seen[0] == ([PastGame(2, "base:brute", "hard", True)], set())
    assert seen[1][0][-1] == PastGame(3, "base:brute", "hard", False)
    assert seen[1][1] == {("test:kept", "hard")}
    assert records.first_earned() == {"test:kept": {"hard": 2}}
    assert [r.new_achievements for r in records.games(newest_first=False)] == [
        [],
        ["test:kept"],
        [],
    ]
