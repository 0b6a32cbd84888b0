"""The title screen and the app around it: the menu, the palette, the terminal's size, notices.

(Split from test_app.py by screen, #32 item 10.)
"""

from __future__ import annotations

import asyncio
from typing import Any

from pilot import sync
from playing import (
    RULES,
)

from unbroken.tui.app import UnbrokenApp


@sync
async def test_command_palette_and_themes_work() -> None:
    from textual.command import CommandPalette

    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")
        app.theme = "nord"  # any Textual theme restyles the whole app
        await pilot.pause()
        assert app.theme == "nord" and not isinstance(app.screen, CommandPalette)


def test_a_terminal_smaller_than_80x24_is_named_once(monkeypatch: Any) -> None:
    from textual.app import App

    sent: list[str] = []
    monkeypatch.setattr(App, "notify", lambda self, message, **_: sent.append(message))

    async def look() -> None:
        app = UnbrokenApp(RULES, animate=False)
        async with app.run_test(size=(60, 18)) as pilot:
            await pilot.resize_terminal(70, 20)  # still small: not said again
            await pilot.resize_terminal(80, 24)
            await pilot.resize_terminal(79, 24)  # small again: said again
            await pilot.pause()

    asyncio.run(look())
    assert sent == [
        "The terminal is 60x18: Unbroken is laid out for 80x24 or larger, and some panels are cut.",
        "The terminal is 79x24: Unbroken is laid out for 80x24 or larger, and some panels are cut.",
    ]


def test_the_title_menu_fits_a_60x20_terminal() -> None:
    from textual.widgets import OptionList

    app = UnbrokenApp(RULES, animate=False, seed=1)

    async def look() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            menu = app.screen.query_one("#menu", OptionList)
            region = menu.region
            assert region.right <= 60 and region.bottom <= 19, region  # above the footer
            lines = [menu.render_line(y).text for y in range(menu.size.height)]
            for item in ("New game", "Daily challenge", "Quit"):
                assert any(item in line for line in lines), lines

    asyncio.run(look())


def test_notifications_are_plain_text(monkeypatch: Any) -> None:
    # "[Errno 28]", a file name with "[1]", a card name with "[x]": shown as written.
    from textual.app import App

    sent: list[tuple[str, bool]] = []

    def notify(self: Any, message: str, **options: Any) -> None:
        sent.append((message, options["markup"]))

    monkeypatch.setattr(App, "notify", notify)
    app = UnbrokenApp(RULES, animate=False)

    async def look() -> None:
        async with app.run_test(size=(80, 24)):
            app.notify("Recording stopped: [Errno 28] No space left on device")
            app.screen.notify("Replay: games [x] [/].jsonl.gz", severity="warning")

    asyncio.run(look())
    assert sent == [
        ("Recording stopped: [Errno 28] No space left on device", False),
        ("Replay: games [x] [/].jsonl.gz", False),
    ]


@sync
async def test_ctrl_c_quits_as_in_any_terminal_program_but_copies_in_a_text_box() -> None:
    from textual.widgets import Input

    from unbroken.testing import Scenario

    # In a text box (help's search) with text selected Ctrl+C copies, as Textual's
    # boxes do: still open. (With nothing selected the box passes it on: it quits.)
    app = UnbrokenApp(RULES, animate=False, game=Scenario("tomu").start(), record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark", "slash", "a", "b", "ctrl+shift+a")
        assert isinstance(app.focused, Input) and app.focused.selected_text == "ab"
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.return_code is None and app.is_running
    # Anywhere else it quits at once, as Ctrl+Q does (every decision is already saved).
    app = UnbrokenApp(RULES, animate=False, game=Scenario("tomu").start(), record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.return_code == 0


@sync
async def test_the_title_highlights_its_first_entry_each_time_and_question_mark_opens_help() -> (
    None
):
    # Round 22: back from Records the highlight stayed there, and Down x5 + Enter meant
    # for Help quit the game; `?` did nothing on the title.
    from textual.widgets import OptionList

    from unbroken.tui.help import HelpScreen
    from unbroken.tui.title import TitleScreen

    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")  # Records
        await pilot.pause()
        assert not isinstance(app.screen, TitleScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert app.screen.query_one("#menu", OptionList).highlighted == 0
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
