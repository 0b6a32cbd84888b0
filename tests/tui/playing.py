"""Shared by the TUI tests that play through the app: helpers and the games they set up."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from games import starving as starving  # the tests import them from here too
from games import winning as winning
from unbroken.plugins import load_ruleset
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.gameover import GameOverScreen

RULES = load_ruleset()


async def choose(pilot: Any, app: UnbrokenApp, entry: str) -> None:
    """Highlight a title-menu entry by its id and press Enter."""
    from textual.widgets import OptionList

    menu = app.screen.query_one("#menu", OptionList)
    menu.highlighted = menu.get_option_index(entry)
    await pilot.press("enter")


async def play_a_new_game(pilot: Any, app: UnbrokenApp) -> None:
    """From the title: a new game with the first character on Normal, played to its end."""
    await pilot.press("enter", "enter")  # New game, then Enter on a character starts
    await press_until_over(pilot, app)


async def press_until_over(
    pilot: Any, app: UnbrokenApp, key: str = "enter", limit: int = 3000
) -> None:
    # Enter takes the highlighted option: the first that can be taken when the list changes.
    for _ in range(limit):
        if isinstance(app.screen, GameOverScreen):
            return
        await pilot.press(key)
    raise AssertionError("the game did not end")


def records_with_a_starved_game() -> UnbrokenApp:
    """Keep one lost game (starved) in the records; return an app to look at them."""
    from unbroken.records import add_game, open_records

    game = starving()
    game.apply(game.legal_actions()[0])  # starve
    with open_records() as records:
        add_game(records, game, RULES)
    return UnbrokenApp(RULES, animate=False, seed=1)


async def help_searched(pilot: Any, app: UnbrokenApp, *keys: str) -> Any:
    """Open help over the screen on top and press `/`, then `keys` (the words typed and
    any key after them); return the help screen."""
    from unbroken.tui.help import HelpScreen

    app.push_screen(HelpScreen())
    await pilot.pause()
    await pilot.press("slash", *keys)
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, HelpScreen)
    return screen


@asynccontextmanager
async def help_found(*keys: str) -> AsyncIterator[tuple[Any, Any]]:
    """Run an app at 80x24 on the title, help opened there and `keys` searched
    (`help_searched`), paused: the pilot and the help screen."""
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await help_searched(pilot, app, *keys)
        await pilot.pause()
        yield pilot, screen


def screen_text(widget: Any) -> str:
    """Return the rendered lines of a line-API widget (OptionList, DataTable)."""
    return "\n".join(widget.render_line(y).text for y in range(widget.size.height))


def after(lines: list[str], part: str) -> str:
    """Return the line after the first line holding `part`."""
    return lines[next(i for i, line in enumerate(lines) if part in line) + 1]


async def opened_help(pilot: Any, app: UnbrokenApp) -> Any:
    """Press `?` in the game the app shows; return the help screen it opens."""
    from unbroken.tui.help import HelpScreen

    await pilot.pause()
    await pilot.press("question_mark")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, HelpScreen)
    return screen
