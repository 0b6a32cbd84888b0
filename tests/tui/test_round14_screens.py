"""#28 playtest round 14 on the game screen, at 80x24."""

from __future__ import annotations

from pilot import game_screen_of, played, settle, sync
from textual.widgets import Static

from unbroken.core import actions as act
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.daily_start import start_daily
from unbroken.tui.details import detail
from unbroken.tui.hints import HintBox
from unbroken.tui.option_rows import DecisionList
from unbroken.tui.stage import StagePanel

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
    # Its own words first, the warning after (round 27).
    assert purse.endswith("⚠ Time runs out: the monster ambushes you."), purse
    assert "1 treasure of what it gains is lost to the cap of 7." in purse, purse
    assert scheme.endswith("⚠ Time runs out: the monster ambushes you."), scheme
    async with played(game) as (pilot, screen):
        decisions = screen.query_one(DecisionList)
        line = screen.query_one("#detail", Static)
        # The highlight starts on the first option of use (round 19): the Purse is of none
        # (the cap takes its treasure), so go to the top first.
        await pilot.press("home")
        await settle(pilot)
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


@sync
async def test_the_stage_offers_the_weapons_its_option_offers() -> None:
    # Rounds 13-14: the stage said "take a weapon: Club or Knife" (the Club under the Axe),
    # and "take a weapon: Sling" for a Sling under the Longbow, where the option said
    # otherwise.
    assert save_settings(Settings(hints=False)) == ""
    game = Scenario("tomu").weapon("club", "axe").encounters("weapon-rack").start("exploration")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        stage = " ".join(str(game_screen_of(app).query_one(StagePanel).render()).split())
    assert "Weapon Rack: 1 SE -> take a weapon or none: Knife" in stage, stage
    assert "Club or Knife" not in stage, stage


@sync
async def test_a_defeated_monster_s_guard_is_not_shown_up() -> None:
    # Round 14: "Wight (level 3, #2) [GUARD UP]" stayed on the stage through the Rewards
    # and Hunger steps after the Wight was defeated. Killed by Press On (no weapon attack
    # lowers the guard), the Giant Spider's guard is still up in the state.
    assert save_settings(Settings(hints=False)) == ""
    game = (
        Scenario("tomu")
        .resources(se=20)
        .skills("grim-determination")
        .monster("giant-spider")
        .dice(*[5] * 50)  # DEFEND
        .start("battle")
    )
    press = act.Use("base:grim-determination", "grim-determination-press")
    game.apply(act.Skip())
    assert game.state.monster is not None and game.state.monster.defend
    while game.state.monster.health > 0:
        legal = game.legal_actions()
        game.apply(press if press in legal else act.Pass())
    assert game.decision is not None and game.state.monster.defend
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        stage = str(game_screen_of(app).query_one(StagePanel).render())
    assert "Giant Spider" in stage and "GUARD" not in stage, stage
