"""Round 24's playtest (#28, 24b-17): `i` → Score, longer than its pane: the footer names
the keys that scroll it (it said "esc Back  c Compare" only)."""

from __future__ import annotations

from pilot import settle, sync
from test_inspector import basilisk
from test_round5_screens import footer
from textual.widgets import OptionList

from unbroken.plugins import load_ruleset
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.inspector import SCORE, InspectorScreen

RULES = load_ruleset()


@sync
async def test_a_card_longer_than_its_pane_has_its_scroll_keys_in_the_footer() -> None:
    # 80x12: the Score's text longer than its pane (round 24's, at 80x24, said the
    # expansions' scores too).
    app = UnbrokenApp(RULES, animate=False, game=basilisk(), record=False)
    async with app.run_test(size=(80, 12)) as pilot:
        await pilot.press("i")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InspectorScreen) and not screen.comparing
        cards = screen.query_one("#inspector-cards", OptionList)
        cards.highlighted = cards.get_option_index(SCORE)
        await settle(pilot)
        assert screen.card_scrolls()
        assert "PgUp/PgDn Scroll" in footer(app), footer(app)
        await pilot.press("pagedown")
        await settle(pilot)
        assert screen.query_one("#inspector-card").scroll_y > 0
        cards.highlighted = cards.get_option_index("base:basilisk")
        await settle(pilot)
        if not screen.card_scrolls():  # a card that fits: no scroll keys said
            assert "PgUp/PgDn" not in footer(app), footer(app)
