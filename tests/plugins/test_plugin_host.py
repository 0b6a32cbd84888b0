"""The plugin host: hooks, namespacing, joining decks, load order, and broken plugins."""

from __future__ import annotations

import warnings
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

from unbroken import __version__, hookimpl, sim
from unbroken.content import base_content_dir, load_pack
from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.achievements import Achievement
from unbroken.core.game import Game
from unbroken.core.ruleset import build_ruleset
from unbroken.core.state import GameState, StepName
from unbroken.plugins import (
    PluginError,
    PluginWarning,
    disabled_plugins,
    load_plugins,
    load_ruleset,
    set_enabled,
)
from unbroken.plugins.hookspecs import ScoringRule
from unbroken.testing import FolderPlugin, write_pack

#: A level-1 monster on die face 1 (where the base game has the Kobold).
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
  { result = "MISS" }, { result = "MISS" }, { result = "MISS" },
  { result = "WOUND", effects = [{ kind = "lose", amounts = { se = 1 } }] },
  { result = "MISS" }, { result = "MISS" },
]
"""


class ContentPlugin(FolderPlugin):
    """A scratch plugin whose content is one folder."""

    __version__ = "1.2.3"


def content_plugin(tmp_path: Path, name: str, text: str) -> ContentPlugin:
    """Return a ContentPlugin over tmp_path/name/cards.toml holding `text`."""
    return ContentPlugin(write_pack(tmp_path / name, {"cards.toml": text}))


def quietly(*args: Any, **kwargs: Any) -> Any:
    """Return load_plugins(...) with its PluginWarnings recorded, not shown."""
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        return load_plugins(*args, **kwargs)


# --------------------------------------------------------------------------- base only


def test_base_only_ruleset_is_the_base_pack_byte_for_byte() -> None:
    plain = build_ruleset([load_pack(base_content_dir(), "base")], plugins={"base": __version__})
    ruleset = load_ruleset()
    assert ruleset.digest == plain.digest
    assert ruleset.plugins == {"base": __version__}
    assert ruleset.monsters == plain.monsters
    assert ruleset.weapons == plain.weapons


def test_load_ruleset_is_cached_per_enabled_set() -> None:
    assert load_ruleset() is load_ruleset()


# --------------------------------------------------------------------------- one test per hook


def test_hook_unbroken_content_packs(tmp_path: Path) -> None:
    plugin = content_plugin(tmp_path, "mole", MOLE)
    loaded = load_plugins(["base", "moles"], extra=[("moles", plugin)])
    rules = loaded.ruleset
    # Ids are namespaced by the plugin; the monster takes die face 1 of level 1.
    assert "moles:mole" in rules.monsters
    assert rules.monsters_of_level(1)[1].id == "moles:mole"
    assert "base:kobold" not in rules.monsters
    assert rules.plugins == {"base": __version__, "moles": "1.2.3"}
    info = next(i for i in loaded.infos if i.name == "moles")
    assert info.adds == {"monsters": 1} and info.loaded
    game = Game.new(rules, character="base:maxyn-zenma", difficulty="normal", seed=1)
    assert game.decision is not None


def test_a_monster_with_a_new_number_joins_the_level(tmp_path: Path) -> None:
    # R-MONSTER-1: seven monsters on level 1, so its roll has seven sides.
    plugin = content_plugin(tmp_path, "mole", MOLE.replace("number = 1", "number = 7"))
    rules = load_plugins(["base", "moles"], extra=[("moles", plugin)]).ruleset
    level_one = rules.monsters_of_level(1)
    assert sorted(level_one) == [1, 2, 3, 4, 5, 6, 7] and level_one[7].id == "moles:mole"
    assert "base:kobold" in rules.monsters  # nothing replaced
    met: dict[str, int] = {}
    for seed in range(1, 281):
        game = Game.new(rules, character="base:maxyn-zenma", difficulty="normal", seed=seed)
        events = game.apply(next(a for a in game.legal_actions() if isinstance(a, act.Fight)))
        (roll,) = [e.value for e in events if isinstance(e, ev.DieRolled) and e.stream == "monster"]
        (shown,) = [e.monster for e in events if isinstance(e, ev.MonsterRevealed)]
        assert shown == level_one[roll].id
        met[shown] = met.get(shown, 0) + 1
    # Every one of the seven is met, each about 40 times in 280 games.
    assert len(met) == 7 and min(met.values()) > 20, met


def test_upgrade_edges_join_a_base_weapon(tmp_path: Path) -> None:
    text = """
[[weapons]]
id = "sling"
name = "Sling"
type = "basic"
text = "Stones."
attacks = [{ id = "stone", type = "wound", power = 1, cost = { se = 1 } }]

[[upgrades]]
from = "base:bare-hands"
to = "sling"
cost = { wood = 1, time = 1 }
"""
    loaded = load_plugins(
        ["base", "slings"], extra=[("slings", content_plugin(tmp_path, "s", text))]
    )
    targets = [u.to for u in loaded.ruleset.weapons["base:bare-hands"].upgrades]
    assert targets == ["base:club", "base:knife", "slings:sling"]
    assert next(i for i in loaded.infos if i.name == "slings").adds["upgrades"] == 1


def test_hook_unbroken_effect_handlers(tmp_path: Path) -> None:
    calls: list[dict[str, Any]] = []

    class Handlers(ContentPlugin):
        @hookimpl
        def unbroken_effect_handlers(self) -> dict[str, Any]:
            """Return one handler."""
            return {"drain": lambda ctx, params: calls.append(params)}

    text = MOLE.replace(
        '{ result = "MISS" }, { result = "MISS" }, { result = "MISS" },',
        '{ result = "WOUND", effects = [{ kind = "handler", name = "h:drain" }] }, '
        '{ result = "MISS" }, { result = "MISS" },',
    )
    folder = content_plugin(tmp_path, "h", text).folder
    loaded = load_plugins(["base", "h"], extra=[("h", Handlers(folder))])
    assert "h:drain" in loaded.ruleset.handlers
    assert next(i for i in loaded.infos if i.name == "h").handlers == ["h:drain"]


def test_hook_unbroken_scoring_rules() -> None:
    class Scoring:
        @hookimpl
        def unbroken_scoring_rules(self) -> list[ScoringRule]:
            """Return a win-only rule."""

            def score(ruleset: Any, events: list[Any], state: GameState) -> int | None:
                return 7 if any(isinstance(e, ev.GameOver) and e.won for e in events) else None

            return [ScoringRule("sevens", "7 for a win", score)]

    loaded = load_plugins(["base", "sc"], extra=[("sc", Scoring())])
    won = [ev.GameOver(won=True, level=4, step=StepName.BATTLE)]
    lost = [ev.GameOver(won=False, level=1, step=StepName.BATTLE)]
    assert loaded.alternative_scores(won, GameState()) == {"sc:sevens": 7}
    assert loaded.alternative_scores(lost, GameState()) == {}


def test_hook_unbroken_achievements() -> None:
    medal = Achievement("scratch:dug", "Dug In", "Win anything.")

    class Medals:
        @hookimpl
        def unbroken_achievements(self) -> list[tuple[Achievement, Any]]:
            """Return one achievement."""
            return [(medal, lambda events, state, ruleset: True)]

    loaded = load_plugins(["base", "m"], extra=[("m", Medals())])
    assert [a for a, _ in loaded.achievements] == [medal]


def test_hook_unbroken_bots() -> None:
    class Bots:
        @hookimpl
        def unbroken_bots(self) -> dict[str, Any]:
            """Return one bot."""
            return {"first": lambda game, n: game.legal_actions()[0]}

    loaded = load_plugins(["base", "b"], extra=[("b", Bots())])
    assert list(loaded.bots) == ["b:first"]
    game = Game.new(loaded.ruleset, character="base:maxyn-zenma", difficulty="normal", seed=3)
    assert loaded.bots["b:first"](game, 0) == game.legal_actions()[0]
    # Handed down, the bot is one `unbroken.sim` can play with.
    assert "b:first" in sim.all_bots(loaded)
    assert sim.run(loaded.ruleset, games=1, seed=2, bot="b:first", plugins=loaded).games == 1


def test_hook_unbroken_game_event() -> None:
    seen: list[str] = []

    class Watcher:
        @hookimpl
        def unbroken_game_event(self, event: Any, state: GameState) -> None:
            """Record the event's type."""
            seen.append(type(event).__name__)

    class Broken:
        @hookimpl
        def unbroken_game_event(self, event: Any, state: GameState) -> None:
            """Always raise."""
            raise RuntimeError("boom")

    loaded = load_plugins(["base", "w", "x"], extra=[("w", Watcher()), ("x", Broken())])
    event = ev.GameOver(won=False, level=1, step=StepName.BATTLE)
    with pytest.warns(PluginWarning, match="plugin 'x'.*boom"):
        loaded.observe(event, GameState())
    loaded.observe(event, GameState())  # the raising observer was dropped
    assert seen == ["GameOver", "GameOver"]


# --------------------------------------------------------------------------- broken plugins


def test_a_misspelt_hook_is_reported_naming_the_plugin_and_skipped() -> None:
    class Misspelt:
        @hookimpl
        def unbroken_content_pack(self) -> list[Path]:
            """Misspelt on purpose."""
            return []

    with pytest.warns(PluginWarning, match="plugin 'typo'.*unbroken_content_pack"):
        loaded = load_plugins(["base", "typo"], extra=[("typo", Misspelt())])
    assert loaded.ruleset.plugins == {"base": __version__}
    with pytest.raises(PluginError, match="plugin 'typo'"):
        load_plugins(["base", "typo"], strict=["typo"], extra=[("typo", Misspelt())])


def test_a_plugin_that_fails_to_import_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = metadata.EntryPoint(name="ghost", value="no_such_module_xyz", group="unbroken")
    monkeypatch.setattr("unbroken.plugins.config.installed_entry_points", lambda: [broken])
    with pytest.warns(PluginWarning, match="plugin 'ghost'.*ModuleNotFoundError"):
        loaded = load_plugins(None)
    assert set(loaded.ruleset.plugins) == {"base"}


def test_a_duplicate_id_is_reported_naming_both_packs(tmp_path: Path) -> None:
    thief = content_plugin(tmp_path, "t", MOLE.replace('id = "mole"', 'id = "base:hyena"'))
    with pytest.warns(PluginWarning, match="plugin 'thief'.*duplicate id 'base:hyena'"):
        loaded = load_plugins(["base", "thief"], extra=[("thief", thief)])
    assert "thief" not in loaded.ruleset.plugins


def test_bad_content_names_the_plugin_file_and_line(tmp_path: Path) -> None:
    bad = content_plugin(tmp_path, "bad", MOLE.replace("health = 2", 'health = "two"'))
    with pytest.warns(PluginWarning, match=r"plugin 'bad'.*cards.toml:\d+"):
        load_plugins(["base", "bad"], extra=[("bad", bad)])


def test_a_missing_dependency_is_skipped_and_dependencies_load_first(tmp_path: Path) -> None:
    needs = MOLE.replace(
        '{ result = "MISS" }, { result = "MISS" }, { result = "MISS" },',
        '{ result = "DAZE", effects = [{ kind = "condition", condition = "zz:mud", '
        'timing = "now" }] }, { result = "MISS" }, { result = "MISS" },',
    )
    mud = '[[conditions]]\nid = "mud"\nname = "Mud"\ntext = "Sticky."\n'
    needer = content_plugin(tmp_path, "a", needs)
    with pytest.warns(PluginWarning, match="plugin 'aa'.*missing condition 'zz:mud'"):
        alone = load_plugins(["base", "aa"], extra=[("aa", needer)])
    assert "aa" not in alone.ruleset.plugins
    # "aa" sorts before "zz" but needs it: it is placed after it.
    both = load_plugins(
        ["base", "aa", "zz"], extra=[("aa", needer), ("zz", content_plugin(tmp_path, "z", mud))]
    )
    assert list(both.ruleset.plugins) == ["base", "zz", "aa"]


def test_a_raising_plugin_is_skipped() -> None:
    class Raises:
        @hookimpl
        def unbroken_content_packs(self) -> list[Path]:
            """Raise."""
            raise ValueError("no content today")

    with pytest.warns(PluginWarning, match="plugin 'r'.*no content today"):
        loaded = load_plugins(["base", "r"], extra=[("r", Raises())])
    assert set(loaded.ruleset.plugins) == {"base"}


def test_a_broken_scoring_rule_does_not_lose_the_game() -> None:
    class Bad:
        @hookimpl
        def unbroken_scoring_rules(self) -> list[ScoringRule]:
            """A rule that raises."""
            return [ScoringRule("oops", "", lambda r, e, s: 1 // 0)]

    loaded = load_plugins(["base", "bad"], extra=[("bad", Bad())])
    with pytest.warns(PluginWarning, match="bad:oops"):
        assert loaded.alternative_scores([], GameState()) == {}


# --------------------------------------------------------------------------- enabling


def test_naming_a_missing_plugin_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNBROKEN_PLUGINS", "base,nowhere")
    with pytest.raises(PluginError, match="plugin 'nowhere' is not installed"):
        load_ruleset()


def test_load_plugins_refuses_a_named_plugin_not_installed(tmp_path: Path) -> None:
    # Issue #28: `load_plugins(["base", "gauntlet"])` loaded the base game alone in
    # silence; it refuses in the CLI's words, naming every missing one.
    from unbroken import api

    moles = content_plugin(tmp_path, "moles", MOLE)
    with pytest.raises(api.PluginError) as raised:
        api.load_plugins(["base", "gauntlet"])
    assert str(raised.value) == "plugin 'gauntlet' is not installed; installed: base"
    with pytest.raises(api.PluginError) as raised:
        api.load_plugins(["base", "moles", "gauntlet", "frost"], extra=[("moles", moles)])
    assert str(raised.value) == (
        "plugins 'gauntlet' and 'frost' are not installed; installed: base, moles"
    )
    # A plugin registered as if installed is not missing.
    assert "moles" in api.load_plugins(["base", "moles"], extra=[("moles", moles)]).ruleset.plugins


def test_enable_and_disable_persist_in_the_user_config() -> None:
    assert disabled_plugins() == []
    set_enabled("unearthed", False)
    set_enabled("other", False)
    assert disabled_plugins() == ["other", "unearthed"]
    set_enabled("unearthed", True)
    assert disabled_plugins() == ["other"]
    with pytest.raises(PluginError, match="base game cannot be disabled"):
        set_enabled("base", False)


def test_what_a_plugin_adds_reads_as_words() -> None:
    from unbroken.plugins import adds_text

    assert adds_text({"monsters": 1, "classes": 1, "weapons": 0}) == "1 monster, 1 class"
    assert adds_text({"classes": 2, "upgrades": 1, "encounters": 8}) == (
        "2 classes, 1 upgrade, 8 encounters"
    )
    assert adds_text({}) == ""


def test_a_recording_with_a_plugin_that_is_not_here_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from unbroken.cli.command import main
    from unbroken.replay import ContentMismatch, Timeline
    from unbroken.sim import record_game

    plugin = content_plugin(tmp_path, "mole", MOLE.replace("number = 1", "number = 7"))
    with_moles = load_plugins(["base", "moles"], extra=[("moles", plugin)]).ruleset
    path = record_game(with_moles, "base:tomu", "easy", 3, "greedy", tmp_path / "rec")
    assert Timeline(path, with_moles).ruleset is with_moles
    # Watching it without the plugin: not a KeyError on its monster, one line.
    with pytest.raises(ContentMismatch) as refused:
        Timeline(path, load_ruleset())
    # Said once (issue #19: not "... not installed here (plugin 'moles' is not installed; ...)"),
    # with how to install it: this in-process plugin came from no package, so the usual name.
    assert str(refused.value).endswith(
        ":1: recorded with other plugins: plugin 'moles' 1.2.3 was used but is not installed "
        "here: install the package that brings it (usually unbroken-moles), version 1.2.3"
    )
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "plugin 'moles'" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_monster_off_the_level_s_numbers_is_refused_at_its_line(tmp_path: Path) -> None:
    # Issue #19: `number = 9` on a six-monster level was silently accepted.
    plugin = content_plugin(tmp_path, "mole", MOLE.replace("number = 1", "number = 9"))
    with pytest.warns(PluginWarning) as caught:
        loaded = load_plugins(["base", "moles"], extra=[("moles", plugin)])
    assert "moles" not in loaded.ruleset.plugins
    [warning] = caught
    assert str(warning.message) == (
        f"plugin 'moles': {tmp_path / 'mole' / 'cards.toml'}:3: monster 'moles:mole' has "
        "number 9, but the other monsters of level 1 are numbered 1-6: number it 7 to join "
        "them, or 1-6 to replace one"
    )


@pytest.mark.parametrize("copies", ["-1", "11", "1000000000"])
def test_absurd_copies_are_refused_before_the_deck_is_made(
    tmp_path: Path, copies: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from unbroken.cli.command import main

    card = (
        '[[encounters]]\nid = "hoard"\nname = "Hoard"\ngroup = "food"\ntime = 1\n'
        f'text = "Stolen things."\ncopies = {copies}\n'
    )
    folder = write_pack(tmp_path / "hoard", {"encounters.toml": card})
    assert main(["content", "check", str(folder), "--name", "hoard"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{folder / 'encounters.toml'}:7: encounter 'hoard:hoard': field `copies` must be 0-10"
    ]


def test_a_negative_amount_in_an_effect_is_refused_at_its_line(tmp_path: Path) -> None:
    # Issue #19: `lose 1 SE` written as a gain of -1 (or the other way round) passed.
    text = MOLE.replace(
        '{ kind = "lose", amounts = { se = 1 } }', '{ kind = "gain", amounts = { se = -1 } }'
    )
    plugin = content_plugin(tmp_path, "mole", text)
    with pytest.warns(PluginWarning) as caught:
        load_plugins(["base", "moles"], extra=[("moles", plugin)])
    [warning] = caught
    line = text.splitlines().index(next(t for t in text.splitlines() if "se = -1" in t)) + 1
    assert str(warning.message) == (
        f"plugin 'moles': {tmp_path / 'mole' / 'cards.toml'}:{line}: monster 'moles:mole': "
        "field `amounts` has a negative amount"
    )
