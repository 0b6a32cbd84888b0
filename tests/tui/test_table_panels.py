"""The table's panels at 80x24: conditions, ability uses, option keys, log, time, details."""

from __future__ import annotations

import re
from typing import Any

from pilot import game_screen_of, sync
from textual.widgets import RichLog

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.history import level_ability_uses
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.details import detail
from unbroken.tui.widgets import OPTION_KEYS, option_line, wrap_option
from unbroken.words.events import Narrator

RULES = load_ruleset()


def shown(widget: Any) -> str:
    """Return the lines a widget shows on the screen now (what is scrolled out is not)."""
    return "\n".join(widget.render_line(y).text for y in range(widget.size.height))


def index_of(game: Game, kind: type) -> int:
    """Return the index of the first option of a kind that can be taken (as listed)."""
    return next(i for i, (a, why) in enumerate(game.options()) if isinstance(a, kind) and not why)


@sync
async def test_an_active_condition_is_on_screen_at_80x24() -> None:
    # R-COND-1: conditions change play every turn, so the hand shows them first.
    game = (
        Scenario("tomu", level=2)
        .weapon("knife")
        .skills("daring", "wrecker", "pathfinder")
        .condition("frightened", rounds=2)
        .condition("crippled", active=False)
        .start("preparation")
    )
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = " ".join(shown(app.screen.query_one("#hand-text")).split())
        assert "Frightened (2 rounds): Monster combat rolls +1." in hand, hand
        assert "Crippled (next level): Exploration reveals 1 fewer card." in hand, hand
        assert "token" not in hand  # neither card uses tokens


@sync
async def test_a_condition_with_tokens_says_how_many() -> None:
    game = Scenario("tomu").condition("paralyzed", tokens=2).start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Paralyzed (2 tokens):" in shown(app.screen.query_one("#hand-text"))


def test_the_ability_uses_of_a_level_are_the_last_pool_set() -> None:
    game = Scenario("tomu", level=2).ability_uses(3).start("preparation")
    assert level_ability_uses(reversed(game.events)) == 3  # GameStarted, before any pool set
    events = [*game.events, ev.AbilityUsesSet(4), ev.AbilityUsed("x", "y", True)]
    assert level_ability_uses(reversed(events)) == 4
    assert level_ability_uses([]) == 0


@sync
async def test_the_uses_meter_counts_to_the_uses_the_level_began_with() -> None:
    # Quick Study: one more use per level, so level 2 starts with 3 (not "3/2").
    game = Scenario("tomu", level=2).skills("quick-study").ability_uses(3).start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        display = str(app.screen.query_one("#display").render())
        assert "uses      ●●● 3/3" in display, display
        # The Sage's Dangerous Idea takes a use: 2 of the 3 left.
        idea = next(
            i
            for i, a in enumerate(a for a, _ in game.options())
            if isinstance(a, act.Use) and "dangerous-idea" in a.ability
        )
        await pilot.press(OPTION_KEYS[idea])
        assert game.state.ability_uses == 2
        display = str(app.screen.query_one("#display").render())
        assert "uses      ●●○ 2/3" in display, display


def ten_options() -> Game:
    """A Preparation step with twelve legal actions (the Sage and Meditation, resources,
    a weapon to downgrade)."""
    return (
        Scenario("tomu", level=2)
        .weapon("bare-hands", "knife")
        .resources(se=20, me=4, le=2, wood=3, metal=3, cunning=3)
        .skills("meditation")
        .start("preparation")
    )


@sync
async def test_key_0_takes_the_tenth_option_and_letters_the_ones_after_it() -> None:
    from textual.widgets import OptionList

    game = ten_options()
    options = game.options()
    assert len(options) > 10 and not options[9][1] and not options[10][1]
    tenth, eleventh = ten_options(), ten_options()
    tenth.apply(options[9][0])  # what taking the tenth does
    eleventh.apply(options[10][0])
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.pause()
        lines = shown(app.screen.query_one("#decisions", OptionList)).splitlines()
        keys = [line[:3] for line in lines if line.strip() and not line.startswith("   ")]
        assert keys == [f"{k}. " for k in "1234567890abcdefghijknops"[: len(options)]], lines
        await pilot.press("0")
        assert game.events == tenth.events
    game = ten_options()
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.press("a")
        assert game.events == eleventh.events
    assert option_line(len(OPTION_KEYS), "more") == "·  more"  # past every key: arrows


def test_an_unkeyed_option_wraps_under_its_text() -> None:
    line = "·  " + "word " * 20
    wrapped = wrap_option(line.strip(), 40).splitlines()
    assert wrapped[0].startswith("·  word") and all(x.startswith("   word") for x in wrapped[1:])


@sync
async def test_a_long_log_line_wraps_in_the_log_panel() -> None:
    game = Scenario("tomu", level=2).weapon("sword").monster("ogre").dice(*[1] * 8).start("battle")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")  # attack: "You attack with Sword: Beat aside (armor-breaking 1)."
        log = app.screen.query_one("#log", RichLog)
        width = log.scrollable_content_region.width
        text = " ".join(strip.crop(0, width).text for strip in log.lines)
        narrator = Narrator(RULES)
        said = [line for e in game.events if (line := narrator.describe(e))]
        assert max(len(line) for line in said) > width  # a line longer than the panel
        for line in said:
            assert all(word in text.split() for word in line.split()), (line, text)


@sync
async def test_a_reset_time_track_is_marked_reset_not_with_the_time_spent_before() -> None:
    # R-COMBAT-3: crafting takes time from 1 to 0, the monster ambushes, time goes to 26.
    game = Scenario("tomu", level=2).resources(metal=1, time=1).monster("kobold").start()
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        craft = OPTION_KEYS[index_of(game, act.Craft)]
        await pilot.press(craft)  # it leads to an ambush: its first key marks it (31b-3)
        assert game.state.res["time"] == 1
        await pilot.press(craft)
        assert game.state.res["time"] == RULES.settings.level_start_time[2]
        display = str(app.screen.query_one("#display").render())
        lines = display.splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith("time"))
        time = " ".join([lines[at], lines[at + 1].strip()])  # the note may have a line of its own
        assert "↺" in time and "▼" not in time, display
        # In words a player reads (the playtest found "↺ refor level 3" puzzling).
        assert "for level 3" in time, display  # round 27: "level 3 time" was cryptic


def test_crafting_shows_the_new_weapon_s_attacks() -> None:
    game = Scenario("tomu", level=2).resources(metal=1).start("preparation")
    craft = [a for a, _ in game.options()][index_of(game, act.Craft)]
    text = detail(craft, game)
    assert text.startswith("Knife (basic) attacks: Pry: break 1 ← 2 SE; Quick cut: wound 1")
    assert RULES.weapons["base:knife"].text in text
    assert "ambush" not in text


def test_crafting_that_takes_the_time_to_0_warns_of_the_ambush() -> None:
    # R-TRAVEL-1: time at 0 in Travel starts the ambush at once.
    game = Scenario("tomu", level=2).resources(metal=1, time=1).start("preparation")
    craft = [a for a, _ in game.options()][index_of(game, act.Craft)]
    assert "the monster ambushes you" in detail(craft, game)


def test_eating_too_little_to_survive_is_named_in_the_detail() -> None:
    # R-HUNGER-3, R-RES-3/4/5: 4 uneaten costs 10 SE; 3 SE + 1 ME pays 6 at most.
    game = Scenario("tomu", level=4).resources(se=3, me=1, food=0).monster("troll").start("hunger")
    (eat,) = game.legal_actions()
    assert re.search(r"costs 10 SE: more than you have — you would starve\.$", detail(eat, game))


def test_eating_enough_to_survive_warns_of_nothing() -> None:
    # 3 SE + 1 LE (3 SE) + food eaten: paying with higher effort keeps you alive.
    game = Scenario("tomu", level=2).resources(se=2, le=1, food=1).monster("goblin").start("hunger")
    texts = {a.food: detail(a, game) for a in game.legal_actions() if isinstance(a, act.Eat)}
    need = game.food_requirement()
    assert need == 2
    # Eat 1: 3 SE then 1 uneaten costs 1 SE; eat 0: 2 uneaten costs 3 SE, paid by 2 SE + 1 LE.
    assert not any("starve" in t for t in texts.values()), texts
    game = Scenario("tomu", level=2).resources(se=2, food=1).monster("goblin").start("hunger")
    texts = {a.food: detail(a, game) for a in game.legal_actions() if isinstance(a, act.Eat)}
    assert "starve" in texts[0] and "starve" not in texts[1], texts


@sync
async def test_a_gain_past_a_cap_keeps_its_tracker_on_one_row() -> None:
    # R-RES-2: food over its cap of 7 is lost; the row says so, its marks stay beside
    # the number, and the trackers below do not move.
    game = Scenario("tomu").resources(food=6).start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen_of(app)
        await pilot.pause()
        before = shown(screen.query_one("#display")).splitlines()
        screen.last = [ev.Gained({"food": 1}, source="base:hunger-pangs", lost_to_cap={"food": 2})]
        screen.refresh_all()
        await pilot.pause()
        rows = shown(screen.query_one("#display")).splitlines()
        [food] = [row for row in rows if "food" in row]
        # 6 held (#28): at 80 columns, "cunning" is cut for the change's marks, and the
        # food eaten stays (round 8: it made room for them, and was missed).
        # (round 20: the change mark beside the number it changed, before "(eat 1)")
        # (round 29: the cap's "cap took 2", in words, goes first at 80 columns; the log
        # says it)
        assert re.search(r"cun 0/7 +food 6/7 ▲\+1 \(eat 1\)", food), rows
        time_row = next(i for i, row in enumerate(rows) if row.lstrip().startswith("time"))
        assert time_row == next(i for i, r in enumerate(before) if r.lstrip().startswith("time"))


@sync
async def test_the_time_tracker_says_time_left_and_the_next_level_in_words() -> None:
    starts = RULES.settings.level_start_time
    for level, time in ((1, starts[0]), (2, starts[1]), (2, 3)):
        game = Scenario("tomu", level=level).resources(time=time).start("preparation")
        app = UnbrokenApp(RULES, animate=False, game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            display = shown(app.screen.query_one("#display"))
            assert f"{time} left" in display, display
            assert f"level {level + 1} starts at {starts[level]}" in display, display
            bar = next(row for row in display.splitlines() if row.lstrip().startswith("time"))
            full = bar.count("█")
            assert full == (6 if time == starts[level - 1] else 1), bar  # full at the start


@sync
async def test_a_taller_screen_gives_the_log_more_lines() -> None:
    heights = {}
    for size in ((80, 24), (120, 40)):
        app = UnbrokenApp(RULES, animate=False, game=ten_options())
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            heights[size] = app.screen.query_one("#log").size.height
    # The decisions take their rows first; the log keeps two lines under its border.
    assert heights[(80, 24)] >= 2
    assert heights[(120, 40)] >= heights[(80, 24)] + 10


@sync
async def test_esc_closes_the_keys_panel_before_it_leaves_the_game() -> None:
    from unbroken.tui.game import GameScreen

    app = UnbrokenApp(RULES, animate=False, game=ten_options())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.action_show_help_panel()  # the command palette's "Keys"
        await pilot.pause()
        assert app.screen.query("HelpPanel")
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen) and not app.screen.query("HelpPanel")
        await pilot.press("escape", "enter")  # the next Esc asks; Enter leaves
        assert not isinstance(app.screen, GameScreen)
