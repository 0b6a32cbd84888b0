"""#28 playtest round 13's leftovers at 80x24: the Hand's scroll mark, New game's focus."""

from __future__ import annotations

from pilot import game_screen_of, settle, sync
from textual.scrollbar import ScrollBar

from unbroken.core import actions as act
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.hand import HandPanel

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
