"""The Plugins screen: the base game listed, a plugin turned on and off for new games.

(Split from test_app.py by screen, #32 item 10.)
"""

from __future__ import annotations

import os

from pilot import sync
from playing import (
    RULES,
    choose,
)

from unbroken.tui.app import UnbrokenApp


@sync
async def test_plugins_screen_lists_the_base_game() -> None:
    from textual.widgets import DataTable

    from unbroken.tui.plugins_screen import PluginsScreen

    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await choose(pilot, app, "plugins")
        assert isinstance(app.screen, PluginsScreen)
        table = app.screen.query_one("#plugins", DataTable)
        row = [str(c) for c in table.get_row_at(0)]
        assert row[0] == "base" and row[3] == "yes"


@sync
async def test_the_plugins_screen_turns_a_plugin_on_and_off_for_new_games() -> None:
    import sys
    import tempfile
    from importlib import metadata
    from pathlib import Path

    from textual.widgets import DataTable

    from unbroken import plugins
    from unbroken.plugins.scaffold import new_plugin
    from unbroken.tui.plugins_screen import PluginsScreen

    with tempfile.TemporaryDirectory() as tmp:
        # A plugin as `unbroken plugins new` writes it, "installed" by its entry point.
        project = new_plugin("tuimoles", Path(tmp))
        entry = metadata.EntryPoint(name="tuimoles", value="unbroken_tuimoles", group="unbroken")
        saved = (
            plugins.config.installed_entry_points,
            list(sys.path),
            os.environ.get("UNBROKEN_PLUGINS"),
        )
        plugins.config.installed_entry_points = lambda: [entry]
        sys.path.insert(0, str(project / "src"))
        os.environ.pop("UNBROKEN_PLUGINS")  # the user config decides, as for a player
        plugins._load_cached.cache_clear()
        try:
            from unbroken.cli.command import load

            app = UnbrokenApp(load, animate=False)  # as `unbroken` starts it
            async with app.run_test(size=(100, 30)) as pilot:
                await choose(pilot, app, "plugins")
                assert isinstance(app.screen, PluginsScreen)
                table = app.screen.query_one("#plugins", DataTable)

                def on() -> dict[str, str]:
                    rows = (table.get_row_at(i) for i in range(table.row_count))
                    return {str(r[0]): str(r[3]) for r in rows}

                assert on() == {"base": "yes", "tuimoles": "yes"}
                assert "tuimoles:mole" in app.ruleset.monsters
                await pilot.press("down", "space")  # off
                assert on() == {"base": "yes", "tuimoles": "no"}
                assert plugins.disabled_plugins() == ["tuimoles"]
                assert "tuimoles:mole" not in app.ruleset.monsters  # for the next new game
                await pilot.press("space")  # on again
                assert on()["tuimoles"] == "yes" and plugins.disabled_plugins() == []
                assert set(app.ruleset.plugins) == {"base", "tuimoles"}
                await pilot.press("up", "space")  # the base game stays on
                assert on()["base"] == "yes"
                # With --plugins / UNBROKEN_PLUGINS the run's choice stands.
                os.environ["UNBROKEN_PLUGINS"] = "base"
                await pilot.press("down", "space")
                assert plugins.disabled_plugins() == []
        finally:
            plugins.config.installed_entry_points = saved[0]
            sys.path[:] = saved[1]
            os.environ["UNBROKEN_PLUGINS"] = saved[2] or "base"
            plugins._load_cached.cache_clear()
            sys.modules.pop("unbroken_tuimoles", None)


@sync
async def test_a_plugin_installed_while_the_game_is_open_is_found_for_new_games() -> None:
    # Round 6: `unbroken plugins install` in another shell while the game was open; New
    # game still said "Expansions on: none" and Plugins listed only the base game.
    import sys
    import tempfile
    from importlib import metadata
    from pathlib import Path

    from textual.widgets import Static

    from unbroken import plugins
    from unbroken.plugins.scaffold import new_plugin
    from unbroken.tui.newgame import NewGameScreen

    with tempfile.TemporaryDirectory() as tmp:
        project = new_plugin("latemoles", Path(tmp))
        entry = metadata.EntryPoint(name="latemoles", value="unbroken_latemoles", group="unbroken")
        installed: list[metadata.EntryPoint] = []
        saved = (plugins.config.installed_entry_points, list(sys.path))
        saved_env = os.environ.pop("UNBROKEN_PLUGINS", None)  # the user config decides
        plugins.config.installed_entry_points = lambda: list(installed)
        plugins._load_cached.cache_clear()
        try:
            from unbroken.cli.command import load

            app = UnbrokenApp(load, animate=False)
            async with app.run_test(size=(100, 30)) as pilot:
                await choose(pilot, app, "new")
                assert isinstance(app.screen, NewGameScreen)
                said = str(app.screen.query_one("#expansions", Static).render())
                assert "Expansions on: none" in said
                await pilot.press("escape")
                # Installed meanwhile (pip puts the package on the path and its entry point).
                sys.path.insert(0, str(project / "src"))
                installed.append(entry)
                await choose(pilot, app, "new")
                said = str(app.screen.query_one("#expansions", Static).render())
                assert "Expansions on: latemoles (new)" in said, said  # found since the start
                assert "latemoles:mole" in app.ruleset.monsters
                # Round 8: "(new)" was still said after two games. It marks an expansion
                # listed for the first time: not the next time, nor after a restart.
                await pilot.press("escape")
                await choose(pilot, app, "new")
                said = str(app.screen.query_one("#expansions", Static).render())
                assert "Expansions on: latemoles\n" in said, said
            again = UnbrokenApp(load, animate=False)
            async with again.run_test(size=(100, 30)) as pilot:
                await choose(pilot, again, "new")
                said = str(again.screen.query_one("#expansions", Static).render())
                assert "Expansions on: latemoles\n" in said, said
        finally:
            plugins.config.installed_entry_points = saved[0]
            sys.path[:] = saved[1]
            os.environ["UNBROKEN_PLUGINS"] = saved_env or "base"
            plugins._load_cached.cache_clear()
            sys.modules.pop("unbroken_latemoles", None)
