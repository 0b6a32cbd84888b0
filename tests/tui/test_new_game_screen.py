"""The New game screen says what a new player needs before the first game (#28)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from pilot import on_top, sync
from rich.text import Text
from test_plugin_notices import MOLE, content_plugin, quietly
from textual.widgets import OptionList, Static

from observing import installed
from unbroken import plugins
from unbroken.plugins import load_ruleset
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.newgame import NewGameScreen
from unbroken.tui.plugins_screen import PluginsScreen

RULES = load_ruleset()


def lines(options: OptionList) -> list[str]:
    """Return each option's line as the player reads it, after the focus bar's column
    (its first: "▌" on the highlighted row of the list with the focus, 28b-14)."""
    return [str(options.get_option_at_index(i).prompt)[1:] for i in range(options.option_count)]


def shown(screen: NewGameScreen, selector: str) -> str:
    """Return what the Static `selector` shows, as plain text."""
    content = screen.query_one(selector, Static).render()
    return content.plain if isinstance(content, Text) else str(content)


@sync
async def test_the_highlighted_difficulty_and_character_are_marked_not_by_colour_alone() -> None:
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        diffs = screen.query_one("#difficulties", OptionList)
        assert [line[:2] for line in lines(diffs)] == ["  ", "▶ ", "  "]  # Normal
        await pilot.press("tab", "down")  # to the difficulties (Enter would start), Hard
        await pilot.pause()
        assert [line[:2] for line in lines(diffs)] == ["  ", "  ", "▶ "]
        chars = lines(screen.query_one("#characters", OptionList))
        assert chars[0].startswith("▶ ") and not any(c.startswith("▶") for c in chars[1:])


@sync
async def test_the_difficulties_say_which_is_easiest_and_which_is_hardest() -> None:
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        diffs = screen.query_one("#difficulties", OptionList)
        assert [line[2:] for line in lines(diffs)] == [
            "Easy (easiest)",
            "Normal",
            "Hard (hardest)",
        ]
        await pilot.press("tab", "down")
        await pilot.pause()
        assert shown(screen, "#difficulty-info").startswith(
            "Hard (the hardest of 3). Start with 10 SE"
        )
        # Its place said once (#28 round 22: "Easy (1 of 3, easiest first: the easiest)").
        await pilot.press("up")
        await pilot.pause()
        assert shown(screen, "#difficulty-info").startswith("Normal (2 of 3, easiest first). ")
        await pilot.press("up")
        await pilot.pause()
        easy = shown(screen, "#difficulty-info")
        assert easy.startswith("Easy (the easiest of 3). "), easy
        # What Gentle start does, and why its SE differs from Easy's 13.
        assert "Gentle start (below) starts with 15 SE instead of 13." in easy, easy


@sync
async def test_the_character_says_that_responses_spend_an_ability_use() -> None:
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        info = " ".join(shown(screen, "#class-info").split())
        assert "(Response;" in info  # "(Response; 1 ability use)": its whole cost (30a-8)
        assert (
            "Your class's abilities, Responses too, share one pool of uses per level equal "
            "to the level number, spent one per use; skills' abilities take none." in info
        )


def test_the_expansions_in_play_are_shown_and_p_turns_them_on_or_off(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    molehill = content_plugin(tmp_path, "molehill", MOLE)
    with_mole = quietly(monkeypatch, extra=[("molehill", molehill)])
    installed(monkeypatch, with_mole)
    app = UnbrokenApp(lambda: plugins.current_plugins().ruleset, animate=False, seed=1)

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            assert shown(screen, "#expansions") == (
                "Expansions on: molehill\np turns expansions on or off"
            )
            # Seen at 80x24: the line is inside the screen, not scrolled away.
            region = screen.query_one("#expansions").region
            assert region.bottom <= 23 and region.right <= 80
            await pilot.press("p")
            assert isinstance(on_top(app), PluginsScreen)
            # Turned off there (as Space does): back on New game, it says so.
            installed(monkeypatch, quietly(monkeypatch))
            app.reload_rules()
            await pilot.press("escape")
            await pilot.pause()
            assert on_top(app) is screen
            assert shown(screen, "#expansions").startswith("Expansions on: none\n")

    asyncio.run(play())


def test_the_choice_is_kept_when_expansions_are_turned_on_or_off(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # #28 round 5: the character and difficulty picked went back to the last game's after
    # turning expansions on or off, by `p` or from the title's Plugins.
    molehill = content_plugin(tmp_path, "molehill", MOLE)
    with_mole = quietly(monkeypatch, extra=[("molehill", molehill)])
    installed(monkeypatch, with_mole)
    app = UnbrokenApp(lambda: plugins.current_plugins().ruleset, animate=False, seed=1)

    def picked(screen: object) -> list[str]:
        assert isinstance(screen, NewGameScreen)
        chars = screen.query_one("#characters", OptionList)
        diffs = screen.query_one("#difficulties", OptionList)
        return [line for line in (*lines(chars), *lines(diffs)) if line.startswith("▶")]

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")
            await pilot.press("down", "down", "down", "tab", "down")
            await pilot.pause()
            chosen = picked(app.screen)
            assert chosen == ["▶ Kirilla el Kaer — Hunter", "▶ Hard (hardest)"]
            await pilot.press("p")
            installed(monkeypatch, quietly(monkeypatch))
            app.reload_rules()
            await pilot.press("escape")
            await pilot.pause()
            assert picked(app.screen) == chosen
            await pilot.press("escape")  # to the title, its Plugins, and New game again
            installed(monkeypatch, with_mole)
            app.open_screen("plugins")
            app.reload_rules()
            await pilot.press("escape")
            app.open_screen("new")
            await pilot.pause()
            assert picked(app.screen) == chosen

    asyncio.run(play())


@sync
async def test_enter_on_a_difficulty_picks_it_and_goes_to_start() -> None:
    # #28 round 14: Enter on the Difficulty list started the game; the player expected it
    # only to pick the difficulty (README: Enter on a character starts). It picks, and the
    # focus goes to Start, whose Enter starts on it.
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.press("tab", "down", "enter")  # Hard, picked
        await pilot.pause()
        assert app.screen is screen and app.focused is screen.query_one("#start")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not screen
        game = getattr(app.screen, "game", None)
        assert game is not None and game.state.difficulty.endswith("hard")
