"""#28 playtest round 14 on the game screen, at 80x24."""

from __future__ import annotations

from pilot import game_screen_of, settle, sync
from textual.widgets import Static

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.daily_start import start_daily
from unbroken.tui.details import detail
from unbroken.tui.hints import HintBox
from unbroken.tui.option_rows import DecisionList

RULES = load_ruleset()


@sync
async def test_an_encounter_s_detail_line_says_its_ambush_and_what_the_cap_takes() -> None:
    # Round 14: at level 4 with 1 time left, Forgotten Purse's row was cut and the line under
    # the list said only the card's text: the ambush its time brings, and the treasure the cap
    # takes, were said nowhere at 80x24.
    assert save_settings(Settings(hints=False)) == ""
    game = (
        Scenario("tomu", level=4)
        .resources(time=1, treasure=7)
        .encounters("forgotten-purse", "a-clever-scheme")
        .start("exploration")
    )
    # The line under the list says them whatever the row shows (cut, it shows neither).
    purse, scheme = (detail(a, game) for a in game.legal_actions())
    assert purse.startswith("⚠ Time runs out: the monster ambushes you"), purse
    assert "The caps take 1 treasure" in purse, purse
    assert scheme.startswith("⚠ Time runs out"), scheme
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        decisions = screen.query_one(DecisionList)
        line = screen.query_one("#detail", Static)
        for i in range(2):
            assert decisions.highlighted == i
            said = " ".join(f"{decisions.row_shown(i)} {line.render()}".split())
            assert "ambushes you" in said and "…" not in said.partition("ambushes you")[0], said
            await pilot.press("down")
            await settle(pilot)


@sync
async def test_the_daily_s_terms_are_said_on_the_notice_line_not_in_a_toast() -> None:
    # Round 14: the daily challenge's toast stayed over 5 s and lay over help's Keys table.
    # It is said on the game screen's notice line above the log, which help covers.
    assert save_settings(Settings(hints=False)) == ""
    app = UnbrokenApp(RULES, animate=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        start_daily(app)
        await settle(pilot)
        screen = game_screen_of(app)
        box = screen.query_one(HintBox)
        assert "Daily challenge of" in str(box.render()), box.render()
        assert box.region.height > 0 and box.region.bottom <= screen.query_one("#log").region.y
        assert not [n for n in app._notifications if "Daily" in n.message]
        await pilot.press("question_mark")
        await settle(pilot)
        assert not app._notifications
