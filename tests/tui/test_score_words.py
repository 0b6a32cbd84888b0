"""An expansion's score is said as the sum a player can check, on the end screen (#28
round 11: "Unearthed Tally 50" with no breakdown, its text reading "a harder one 35 or
40")."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from playing import press_until_over, winning

from unbroken import hookimpl
from unbroken.core.state import GameState
from unbroken.plugins import Plugins, load_plugins, load_ruleset, score_words
from unbroken.plugins.hookspecs import ScoringRule
from unbroken.testing import FolderPlugin, write_pack
from unbroken.tui import gameover
from unbroken.tui.app import UnbrokenApp

RULES = load_ruleset()


def ten(ruleset: Any, events: Any, state: Any) -> int:
    return 10


def ten_words(ruleset: Any, events: Any, state: Any) -> str:
    return "win 5 +\n 5 SE 5"


def broken_words(ruleset: Any, events: Any, state: Any) -> str:
    raise KeyError("difficulty")


class Summed(FolderPlugin):
    @hookimpl
    def unbroken_scoring_rules(self) -> list[ScoringRule]:
        return [
            ScoringRule("ten", "10 a game.", ten, title="Ten", explain=ten_words),
            ScoringRule("broken", "10 a game.", ten, explain=broken_words),
            ScoringRule("plain", "10 a game.", ten),
        ]


@pytest.fixture
def summed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Plugins:
    folder = write_pack(tmp_path / "summed", {"none.toml": ""})
    loaded = load_plugins(["base", "summed"], extra=[("summed", Summed(folder))])
    monkeypatch.setattr("unbroken.plugins.plugins_for", lambda _: loaded)
    return loaded


def test_a_rule_that_explains_its_points_is_said_by_its_words(summed: Plugins) -> None:
    scores = summed.alternative_scores([], GameState())
    assert scores == {"summed:ten": 10, "summed:broken": 10, "summed:plain": 10}
    with pytest.warns(UserWarning, match="'summed:broken''s words raised KeyError"):
        said = score_words(summed.ruleset, [], GameState(), scores)
    assert said == {"summed:ten": "win 5 + 5 SE 5"}  # one line; no words: none said
    assert score_words(summed.ruleset, [], GameState(), {}) == {}


def test_the_end_screen_says_an_expansion_s_score_as_its_sum(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sums = {"t": "Normal win 20 + 4 SE 4 + 3 ME 6 + 10 time 20 + 1 LE 3 + 5 food 0 + 2 wood 0"}
    monkeypatch.setattr("unbroken.plugins.alternative_scores", lambda *_: {"t": 53})
    monkeypatch.setattr("unbroken.plugins.score_words", lambda *_: sums)
    monkeypatch.setattr(gameover, "scoring_rules", lambda _: {"t": ("Unearthed Tally", "")})

    async def run() -> list[str]:
        app = UnbrokenApp(RULES, animate=False, game=winning())
        async with app.run_test(size=(80, 24)) as pilot:
            await press_until_over(pilot, app)
            await pilot.pause()
            return str(app.screen.query_one("#result").render()).splitlines()

    said = asyncio.run(run())
    start = next(i for i, line in enumerate(said) if line.startswith("  Unearthed Tally: 53 = "))
    lines = said[start : start + 2]
    assert " ".join(" ".join(lines).split()) == f"Unearthed Tally: 53 = {sums['t']}"
    assert all(len(line) <= 76 for line in lines) and lines[1].startswith("    "), lines
