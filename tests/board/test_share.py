"""The share line (issue #31): day, character, level reached, score and rank in one short line."""

from __future__ import annotations

from typing import Any

from unbroken.board.share import share_line
from unbroken.board.wire import Entry
from unbroken.core.ruleset import Ruleset


def row(**changes: Any) -> Entry:
    fields: dict[str, Any] = {
        "id": 3,
        "player": "ann",
        "character": "base:helena",
        "difficulty": "easy",
        "daily": "2026-11-26",
        "won": False,
        "score": 12,
        "level": 3,
        "decisions": 80,
        "submitted": "2026-11-26T10:00:00+00:00",
    }
    fields.update(changes)
    return Entry(**fields)


def test_the_share_line_of_a_daily(base_rules: Ruleset) -> None:
    line = share_line(row(), 2, base_rules)
    assert line == "Unbroken daily 2026-11-26: Helena, level 3, 12 points, #2 of the day"
    assert len(line) < 100  # pastes as one line in a chat
    assert share_line(row(won=True, score=70), 1, base_rules).endswith(
        "won, 70 points, #1 of the day"
    )
    assert share_line(row(assisted=True), 2, base_rules).endswith("(assisted)")


def test_the_share_line_of_free_play_has_no_rank(base_rules: Ruleset) -> None:
    assert (
        share_line(row(daily=None), 0, base_rules)
        == "Unbroken free play: Helena, level 3, 12 points"
    )
