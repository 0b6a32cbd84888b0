"""#28 playtest round 28's screens: `l` opens at the newest line (28a-8)."""

from __future__ import annotations

from bar_gap import gap_before_the_bar
from pilot import opened, settle, sync
from playing import RULES
from textual.widgets import RichLog

from unbroken.tui.app import UnbrokenApp
from unbroken.tui.newgame import NewGameScreen


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


@sync
async def test_new_game_bars_only_the_highlighted_row_of_the_list_with_the_focus() -> None:
    # 28b-14: every character row began "▌  Caellahan — Brawler", "▌  Niola — Brawler", …
    # (the list's focus outline), read as "all selected".
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, "enter", NewGameScreen)
        rows = [strip.text for strip in screen._compositor.render_strips()]
        barred = [row for row in rows if row.startswith("▌")]
        assert barred == [row for row in rows if row.startswith("▌▶ ")], rows
        assert len(barred) == 1 and "Caellahan — Brawler" in barred[0], rows
        assert any(row.startswith("   Niola — Brawler") for row in rows), rows
        await pilot.press("tab")
        await settle(pilot)
        rows = [strip.text for strip in screen._compositor.render_strips()]
        barred = [row for row in rows if row.startswith("▌")]
        assert len(barred) == 1 and barred[0].startswith("▌▶ Normal"), rows
        assert any(row.startswith(" ▶ Caellahan — Brawler") for row in rows), rows


@sync
async def test_the_new_game_description_and_the_log_keep_a_gap_before_their_scrollbar() -> None:
    # 28b-15: "Starts with Bare Hands as your weapon,██" on New game, "(the fight has
    # begun): time lost██" in `l`: the text touched the scrollbar.
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, "enter", NewGameScreen)
        gap_before_the_bar(screen, screen.query_one("#class-scroll"))
        await pilot.press("escape")
        await settle(pilot)
        long = (
            "The time track is set to 22, level 2's time (the fight has begun): time lost "
            "or spent in this fight comes off it."
        )
        app.show_log([long] * 30)
        await settle(pilot)
        log = app.screen.query_one("#full-log", RichLog)
        gap_before_the_bar(app.screen, log)
