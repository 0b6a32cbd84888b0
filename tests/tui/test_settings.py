"""Settings that stay: theme, roll animation and the last character and difficulty are
kept in settings.toml in the config dir; a damaged file is a notice, never a crash."""

from __future__ import annotations

import os
from pathlib import Path

from pilot import sync

from unbroken.home.settings import Settings, load_settings, save_settings, settings_path
from unbroken.plugins import load_ruleset
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.newgame import NewGameScreen

RULES = load_ruleset()


def test_settings_round_trip_and_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    assert load_settings(path) == (Settings(), [])  # no file: the defaults, nothing said
    chosen = Settings(theme="nord", roll_animation=False, character='base:mae"el', auto_take=False)
    assert save_settings(chosen, path) == ""
    assert load_settings(path) == (chosen, [])
    assert 'character = "base:mae\\"el"' in path.read_text(encoding="utf-8")


def test_a_damaged_settings_file_gives_the_defaults_and_is_kept_as_bad(tmp_path: Path) -> None:
    for text, why in (
        ("theme = [unclosed", "at line 1"),
        ("roll_animation = 3", "roll_animation must be true or false"),
        ("theme = true", "theme must be text"),
    ):
        path = tmp_path / "settings.toml"
        path.write_text(text, encoding="utf-8")
        settings, notices = load_settings(path)
        assert settings == Settings()
        (notice,) = notices
        assert notice.startswith("The settings file is damaged (")
        assert why in notice
        assert notice.endswith(f"The damaged file was {path}; it is kept as {path}.bad.")
        assert not path.exists()
        assert (tmp_path / "settings.toml.bad").read_text(encoding="utf-8") == text


def test_unknown_keys_from_a_newer_version_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('theme = "nord"\nsomething_new = 4\n', encoding="utf-8")
    assert load_settings(path) == (Settings(theme="nord"), [])


def test_settings_that_cannot_be_written_say_why(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    problem = save_settings(Settings(), blocked / "settings.toml")
    assert problem.startswith("Settings not saved (") and problem.endswith(").")


@sync
async def test_theme_and_roll_animation_stay_after_a_restart() -> None:
    app = UnbrokenApp(RULES, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.roll_animation
        app.theme = "nord"
        await pilot.pause()
        await pilot.press("enter")  # New game
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("r")  # roll animation off
        await pilot.pause()
    saved, _ = load_settings(settings_path())
    assert saved.theme == "nord" and saved.roll_animation is False
    again = UnbrokenApp(RULES, seed=1)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.theme == "nord"
        assert again.roll_animation is False


@sync
async def test_the_new_game_screen_starts_on_the_last_character_and_difficulty() -> None:
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("down", "down", "down", "tab")  # the fourth character
        await pilot.press("down", "enter", "enter")  # Hard picked, then Start (round 14)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        first = (app.screen.game.state.character, app.screen.game.state.difficulty)
    assert first[1] == "hard"
    again = UnbrokenApp(RULES, animate=False, seed=1)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = again.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.choice() == first
    assert os.path.exists(settings_path())
