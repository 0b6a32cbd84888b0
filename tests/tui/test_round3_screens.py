"""#28 playtest round 3, the game screen at 80x24: a dimmed option's reason cut, the
Troglodyte's rules cut with `m` unfolded, `m` opening the inspector after `i`, the die
saying another roll than the row marked, a kept re-roll the wrong way round, a loss not
said plainly."""

from __future__ import annotations

from pilot import game_screen_of, sync

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.gameover import GameOverScreen
from unbroken.tui.option_rows import OPTION_KEYS, DecisionList
from unbroken.tui.stage import StagePanel
from unbroken.words.actions import option_text
from unbroken.words.effects import ambush_text, trickery_text
from unbroken.words.vocabulary import full_stop

RULES = load_ruleset()


@sync
async def test_a_dimmed_option_cut_to_one_row_says_its_reason_whole_when_highlighted() -> None:
    # As played: "7. Cold Logic [Sage] (pay 2 cunning, 1 abil…": the reason it cannot be
    # taken was cut away. Highlighted, the detail line says it whole.
    game = (
        Scenario("tomu", level=2)
        .resources(se=10, wood=1, metal=1, cunning=0)
        .weapon("bare-hands", "knife")
        .skills("spike-thrower", "grim-determination", "meditation")
        .monster("troglodyte")
        .ability_uses(0)
        .start("battle")
    )
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen_of(app)
        decisions = screen.query_one(DecisionList)
        index, (action, why) = next(
            (i, (a, why))
            for i, (a, why) in enumerate(screen.offered)
            if option_text(a, why, game.state, game.ruleset).startswith("Cold Logic")
        )
        assert why and decisions.is_cut(index)  # the line is cut: its reason with it
        decisions.highlighted = index
        await pilot.pause()
        whole = option_text(action, why, game.state, game.ruleset)
        assert why in whole
        detail = " ".join(str(screen.query_one("#detail").render()).split())
        assert detail == full_stop(whole)  # its sentence ended (round 30, 30b-14)


@sync
async def test_m_unfolds_the_troglodyte_s_rules_whole_above_all_six_rows_even_after_i() -> None:
    # As played before a fight: `i`, Esc, then `m` opened the inspector (the rules did not
    # fit above the table, so `m` showed the card there), and the ambush's words were cut.
    game = Scenario("tomu", level=2).resources(se=10, cunning=3).monster("troglodyte")
    app = UnbrokenApp(RULES, animate=False, game=game.start("trickery"), record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen_of(app)
        await pilot.press("i")
        await pilot.pause()
        assert app.screen is not screen
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        footer = " ".join(str(k.render()) for k in screen.query("FooterKey"))
        assert "Rules" in footer  # `m` is offered while it does something
        stage = screen.query_one(StagePanel)
        await pilot.press("m")
        await pilot.pause()
        assert app.screen is screen  # not the inspector
        card = RULES.monsters["base:troglodyte"]
        said = " ".join(stage.drawn.split())
        # At the Trickery step its trickery alone: the ambush is over (#28 item 2).
        assert f"trickery: {trickery_text(card)}" in said
        assert f"ambush: {ambush_text(card)}" not in said
        lines = stage.drawn.splitlines()
        # All six rows at its end, a row whole over two lines as folded (round 32: its DAZE
        # row whole folded, and `m` shows no less of it).
        rows = [line[:2] for line in lines if line[:2].strip().isdigit()]
        assert rows == [f" {n}" for n in "123456"], stage.drawn
        assert lines[-1].startswith(" 6 "), stage.drawn
        assert stage.region.bottom < screen.query_one("#hand").region.bottom


async def stage_after(game: Game, *options: type[act.Action] | act.Action) -> str:
    """Return the stage at 80x24 (its lines joined) after taking the first option of
    each of these kinds (or this very option)."""
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen_of(app)
        for kind in options:
            await pilot.pause()
            index = next(
                i
                for i, (a, _) in enumerate(screen.offered)
                if (isinstance(a, kind) if isinstance(kind, type) else a == kind)
            )
            await pilot.press(OPTION_KEYS[index])
            await pilot.pause()
            if "marked" in str(screen.query_one("#prompt").render()):
                await pilot.press(OPTION_KEYS[index])  # after a Response: marked first
        await pilot.pause()
        return " ".join(screen.query_one(StagePanel).drawn.split())


@sync
async def test_after_a_paralyzed_check_the_die_says_the_roll_of_the_row_marked() -> None:
    # As played: the die showed the Paralyzed check's 6 while the table marked row 3, the
    # row of the monster's combat roll before it in the same decision.
    paralyzed = Scenario("tomu", level=4).resources(se=12).condition("paralyzed", tokens=1)
    game = paralyzed.monster("basilisk").dice(6, 3, 6).start("battle")
    stage = await stage_after(game, act.Attack)
    assert "die ⚂ 3 (monster's combat roll); then ⚅ 6 (Paralyzed check)" in stage
    assert "▶3 GAZE" in stage


@sync
async def test_a_kept_first_roll_is_said_first_and_kept() -> None:
    # As played: "⚄ 5 → 6 (re-roll)" after keeping the first roll, the 6: read the wrong
    # way round. The first roll, the re-roll, and the one kept.
    game = Scenario("caellahan", level=2).resources(se=12).monster("troglodyte").dice(3, 5)
    # (Round 16: the 5, a HEAL at full health, is listed first now: the 3 is kept by hand.)
    stage = await stage_after(game.start("battle"), act.Attack, act.Use, act.PickRoll(3))
    assert "die ⚂ 3, re-roll ⚄ 5: kept the 3" in stage
    assert "▶3 DAZE" in stage


@sync
async def test_charge_s_bonus_shows_the_raw_roll_and_names_the_bonus() -> None:
    # As played: Charge's +1 hid the raw roll ("⚃ 4 → 5"). Raw face, the bonus named, result.
    game = Scenario("tomu", level=3).resources(se=12).monster("minotaur").dice(3)
    stage = await stage_after(game.start("battle"), act.Skip)
    assert "die ⚂ 3 +1 Charge = 4 (monster's combat roll)" in stage
    assert "▶4 " in stage


async def how_it_ended(game: Game, *options: type[act.Action]) -> str:
    """Return the game over screen's text (its lines joined) after these options."""
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for kind in options:
            await pilot.pause()
            if isinstance(app.screen, GameOverScreen):  # the last one taken for the player
                break
            screen = game_screen_of(app)
            index = next(
                i
                for i, (a, _) in enumerate(screen.offered)
                if (isinstance(a, kind) if isinstance(kind, type) else a == kind)
            )
            await pilot.press(OPTION_KEYS[index])
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        return " ".join(str(app.screen.query_one("#result").render()).split())


@sync
async def test_how_it_ended_says_a_starvation_plainly() -> None:
    # As played: "How it ended: You eat 0 of the 2 food you need." and nothing of the SE
    # that going without cost, nor what the player had.
    game = Scenario("tomu", level=2).resources(se=1, food=0).monster("goblin").start("hunger")
    said = await how_it_ended(game)  # eating none is taken for the player
    assert (
        "How it ended: 2 food were due at the Hunger step of level 2 and you ate 0: the 2 "
        "missing cost 3 SE, and you had 1 SE, 0 ME, 0 LE; 2 SE short." in said
    ), said


@sync
async def test_how_it_ended_names_the_monster_s_row_that_asked_too_much() -> None:
    game = Scenario("tomu", level=1).resources(se=1).monster("gibberling").dice(4)
    said = await how_it_ended(game.start("battle"), act.Skip)
    assert (
        "How it ended: The Gibberling's CONFUSE (roll 4: lose 1 cunning (lose 2 SE if "
        "unable)) asked for more effort than you had: 1 SE, 0 ME, 0 LE; 1 SE short." in said
    ), said
    game = Scenario("tomu", level=1).resources(se=0).monster("kobold").dice(6)
    said = await how_it_ended(game.start("battle"), act.Skip)
    assert "The Kobold's WOUND (roll 6: 1 SE) asked for more effort than you had" in said


@sync
async def test_the_hand_s_skills_are_their_own_group_not_among_the_weapon_s_lines() -> None:
    # As played: "Skills: Lucky" sat between the weapon's attacks and its crafts (indented
    # as the attacks), so it read as one of the weapon's lines. Each group is titled at
    # the left edge: the weapon's name, "Skills:", "Crafts:".
    game = Scenario("tomu", level=2).resources(se=10).skills("lucky").start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = str(game_screen_of(app).query_one("#hand-text").render()).splitlines()
        assert hand[:3] == [
            "Bare Hands (basic)",
            " Shove: break 1 ← 2 SE",
            " Punch: wound 1 ← 2 SE",
        ]
        # Round 23: with the skill's own words where the Hand has the rows for them.
        crafts = next(k for k, line in enumerate(hand) if line.startswith("Crafts: "))
        assert hand[3] in ("Skills: Lucky", "Skills"), hand
        assert all(line.startswith(" ") for line in hand[4:crafts]), hand  # its words
        assert hand[crafts].startswith("Crafts: Club ← "), hand
        assert all(line.startswith(" ") for line in hand[crafts + 1 :]), hand  # the other crafts


@sync
async def test_a_re_roll_alike_to_the_first_is_said_with_it() -> None:
    # Played: I've Seen Worse rolled the same 3 again; the die said "⚂ 3 (re-roll)" alone.
    game = Scenario("caellahan", level=1).resources(se=12).monster("giant-spider").dice(3, 3)
    stage = await stage_after(game.start("battle"), act.Attack, act.Use)
    assert "die ⚂ 3, re-roll ⚂ 3: kept the 3" in stage
