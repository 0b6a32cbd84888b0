"""#28 playtest round 13's leftovers at 80x24: the Hand's scroll mark, New game's focus."""

from __future__ import annotations

from pilot import game_screen_of, kept_for_the_viewer, settle, sync
from test_chances import ANALYSIS, SHORT
from test_round12_keys import burst
from textual.scrollbar import ScrollBar
from textual.widgets import OptionList

from unbroken.core import actions as act
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.analysis import ChanceChart
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.hand import HandPanel
from unbroken.tui.help import HelpScreen

RULES = load_ruleset()


@sync
async def test_the_hand_says_more_in_its_title_and_draws_no_scrollbar_thumb() -> None:
    # A stray "▄" (the scrollbar's thumb) showed in the Hand when its list only just
    # overflowed; its title's "↓ more (tab, ↓)" says so in words.
    assert save_settings(Settings(hints=False)) == ""
    game = Scenario("tomu", level=1, seed=4).resources(se=13, food=3).start("preparation")
    game.apply(next(a for a, _ in game.options() if isinstance(a, act.Fight)))
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = game_screen_of(app).query_one(HandPanel)
        assert hand.max_scroll_y > 0 and "↓ more" in str(hand.border_title)
        region = hand.region
        for y in range(region.y, region.bottom):
            widget, _ = app.screen.get_widget_at(region.right - 1, y)
            assert not isinstance(widget, ScrollBar), (y, widget)


@sync
async def test_tab_on_new_game_marks_the_focus_with_a_glyph_at_every_stop() -> None:
    # After Tab on New game no focus mark showed in a plain capture (colour only), and one
    # stop (the description's scroll) had no mark at all.
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        stops = []
        for _ in range(5):
            focused = app.screen.focused
            assert focused is not None
            stops.append(focused.id)
            rows = [strip.text for strip in app.screen._compositor.render_strips()]
            region = focused.region
            marked = [rows[y][region.x] for y in range(region.y, region.bottom)]
            if focused.id in ("characters", "difficulties"):  # its highlighted row (28b-14)
                assert marked.count("▌") == 1 and set(marked) == {"▌", " "}, marked
            else:
                assert set(marked) == {"▌"}, (focused.id, marked)
            others = [rows[y][0] for y in range(len(rows)) if not region.y <= y < region.bottom]
            assert "▌" not in others, (focused.id, rows)  # the one stop marked
            await pilot.press("tab")
            await settle(pilot)
        assert stops == ["characters", "difficulties", "start", "seed", "gentle"], stops


@sync
async def test_down_typed_twice_at_once_from_helps_search_moves_twice() -> None:
    # Down typed twice quickly from the search field lost the second: the first gave the
    # focus to what was found, the second reached the field before the focus moved.
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HelpScreen())
        await settle(pilot)
        await pilot.press("slash")
        await settle(pilot)
        burst(app, *"the")
        await settle(pilot)
        burst(app, "down", "down", "down")
        await settle(pilot)
        found = app.screen.query_one("#help-list", OptionList)
        assert found.has_focus and found.option_count > 3
        assert found.highlighted == 2  # on the first, then two down
        await pilot.press("slash")  # back to the search, what it found still marked
        await settle(pilot)
        burst(app, "down", "down", "enter")  # Enter behind them: the list's too
        await settle(pilot)
        assert app.screen.query_one("#help-text").has_focus
        assert found.highlighted == 3, found.highlighted


@sync
async def test_the_viewers_chart_covers_nothing_of_the_hand() -> None:
    # The chance chart (`a`), docked at the screen's foot, covered the Hand at 80x24 (its
    # progress line where the cards were) while the Hand's title said "↓ more".
    kept_for_the_viewer(SHORT, ANALYSIS)
    app = UnbrokenApp(RULES, animate=False, record=False, replay=SHORT)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one(HandPanel)
        for key in ("right", "a", "right", "right"):
            rows = hand.region.height
            await pilot.press(key)
            await settle(pilot)
            if key == "right" and not app.screen.query(ChanceChart):
                continue
            chart = app.screen.query_one(ChanceChart)
            assert not chart.region.overlaps(hand.region), (chart.region, hand.region)
            if key == "a":  # the chart takes no row of the Hand's
                assert hand.region.height == rows, (rows, hand.region)
            assert hand.region.height >= 2
            more = "↓ more" in str(hand.border_title)
            assert more == (hand.scroll_y < hand.max_scroll_y), hand.border_title
            legend = str(chart.render()).splitlines()
            assert all(len(line) <= chart.content_size.width for line in legend), legend
