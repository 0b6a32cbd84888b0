"""Scoring rules and bots have display names, shown instead of their ids (#19 item 2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from unbroken import hookimpl
from unbroken.cli.command import main
from unbroken.plugins import Plugins, load_plugins
from unbroken.plugins.hookspecs import ScoringRule
from unbroken.records import alternatives_text
from unbroken.testing import FolderPlugin, write_pack


def five(ruleset: Any, events: Any, state: Any) -> int:
    return 5


def plain(ruleset: Any, events: Any, state: Any) -> int:
    return 1


def steady(game: Any, n: int) -> Any:
    return game.legal_actions()[0]


steady.title = "Steady Hand"  # type: ignore[attr-defined]


class Named(FolderPlugin):
    @hookimpl
    def unbroken_scoring_rules(self) -> list[ScoringRule]:
        return [
            ScoringRule("five", "5 points a game.", five, title="Five a game"),
            ScoringRule("plain", "1 point a game.", plain),
        ]

    @hookimpl
    def unbroken_bots(self) -> dict[str, Any]:
        return {"steady": steady}


@pytest.fixture
def named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Plugins:
    folder = write_pack(tmp_path / "named", {"none.toml": ""})
    loaded = load_plugins(["base", "named"], extra=[("named", Named(folder))])
    monkeypatch.setattr("unbroken.plugins.current_plugins", lambda: loaded)
    return loaded


def test_display_names_are_given_for_rules_and_bots_that_have_one(named: Plugins) -> None:
    assert named.display_names() == {"named:five": "Five a game", "named:steady": "Steady Hand"}
    [rule, other] = named.scoring_rules
    assert (rule.display, other.display) == ("Five a game", "named:plain")


def test_scores_read_by_their_display_names(named: Plugins) -> None:
    scores = {"named:five": 5, "named:plain": 1, "gone:old": 3}
    assert (
        alternatives_text(scores, named.display_names())
        == "gone:old 3, Five a game 5, named:plain 1"
    )


def test_the_plugins_list_shows_display_names_beside_ids(
    named: Plugins, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("unbroken.plugins.load_plugins", lambda names: named)
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert "    scoring rules: Five a game (named:five), named:plain\n" in out
    assert "    bots: Steady Hand (named:steady)\n" in out
    # Each kind of thing a plugin adds is one line, said once (a merge once printed them twice).
    assert out.count("scoring rules:") == 1 and out.count("bots:") == 1
