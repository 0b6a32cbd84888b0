"""A plugin that hangs — at import, in a hook, a handler or a scoring rule — is named and
given up on after its time limit (unbroken.plugins.time_limits); nothing waits for it forever.

Small limits keep these quick; asserted is what a player reads and that the game goes on.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from installed import install_package

from unbroken import hookimpl
from unbroken.cli.command import main
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.handlers import HandlerError
from unbroken.plugins import PluginWarning, load_plugins
from unbroken.plugins.hookspecs import ScoringRule
from unbroken.testing import FolderPlugin, Scenario, play, write_pack


@pytest.fixture(autouse=True)
def short_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("unbroken.plugins.time_limits.LOAD_LIMIT", 0.3)
    monkeypatch.setattr("unbroken.plugins.time_limits.PLAY_LIMIT", 0.3)


def stall() -> None:
    """Loop for ever, as a buggy plugin does (the limit's stop ends the loop)."""
    while True:
        time.sleep(0.01)


@pytest.fixture
def hanging_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Install unbroken-stuck 0.1.0 (plugin `stuck`), whose import never ends."""
    site = tmp_path / "site"
    source = '"""Stuck."""\nimport time\n\nwhile True:\n    time.sleep(0.01)\n'
    module = install_package(site, "stuck", "0.1.0", source)
    monkeypatch.syspath_prepend(str(site))
    yield module
    sys.modules.pop("unbroken_stuck", None)


def test_an_import_that_hangs_is_named_and_skipped(hanging_package: Path) -> None:
    with pytest.warns(PluginWarning) as caught:
        loaded = load_plugins(["base", "stuck"])
    assert [str(w.message) for w in caught] == [
        "plugin 'stuck' (unbroken-stuck (entry point)) failed to load: "
        "took longer than 0.3 s (__init__.py:5)"
    ]
    assert "stuck" not in loaded.ruleset.plugins


def test_the_plugins_list_never_hangs(
    hanging_package: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("UNBROKEN_PLUGINS")
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert "stuck 0.1.0" in out
    assert "failed to load: took longer than 0.3 s (__init__.py:5)" in out


class Packs(FolderPlugin):
    @hookimpl
    def unbroken_content_packs(self) -> list[Path]:
        stall()
        return []


def test_a_content_hook_that_hangs_is_named_and_skipped(tmp_path: Path) -> None:
    folder = write_pack(tmp_path / "slow", {})
    with pytest.warns(PluginWarning) as caught:
        loaded = load_plugins(["base", "slow"], extra=[("slow", Packs(folder))])
    assert [str(w.message) for w in caught] == [
        "plugin 'slow': unbroken_content_packs took longer than 0.3 s (test_plugin_limits.py:37)"
    ]
    assert "slow" not in loaded.ruleset.plugins


ENCOUNTER = """
[[encounters]]
id = "trap"
name = "A Slow Trap"
group = "food"
time = 1
text = "It takes its time."
effects = [{ kind = "handler", name = "slow:wait" }]
"""


def wait(ctx: Any, params: dict[str, Any]) -> None:
    stall()


class Handlers(FolderPlugin):
    @hookimpl
    def unbroken_effect_handlers(self) -> dict[str, Any]:
        return {"wait": wait}


def test_a_handler_that_hangs_refuses_the_decision_and_is_switched_off(tmp_path: Path) -> None:
    folder = write_pack(tmp_path / "slow", {"encounters.toml": ENCOUNTER})
    rules = load_plugins(["base", "slow"], extra=[("slow", Handlers(folder))]).ruleset
    game = Scenario("tomu", ruleset=rules).encounters("slow:trap").start("preparation")
    play(game, act.Explore(), act.ChooseEncounter("slow:trap"))
    before = list(game.events)
    message = (
        "plugin 'slow': effect handler 'slow:wait' on 'slow:trap' took longer than 0.3 s "
        "(test_plugin_limits.py:37); it is switched off for the rest of this run"
    )
    for _ in range(2):  # the second time at once, with the same words
        with pytest.raises(HandlerError) as caught:
            game.apply(act.Resolve())
        assert str(caught.value) == message
        assert game.events == before  # the decision is refused: the game is as it was
    assert act.Rest() in game.legal_actions()  # and it goes on


def forever(ruleset: Any, events: Any, state: Any) -> int:
    stall()
    return 1


class Scores(FolderPlugin):
    @hookimpl
    def unbroken_scoring_rules(self) -> list[ScoringRule]:
        return [ScoringRule("forever", "Never done counting.", forever)]


def test_a_scoring_rule_that_hangs_is_named_and_switched_off(tmp_path: Path) -> None:
    folder = write_pack(tmp_path / "slow", {"none.toml": ""})
    loaded = load_plugins(["base", "slow"], extra=[("slow", Scores(folder))])
    assert "slow" in loaded.ruleset.plugins
    game = Game.new(loaded.ruleset, "tomu", seed=1)
    with pytest.warns(PluginWarning) as caught:
        assert loaded.alternative_scores(game.events, game.state) == {}
    assert [str(w.message) for w in caught] == [
        "scoring rule 'slow:forever' took longer than 0.3 s (test_plugin_limits.py:37); "
        "it is switched off for the rest of this run"
    ]
    assert loaded.scoring_rules == []


def in_words(ruleset: Any, events: Any, state: Any) -> Any:
    return "five"


class Words(FolderPlugin):
    @hookimpl
    def unbroken_scoring_rules(self) -> list[ScoringRule]:
        return [ScoringRule("words", "Counts in words.", in_words)]


def test_a_scoring_rule_returning_the_wrong_shape_is_named(tmp_path: Path) -> None:
    folder = write_pack(tmp_path / "wordy", {"none.toml": ""})
    loaded = load_plugins(["base", "wordy"], extra=[("wordy", Words(folder))])
    game = Game.new(loaded.ruleset, "tomu", seed=1)
    with pytest.warns(PluginWarning) as caught:
        assert loaded.alternative_scores(game.events, game.state) == {}
    assert [str(w.message) for w in caught] == [
        "scoring rule 'wordy:words' returned 'five', not a whole number of points or None; "
        "the game is kept without it"
    ]
