"""A skipped plugin adds nothing, and every report of one says which hook, file and line."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import warnings
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from unbroken import __version__, hookimpl
from unbroken.core import events as ev
from unbroken.core.achievements import Achievement
from unbroken.core.state import GameState, StepName
from unbroken.plugins import PluginError, PluginWarning, load_plugins
from unbroken.plugins.hookspecs import ScoringRule

#: A level-1 monster on die face 1; `{handler}` is what its first roll does.
MOLE = """
[[monsters]]
id = "mole"
name = "Mole"
level = 1
number = 1
armor = 0
health = 2
text = "It was here first."
table = [
  { result = "WOUND", effects = [{ kind = "handler", name = "HANDLER" }] },
  { result = "MISS" }, { result = "MISS" }, { result = "MISS" },
  { result = "MISS" }, { result = "MISS" },
]
"""


def line_of(marker: str) -> int:
    """Return the line of this file that holds `marker` in a comment."""
    lines = Path(__file__).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.endswith(f"# {marker}"))


class Everything:
    """A plugin with a hook of every kind: cards, a handler, a rule, a medal, a bot, an observer."""

    __version__ = "2.0.0"

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.seen: list[object] = []

    @hookimpl
    def unbroken_content_packs(self) -> list[Path]:
        """Return the scratch folder."""
        return [self.folder]

    @hookimpl
    def unbroken_effect_handlers(self) -> dict[str, Any]:
        """Return one handler."""
        return {"chill": lambda ctx, params: None}

    @hookimpl
    def unbroken_scoring_rules(self) -> list[ScoringRule]:
        """Return one rule."""
        return [ScoringRule("five", "5 always", lambda r, e, s: 5)]

    @hookimpl
    def unbroken_achievements(self) -> list[tuple[Achievement, Any]]:
        """Return one achievement."""
        return [(Achievement("t:dug", "Dug", "Always."), lambda events, state, ruleset: True)]

    @hookimpl
    def unbroken_bots(self) -> dict[str, Any]:
        """Return one bot."""
        return {"first": lambda game, n: game.legal_actions()[0]}

    @hookimpl
    def unbroken_game_event(self, event: Any, state: GameState) -> None:
        """Remember the event."""
        self.seen.append(event)


def everything(tmp_path: Path, cards: str) -> Everything:
    """Return an Everything plugin whose content folder holds cards.toml = `cards`."""
    folder = tmp_path / "content"
    folder.mkdir()
    (folder / "cards.toml").write_text(cards, encoding="utf-8")
    return Everything(folder)


def quietly(*args: Any, **kwargs: Any) -> Any:
    """Return load_plugins(...) with its PluginWarnings recorded, not shown."""
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        return load_plugins(*args, **kwargs)


# --------------------------------------------------------------------------- skipped is skipped


def test_a_plugin_with_good_content_brings_all_of_it(tmp_path: Path) -> None:
    plugin = everything(tmp_path, MOLE.replace("HANDLER", "t:chill"))
    loaded = load_plugins(["base", "t"], extra=[("t", plugin)])
    assert loaded.ruleset.plugins == {"base": __version__, "t": "2.0.0"}
    assert [r.name for r in loaded.scoring_rules] == ["t:five"]
    assert list(loaded.bots) == ["t:first"]
    assert [a.id for a, _ in loaded.achievements] == ["t:dug"]
    assert [name for name, _ in loaded.observers] == ["t"]


@pytest.mark.parametrize(
    ("broken", "why"),
    [
        ("health = 2\n[oops", "TOML"),  # a TOML error
        ("health = 2\ncolour = 'red'", "colour"),  # an unknown field
        ('health = "two"', "int"),  # a wrong type
    ],
)
def test_a_plugin_skipped_for_bad_content_adds_nothing_at_all(
    tmp_path: Path, broken: str, why: str
) -> None:
    plugin = everything(tmp_path, MOLE.replace("HANDLER", "t:chill").replace("health = 2", broken))
    loaded = quietly(["base", "t"], extra=[("t", plugin)])
    (info,) = [i for i in loaded.infos if i.name == "t"]
    assert why in info.problem and not info.loaded
    # No cards, and none of its other hooks either: not a half-loaded plugin.
    assert loaded.ruleset.plugins == {"base": __version__}
    assert loaded.scoring_rules == [] and loaded.bots == {} and loaded.achievements == []
    assert loaded.observers == []
    assert (info.adds, info.handlers, info.scoring_rules, info.bots, info.achievements) == (
        {},
        [],
        [],
        [],
        [],
    )
    loaded.observe(ev.GameOver(won=False, level=1, step=StepName.BATTLE), GameState())
    assert plugin.seen == []
    with pytest.raises(PluginError, match="plugin 't'"):
        load_plugins(["base", "t"], strict=["t"], extra=[("t", plugin)])


def test_a_plugin_whose_bots_hook_raises_is_skipped_with_its_cards(tmp_path: Path) -> None:
    class BadBots(Everything):
        @hookimpl
        def unbroken_bots(self) -> dict[str, Any]:
            """Raise."""
            raise RuntimeError("no bots today")  # bots-raise

    plugin = BadBots(everything(tmp_path, MOLE.replace("HANDLER", "t:chill")).folder)
    with pytest.warns(PluginWarning, match="plugin 't': unbroken_bots raised"):
        loaded = load_plugins(["base", "t"], extra=[("t", plugin)])
    assert "t:mole" not in loaded.ruleset.monsters and loaded.scoring_rules == []


def test_the_command_lists_a_skipped_plugin_as_adding_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from unbroken.cli.command import main

    plugin = everything(tmp_path, MOLE.replace("HANDLER", "t:chill").replace("= 2", '= "2"'))
    real = load_plugins
    monkeypatch.setattr(
        "unbroken.plugins.load_plugins",
        lambda names=None, strict=(), extra=(): real(names, strict, [("t", plugin)]),
    )
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    lines = out[out.index("\nt 2.0.0") + 1 :].splitlines()
    # Its own block: the heading and its indented lines (installed expansions may follow).
    own = next((i for i, line in enumerate(lines[1:], 1) if not line.startswith(" ")), len(lines))
    listed = "\n".join(lines[:own])
    assert "adds: nothing" in listed and "problem: plugin 't'" in listed
    assert "scoring rules" not in listed and "bots" not in listed and "handlers" not in listed


# --------------------------------------------------------------------------- where it went wrong


def test_a_raising_hook_is_named_with_the_plugins_file_and_line() -> None:
    class Raises:
        @hookimpl
        def unbroken_content_packs(self) -> list[Path]:
            """Raise."""
            raise RuntimeError("boom")  # packs-raise

    with pytest.warns(PluginWarning) as caught:
        load_plugins(["base", "r"], extra=[("r", Raises())])
    assert [str(w.message) for w in caught] == [
        "plugin 'r': unbroken_content_packs raised RuntimeError: boom "
        f"(test_skipped_plugins.py:{line_of('packs-raise')})"
    ]


def test_a_raising_hook_points_at_the_plugins_own_line_not_the_library_it_called() -> None:
    def helper() -> dict[str, Any]:
        return dict(zip("ab", [1], strict=True))  # helper-raise

    class Calls:
        @hookimpl
        def unbroken_effect_handlers(self) -> dict[str, Any]:
            """Raise in a helper of the plugin's, inside the standard library."""
            return helper()

    with pytest.warns(PluginWarning, match=rf"ValueError: .*:{line_of('helper-raise')}\)$"):
        load_plugins(["base", "c"], extra=[("c", Calls())])


def test_a_hook_that_returns_the_wrong_shape_is_named() -> None:
    class ListOfBots:
        @hookimpl
        def unbroken_bots(self) -> list[Any]:
            """The wrong shape: a list, not a dict."""
            return [lambda game, n: game.legal_actions()[0]]

    with pytest.warns(PluginWarning, match="plugin 'l': unbroken_bots returned an unusable list"):
        loaded = load_plugins(["base", "l"], extra=[("l", ListOfBots())])
    assert loaded.bots == {}


def test_a_raising_observer_or_scoring_rule_is_named_with_its_line() -> None:
    def score(ruleset: Any, events: list[Any], state: GameState) -> int:
        raise ZeroDivisionError("no points")  # score-raise

    class Late:
        @hookimpl
        def unbroken_scoring_rules(self) -> list[ScoringRule]:
            """Return a rule that raises."""
            return [ScoringRule("oops", "", score)]

        @hookimpl
        def unbroken_game_event(self, event: Any, state: GameState) -> None:
            """Raise."""
            raise RuntimeError("boom")  # observe-raise

    loaded = load_plugins(["base", "late"], extra=[("late", Late())])
    with pytest.warns(PluginWarning) as caught:
        loaded.alternative_scores([], GameState())
        loaded.observe(ev.GameOver(won=False, level=1, step=StepName.BATTLE), GameState())
    assert [str(w.message) for w in caught] == [
        "scoring rule 'late:oops' raised ZeroDivisionError: no points "
        f"(test_skipped_plugins.py:{line_of('score-raise')})",
        "plugin 'late': unbroken_game_event raised RuntimeError: boom "
        f"(test_skipped_plugins.py:{line_of('observe-raise')})",
    ]


def test_an_import_error_names_the_plugins_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "unbroken_halfdone"
    package.mkdir()
    (package / "__init__.py").write_text('"""Half done."""\n\nundefined_name\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    point = metadata.EntryPoint(name="halfdone", value="unbroken_halfdone", group="unbroken")
    monkeypatch.setattr("unbroken.plugins.config.installed_entry_points", lambda: [point])
    with pytest.warns(PluginWarning) as caught:
        load_plugins(None)
    assert [str(w.message) for w in caught] == [
        "plugin 'halfdone' (entry point) failed to load: "
        "NameError: name 'undefined_name' is not defined (__init__.py:3)"
    ]


# --------------------------------------------------------------------------- one name, two dists


@dataclass
class FakeEntryPoint:
    """An installed entry point of distribution `dist` that loads `plugin`."""

    name: str
    dist: Any
    plugin: object
    value: str = "scratch"

    def load(self) -> object:
        """Return the plugin, as importing it would."""
        return self.plugin


def dist(name: str, version: str = "1.0") -> Any:
    """Return a stand-in for an installed distribution."""
    return SimpleNamespace(name=name, version=version)


@pytest.mark.parametrize("order", [1, -1])
def test_two_distributions_with_one_name_are_told_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, order: int
) -> None:
    class Scoring:
        @hookimpl
        def unbroken_scoring_rules(self) -> list[ScoringRule]:
            """Return one rule."""
            return [ScoringRule("tally", "1 always", lambda r, e, s: 1)]

    cards = everything(tmp_path, MOLE.replace("HANDLER", "pool:chill"))
    points = [
        FakeEntryPoint("pool", dist("unbroken-pool", "1.0"), cards),
        FakeEntryPoint("pool", dist("unbroken-pooltwo", "2.0"), Scoring()),
    ][::order]
    monkeypatch.setattr("unbroken.plugins.config.installed_entry_points", lambda: points)
    with pytest.warns(PluginWarning) as caught:
        loaded = load_plugins(None)
    # The same one wins whatever order the entry points are found in: by distribution.
    first, second = [i for i in loaded.infos if i.name == "pool"]
    assert (first.origin, first.version) == ("unbroken-pool (entry point)", "1.0")
    assert first.loaded and not first.problem
    assert first.adds == {"monsters": 1} and first.scoring_rules == ["pool:five"]
    assert first.handlers == ["pool:chill"] and first.bots == ["pool:first"]
    assert (second.origin, second.version) == ("unbroken-pooltwo (entry point)", "2.0")
    assert not second.loaded and second.adds == {} and second.scoring_rules == []
    assert second.problem == (
        "plugin 'pool' (unbroken-pooltwo (entry point)): the name is already taken by "
        "unbroken-pool (entry point); skipped (uninstall one of them)"
    )
    assert [str(w.message) for w in caught] == [second.problem]
    assert loaded.ruleset.plugins == {"base": __version__, "pool": "1.0"}
    assert [r.name for r in loaded.scoring_rules] == ["pool:five"]


# --------------------------------------------------------------------------- how it reads


def test_a_warning_prints_as_one_clean_line(tmp_path: Path) -> None:
    script = textwrap.dedent(
        """
        from unbroken import hookimpl
        from unbroken.plugins import load_plugins

        class Misspelt:
            @hookimpl
            def unbroken_content_pack(self):
                return []

        load_plugins(["base", "typo"], extra=[("typo", Misspelt())])
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    assert done.stderr.startswith("unbroken: warning: plugin 'typo' (registered) failed to load:")
    assert len(done.stderr.splitlines()) == 1 and "unbroken_content_pack" in done.stderr


def test_a_local_handler_name_suggests_the_plugins_own(tmp_path: Path) -> None:
    plugin = everything(tmp_path, MOLE.replace("HANDLER", "chill"))
    with pytest.warns(PluginWarning) as caught:
        load_plugins(["base", "t"], extra=[("t", plugin)])
    folder = tmp_path / "content"
    assert str(caught[0].message) == (
        f"plugin 't': {folder}/cards.toml:11: monster 't:mole' uses unknown handler 'chill' "
        "(did you mean 't:chill'?)"
    )


def test_an_unknown_handler_of_nobody_gets_no_suggestion(tmp_path: Path) -> None:
    plugin = everything(tmp_path, MOLE.replace("HANDLER", "freeze"))
    with pytest.warns(PluginWarning) as caught:
        load_plugins(["base", "t"], extra=[("t", plugin)])
    folder = tmp_path / "content"
    assert str(caught[0].message) == (
        f"plugin 't': {folder}/cards.toml:11: monster 't:mole' uses unknown handler 'freeze'"
    )
