"""#28 playtest round 13: what a README-only player found in `i`, New game, help and
Records at 80x24."""

from __future__ import annotations

import pytest
from pilot import on_top, opened, settle, sync
from playing import opened_help
from test_records_panels import FakePlugins
from test_round5_screens import footer
from textual.containers import VerticalScroll
from textual.widgets import Input, OptionList

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.plugins.hookspecs import RecordsPanel
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.help import HelpScreen
from unbroken.tui.history import RecordsScreen
from unbroken.tui.inspector import CardView, InspectorScreen
from unbroken.tui.newgame import NewGameScreen

RULES = load_ruleset()


def column_rows(view: CardView) -> list[str]:
    """Return the rows of a side-by-side column drawn on screen now, as text."""
    return [
        "".join(segment.text for segment in view.render_line(y)).rstrip()
        for y in range(view.region.height)
    ]


@sync
async def test_an_offer_that_says_committed_names_the_rule_in_the_comparison() -> None:
    # Eavesdropping ("you are committed to the next encounter") had no Named section side by
    # side; "Committed (a rule)" was only under "c All cards".
    assert save_settings(Settings(hints=False)) == ""
    scene = Scenario("tomu", seed=3).resources(se=6, food=2)
    game = scene.encounters("eavesdropping", "metal-scraps").start("exploration")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await opened(pilot, "i", InspectorScreen)
        assert screen.comparing
        cards = [offer.card for offer in screen.offers]
        assert "base:eavesdropping" in cards, cards
        views = list(screen.query(".inspector-column").results(CardView))
        said = " ".join(" ".join(views[cards.index("base:eavesdropping")].lines).split())
        # Its rule named in words, no rule id (#28 round 27, 27b-11).
        assert "Named: Committed (a rule)" in said and "R-TRAVEL-7" not in said, said
        other = " ".join(" ".join(views[cards.index("base:metal-scraps")].lines).split())
        assert "Committed" not in other, other


def test_every_records_key_is_readable_at_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    # Records' footer was cut at 80 columns with a plugin's panel on: "a Achievements  p ▏".
    panels = [RecordsPanel("x:run", "Runs", lambda r: ["one run"])]
    monkeypatch.setattr("unbroken.plugins.current_plugins", lambda: FakePlugins(panels))

    @sync
    async def run() -> None:
        app = UnbrokenApp(RULES, animate=False)
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(RecordsScreen())
            await settle(pilot)
            keys = list(app.screen.query("FooterKey"))
            shown = [key.key_display for key in keys]  # type: ignore[attr-defined]
            assert "p" in shown and "a" in shown, shown
            assert all(key.virtual_region.right <= 80 for key in keys), shown

    run()


@sync
async def test_esc_after_a_search_goes_back_one_step_at_a_time() -> None:
    # Esc on what a search found (after ↓ from it) closed help in one step; the player's
    # next Esc then opened the leave-game prompt. Now: the found list, then the whole
    # contents, then out of help.
    assert save_settings(Settings(hints=False)) == ""
    game = Scenario("tomu", seed=3).resources(se=6, food=2).start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        help_screen: HelpScreen = await opened_help(pilot, app)
        search = help_screen.query_one("#help-search", Input)
        own = help_screen.own
        await pilot.press("slash")
        await pilot.press(*"armored")
        await settle(pilot)
        await pilot.press("down")
        await settle(pilot)
        contents = help_screen.query_one("#help-list", OptionList)
        assert contents.has_focus
        assert "Armored" in str(contents.get_option_at_index(0).prompt)
        await pilot.press("escape")
        await settle(pilot)
        assert on_top(app) is help_screen  # a step back: the search is left
        assert search.value == ""
        assert contents.option_count == own  # the whole contents again
        assert "esc Back" in footer(app), footer(app)  # said: the next Esc closes help
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(on_top(app), GameScreen)  # then out of help, to the game


@sync
async def test_page_down_scrolls_the_character_description_whatever_has_the_focus() -> None:
    # At 80x24 the description was cut ("…spend 2 SE to break 1 of") with no hint that it
    # scrolls, and PageDown moved the character list: it took Tab x3 then PageDown.
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, "enter", NewGameScreen)
        chars = screen.query_one("#characters", OptionList)
        scroll = screen.query_one("#class-scroll", VerticalScroll)
        for _ in range(chars.option_count):  # a description longer than its rows
            if scroll.max_scroll_y > 0:
                break
            await pilot.press("down")
            await settle(pilot)
        assert scroll.max_scroll_y > 0
        assert "PgUp/PgDn Description" in footer(app), footer(app)
        chars.focus()
        at = chars.highlighted
        await pilot.press("pagedown")
        await settle(pilot)
        assert chars.highlighted == at and scroll.scroll_y > 0
        await pilot.press("pageup")
        await settle(pilot)
        assert chars.highlighted == at and scroll.scroll_y == 0


@sync
async def test_page_up_down_are_offered_only_while_the_description_can_scroll() -> None:
    # Round 13's leftovers: "PgUp/PgDn Description" was in the footer where the description
    # fitted and nothing could scroll; on a resize it comes and goes with the scrolling.
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        scroll = screen.query_one("#class-scroll", VerticalScroll)
        assert scroll.max_scroll_y == 0
        assert "PgUp/PgDn" not in footer(app), footer(app)
        chars = screen.query_one("#characters", OptionList)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        for _ in range(chars.option_count):  # a description longer than its rows
            if scroll.max_scroll_y > 0:
                break
            await pilot.press("down")
            await settle(pilot)
        assert scroll.max_scroll_y > 0
        assert "PgUp/PgDn Description" in footer(app), footer(app)
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert scroll.max_scroll_y == 0
        assert "PgUp/PgDn" not in footer(app), footer(app)
