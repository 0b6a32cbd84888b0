"""Achievements added by plugins (unbroken_achievements) are earned, kept and listed."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from recorded_games import as_won, played

from unbroken.core.achievements import Achievement
from unbroken.plugins import load_ruleset
from unbroken.records import achievement_sheet, add_game, all_achievements, open_records


def test_plugin_achievement_is_earned_and_on_the_sheet(tmp_path: Path) -> None:
    # R-ACH-1: plugins can add achievements through unbroken_achievements.
    rules = load_ruleset()
    lucky = Achievement("demo:lucky", "Lucky", "Win on an odd seed.", False)
    odd = Achievement("demo:even", "Even", "Win on an even seed.", False)

    def predicate(parity: int) -> Any:
        return lambda events, state, ruleset: state.seed % 2 == parity

    fake = SimpleNamespace(
        achievements=[(lucky, predicate(1)), (odd, predicate(0))],
        alternative_scores=lambda events, state, ruleset: {},
    )
    game = as_won(played(rules, seed=3))
    with open_records(tmp_path / "records.sqlite3") as records:
        row = add_game(records, game, rules, plugins=fake)
        sheet = {r.id: r for r in achievement_sheet(records.first_earned(), all_achievements(fake))}
    assert "demo:lucky" in row.achievements and "demo:even" not in row.achievements
    assert sheet["demo:lucky"].earned == {"normal": row.id}
    assert sheet["demo:even"].earned == {}
