"""#28 playtest round 28's screens: `l` opens at the newest line (28a-8)."""

from __future__ import annotations

from pilot import settle, sync
from playing import RULES
from textual.widgets import RichLog

from unbroken.tui.app import UnbrokenApp


@sync
async def test_the_log_opens_at_its_newest_line() -> None:
    # 28a-8: `l` showed "A new game: Caellahan the Brawler …" (the first line); the player
    # pressed End to see the round that had just passed. Home and End still move.
    lines = [f"Round {i}: you wait." for i in range(80)]
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_log(lines)
        await settle(pilot)
        log = app.screen.query_one("#full-log", RichLog)
        assert log.max_scroll_y > 0
        assert log.scroll_y == log.max_scroll_y
        await pilot.press("home")
        await settle(pilot)
        assert log.scroll_y == 0
        await pilot.press("end")
        await settle(pilot)
        assert log.scroll_y == log.max_scroll_y


@sync
async def test_the_log_keeps_the_readers_place_at_a_resize() -> None:
    # 28a-8: written again at each resize, the log jumped to its newest line under a
    # reader who had gone Home; at the newest line, it stays there.
    lines = [f"Round {i}: you wait, and the Basilisk's gaze holds you still." for i in range(80)]
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_log(lines)
        await settle(pilot)
        log = app.screen.query_one("#full-log", RichLog)
        await pilot.press("home")
        await settle(pilot)
        await pilot.resize_terminal(50, 24)
        await settle(pilot)
        assert log.scroll_y == 0
        await pilot.press("end")
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert log.max_scroll_y > 0
        assert log.scroll_y == log.max_scroll_y
