"""What the full-screen game tells the player about plugins: skipped, raising, on or off."""

from __future__ import annotations

import asyncio
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widgets import DataTable

from games import winning
from observing import installed
from unbroken import hookimpl, plugins
from unbroken.core import events as ev
from unbroken.core.state import GameState
from unbroken.plugins import PluginInfo, Plugins, load_plugins
from unbroken.plugins.hookspecs import ScoringRule
from unbroken.testing import FolderPlugin, Scenario, write_pack
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.app_rules import skipped_notices
from unbroken.tui.game import GameScreen
from unbroken.tui.gameover import GameOverScreen
from unbroken.tui.hints import HintBox
from unbroken.tui.inspector import SCORE, card_lines
from unbroken.tui.newgame import NewGameScreen
from unbroken.tui.plugins_screen import PluginsScreen

#: A level-1 monster on die face 1, as `unbroken plugins new` writes it.
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
  { result = "MISS" }, { result = "MISS" }, { result = "MISS" },
]
"""


def content_plugin(tmp_path: Path, name: str, text: str) -> FolderPlugin:
    """Return a plugin over tmp_path/name/monsters.toml holding `text`."""
    return FolderPlugin(write_pack(tmp_path / name, {"monsters.toml": text}))


class Gripes:
    """A plugin whose observer and scoring rule raise."""

    __version__ = "0.2.0"

    def __init__(self) -> None:
        self.scored = 0

    @hookimpl
    def unbroken_game_event(self, event: Any, state: GameState) -> None:
        """Fail on every event."""
        raise RuntimeError("observer broke")

    @hookimpl
    def unbroken_scoring_rules(self) -> list[ScoringRule]:
        """Return a rule that divides by zero."""

        def oops(ruleset: Any, events: Any, state: Any) -> int:
            self.scored += 1
            return 1 // 0

        return [ScoringRule("oops", "Never works.", oops)]


def quietly(monkeypatch: pytest.MonkeyPatch, *args: Any, **kwargs: Any) -> Plugins:
    """Return load_plugins(...) with no installed plugin and its PluginWarnings not shown."""
    monkeypatch.setattr(plugins.config, "installed_entry_points", lambda: [])
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        return load_plugins(*args, **kwargs)


def notices(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Return the list every notification is added to, as (message, severity)."""
    sent: list[tuple[str, str]] = []

    def notify(self: Any, message: str, **options: Any) -> None:
        sent.append((message, options.get("severity", "information")))

    def say(self: Any, message: str, seconds: float = 4) -> None:  # the notice line
        sent.append((message, "warning"))

    def say_each(self: Any, messages: list[str], seconds: float) -> None:  # in turn (32a-7)
        sent.extend((message, "warning") for message in messages)

    monkeypatch.setattr(App, "notify", notify)
    monkeypatch.setattr(GameScreen, "say", say)
    monkeypatch.setattr(HintBox, "say_each", say_each)
    return sent


def tidepool_and_molehill(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Plugins:
    """Plugins on: tidepool (its TOML broken, so skipped) and molehill (fine)."""
    broken = content_plugin(tmp_path, "tidepool", MOLE.replace("armor = 0", "armor = = 0"))
    fine = content_plugin(tmp_path, "molehill", MOLE)
    return installed(
        monkeypatch, quietly(monkeypatch, extra=[("tidepool", broken), ("molehill", fine)])
    )


def test_a_skipped_plugin_is_told_once_at_the_start(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    loaded = tidepool_and_molehill(monkeypatch, tmp_path)
    sent = notices(monkeypatch)
    app = UnbrokenApp(lambda: plugins.current_plugins().ruleset, animate=False)  # as cli.load

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()  # the rules load after the first frame
            told = [message for message, severity in sent if severity == "warning"]
            assert len(told) == 1
            assert told[0].startswith("Plugin 'tidepool' was skipped: ")
            assert "monsters.toml:7: not valid TOML" in told[0]
            assert told[0].endswith(". See Plugins.") and "\n" not in told[0]
            assert "molehill" not in told[0]
            # Loading the rules again (a plugin turned on or off) does not repeat it.
            app.reload_rules()
            await pilot.press("enter")
            assert isinstance(app.screen, NewGameScreen)
            assert [m for m, _ in sent].count(told[0]) == 1

    asyncio.run(play())
    assert set(loaded.ruleset.plugins) == {"base", "molehill"}


def test_several_skipped_plugins_are_told_in_one_notice() -> None:
    def broken(name: str) -> PluginInfo:
        return PluginInfo(name, "1", "registered", problem=f"plugin {name!r}: a.toml:1: bad\nmore")

    assert skipped_notices([broken("a")]) == [
        "Plugin 'a' was skipped: a.toml:1: bad (and 1 more). See Plugins."
    ]
    assert len(skipped_notices([broken("a"), broken("b")])) == 2
    assert skipped_notices([broken("a"), broken("b"), broken("c")]) == [
        "3 plugins were skipped: 'a', 'b', 'c'. See Plugins for why."
    ]


def test_a_raising_observer_and_scoring_rule_are_each_one_notice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gripes = Gripes()
    loaded = installed(monkeypatch, quietly(monkeypatch, extra=[("gripes", gripes)]))
    assert [name for name, _ in loaded.observers] == ["gripes"]
    sent = notices(monkeypatch)
    # A win at the level-4 battle: the Troll misses every time.
    game = winning(ruleset=loaded.ruleset)
    app = UnbrokenApp(loaded.ruleset, animate=False, game=game, record=False)

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):
                if isinstance(app.screen, GameOverScreen):
                    break
                await pilot.press("enter")
            assert isinstance(app.screen, GameOverScreen)
            await pilot.pause()

    with warnings.catch_warnings(record=True) as stderr:
        warnings.simplefilter("always")
        asyncio.run(play())
    assert any(isinstance(e, ev.GameOver) and e.won for e in game.events)
    told = [message for message, severity in sent if severity == "warning"]
    # Each once, though the observer saw many events and the rule ran twice (screen, records).
    assert gripes.scored >= 2 and len(told) == 2
    assert told[0].startswith(
        "Plugin 'gripes': unbroken_game_event raised RuntimeError: observer broke ("
    )
    assert told[1].startswith("Scoring rule 'gripes:oops' raised ZeroDivisionError: ")
    assert stderr == []  # shown to the player instead of the hidden stderr


def test_the_plugins_screen_says_on_skipped_and_shows_the_whole_problem(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    loaded = tidepool_and_molehill(monkeypatch, tmp_path)
    problem = next(info.problem for info in loaded.infos if info.name == "tidepool")
    assert len(problem) > 80
    sent = notices(monkeypatch)
    app = UnbrokenApp(loaded.ruleset, animate=False)

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(PluginsScreen())
            await pilot.pause()
            table = app.screen.query_one("#plugins", DataTable)
            rows = (table.get_row_at(i) for i in range(table.row_count))
            # "On" is the config's word, as `unbroken plugins` prints [on]; skipped beside it.
            assert {str(r[0]): str(r[3]) for r in rows} == {
                "base": "yes",
                "molehill": "yes",
                "tidepool": "yes, skipped",
            }

            def detail() -> str:
                return str(app.screen.query_one("#plugin-detail").render())

            assert detail().startswith("base ")
            await pilot.press("down")
            assert "molehill 0.1.0, registered: on; adds 1 monster." in detail()
            await pilot.press("down")
            shown = detail()
            assert "tidepool 0.1.0, registered: on, but skipped; it adds nothing." in shown
            assert "".join(shown.split()).endswith("".join(problem.split()))
            assert not [m for m, severity in sent if severity == "warning"]

    asyncio.run(look())


def test_the_plugins_screen_says_off_for_a_plugin_the_config_turns_off(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fine = content_plugin(tmp_path, "molehill", MOLE)
    installed(monkeypatch, quietly(monkeypatch, ["base"], extra=[("molehill", fine)]))
    app = UnbrokenApp(plugins.current_plugins().ruleset, animate=False)

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(PluginsScreen())
            await pilot.pause()
            table = app.screen.query_one("#plugins", DataTable)
            assert [str(c) for c in table.get_row_at(1)][3] == "no"
            await pilot.press("down")
            assert "molehill 0.1.0, registered: off;" in str(
                app.screen.query_one("#plugin-detail").render()
            )

    asyncio.run(look())


class Fives:
    """A plugin whose scoring rule has no title: 990 for a win."""

    __version__ = "1.0.0"

    @hookimpl
    def unbroken_scoring_rules(self) -> list[ScoringRule]:
        """Return a rule scoring 990 for any game."""
        return [ScoringRule("five-hundreds", "Won games only: 990, always.", lambda *a: 990)]


def test_the_victory_screen_names_plugin_scores_and_says_se_scores_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    loaded = installed(monkeypatch, quietly(monkeypatch, extra=[("fives", Fives())]))
    game = winning(ruleset=loaded.ruleset)
    app = UnbrokenApp(loaded.ruleset, animate=False, game=game, record=False)

    async def play() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):
                if isinstance(app.screen, GameOverScreen):
                    break
                await pilot.press("enter")
            assert isinstance(app.screen, GameOverScreen)
            result = app.screen.query_one("#result").render()
            return str(getattr(result, "plain", result))

    shown = asyncio.run(play())
    assert shown.startswith("VICTORY")
    assert "fives:five-hundreds" not in shown
    assert "  Five hundreds (fives): 990\n    Won games only: 990, always.\n" in shown
    assert re.search(r"\n  SE +\d+ ×  0 =   0  SE scores nothing\n", shown)


def test_the_plugins_table_wraps_what_each_adds_within_80_columns(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fine = content_plugin(tmp_path, "molehill", MOLE)
    installed(monkeypatch, quietly(monkeypatch, extra=[("molehill", fine)]))
    app = UnbrokenApp(plugins.current_plugins().ruleset, animate=False)

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(PluginsScreen())
            await pilot.pause()
            table = app.screen.query_one("#plugins", DataTable)
            # Nothing is cut: the table is no wider than the screen shows.
            assert table.virtual_size.width <= table.scrollable_content_region.width <= 80
            adds = " ".join(str(table.get_row("base")[4]).split())
            assert adds == (
                "4 classes, 8 characters, 7 weapons, 24 monsters, 24 skills, 10 conditions, "
                "79 encounters"
            )

    asyncio.run(look())


def test_a_skipped_plugin_s_notice_on_new_game_covers_no_description(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # #28 playtest round 3: the notices at the start covered the New game screen's
    # description of the character. There they are said under the expansions on, and
    # Enter on a character starts the game (it moved to the difficulties unseen).
    from textual.widgets._toast import Toast

    from unbroken.tui.game import GameScreen

    tidepool_and_molehill(monkeypatch, tmp_path)
    app = UnbrokenApp(lambda: plugins.current_plugins().ruleset, animate=False)

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()  # the rules load after the first frame: the notice comes
            await pilot.press("enter")
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            await pilot.pause()
            about = screen.query_one("#about").region
            assert not any(t.region.overlaps(about) for t in app.screen.query(Toast))
            said = " ".join(str(screen.query_one("#expansions").render()).split())
            assert "⚠ Plugin 'tidepool' was skipped: " in said
            await pilot.press("enter")  # on the character highlighted
            assert isinstance(app.screen, GameScreen)

    asyncio.run(play())


def test_the_inspectors_score_names_the_expansions_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    # #28 round 10: `i` → Score explained only the base game's scoring with two expansions'
    # scores on (help's Score section named them).
    base = card_lines(Scenario("caellahan").start(), SCORE)
    assert base[-2].startswith("  Ranks: ") and "lost game" in base[-1]
    loaded = installed(monkeypatch, quietly(monkeypatch, extra=[("fives", Fives())]))
    game = Scenario("caellahan", ruleset=loaded.ruleset).start()
    lines = card_lines(game, SCORE)
    assert lines[-1] == "  fives:five-hundreds: Won games only: 990, always."
