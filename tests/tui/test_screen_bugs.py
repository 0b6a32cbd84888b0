"""#18 item 10: the bugs found playing at 80x24 that had no test on the game screen yet.

(The others have theirs: the Records rank column and sort mark, the 60x20 title,
the seed field and Esc with the Keys panel in test_records_screen.py, test_title.py,
test_newgame.py and test_game.py; a gain past a cap and
the taller log in test_table_panels.py; the Hand and the options in sight in
test_layout.py.)
"""

from __future__ import annotations

from pilot import game_screen_of, on_top, sync
from test_layout import screen_text
from test_round8_screens import table_in_sight, table_start

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.gameover import GameOverScreen
from unbroken.tui.stage import StagePanel
from unbroken.tui.widgets import OPTION_KEYS

RULES = load_ruleset()


def key_of(screen: GameScreen, kind: type) -> str:
    return next(OPTION_KEYS[i] for i, (a, _) in enumerate(screen.offered) if isinstance(a, kind))


@sync
async def test_downgrade_keeps_its_key_after_a_craft() -> None:
    # The bug: Downgrade moved from key 0 to key 8 once a craft made the weapon better.
    game = Scenario("tomu").resources(se=12, wood=2, metal=2).start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        before = key_of(screen, act.Downgrade)
        await pilot.press(key_of(screen, act.Craft))
        await pilot.pause()
        assert len(screen.game.state.weapons) == 2  # crafted
        assert key_of(screen, act.Downgrade) == before


@sync
async def test_the_same_seed_left_at_once_is_not_kept_for_continue() -> None:
    # The bug: "same seed again", then Esc, left a game of no decisions in Continue.
    from unbroken.replay import unfinished_games

    game = Scenario("tomu", level=2).resources(se=0, food=0).monster("goblin").start("hunger")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")  # eat nothing: starve
        assert isinstance(app.screen, GameOverScreen)
        before = {info.path for info in unfinished_games()}
        await pilot.press("s")  # the same seed again
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape", "enter")  # leave for the title (asked first)
        await pilot.pause()
        assert {info.path for info in unfinished_games()} == before


@sync
async def test_the_basilisk_s_rules_fold_and_m_never_pushes_its_table_off_screen() -> None:
    # #28: unfolding with `m` pushed all six rows of the Basilisk's table off the stage at
    # 80x24. Folded, every rule is named (none cut away); where its rules do not fit above
    # the table, `m` shows them whole a part at a time (playtest round 3: it opened the
    # inspector, which read as a key gone astray), the six rows in sight under them.
    game = Scenario("tomu", level=4).monster("basilisk").start("battle")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        stage = app.screen.query_one("#stage", StagePanel)
        folded = " ".join(str(stage.render()).split())
        for name in ("Petrifying Gaze", "Mirror Shard", "Stone Scales"):
            assert name in folded
        assert str(stage.border_title).endswith("(m: read)")  # in the title (round 27)
        assert all(f"{row} " in folded for row in ("1 WOUND", "2 GAZE", "6 WOUND"))
        parts = []
        hand = app.screen.query_one("#hand").region.height
        # Its three rules, then (round 8) its rows cut, in full; pages no taller than the
        # rules folded since #28 (the Hand kept its rows), filled (round 10): as many as
        # the first page's title says, the last one folding back.
        pages, ruled = 0, 0
        while pages == 0 or "(m: fold)" not in str(stage.border_title):
            await pilot.press("m")
            await pilot.pause()
            pages += 1
            assert pages <= 12, stage.border_title
            # A page of rows alone is titled "table" (#28 round 15), one with a rule "rules",
            # each kind counted on its own, the rules' first (round 16).
            title = str(stage.border_title)
            ruled += "rules" in title
            assert f"rules {pages} of " in title or f"table {pages - ruled} of " in title, title
            assert pages > 1 or "rules" in title
            assert isinstance(app.screen, GameScreen)
            table_in_sight(stage)  # round 12: a row a page shows whole goes on under it
            assert stage.region.bottom < app.screen.query_one("#hand").region.bottom
            # Round 12: the pages fill the stage's room, the Hand kept at its title and
            # its cards; round 19: a page may take one row of the Hand so that a rule is
            # never split over two pages (the Hand's title and its weapon stay).
            assert app.screen.query_one("#hand").region.height >= min(hand, 4) - 1 >= 2
            lines = str(stage.render()).splitlines()
            parts.append(" ".join(" ".join(lines[2 : table_start(lines)]).split()))
        assert pages >= 3  # three rules and the cut rows do not fit on one page
        whole = " ".join(parts).replace(" … … ", " ")  # a rule read on over a page
        card = RULES.monsters["base:basilisk"]
        for ability in card.abilities:
            assert f"{ability.name}: {ability.text}" in whole, whole
        await pilot.press("m")
        await pilot.pause()
        assert " ".join(str(stage.render()).split()) == folded
    game = Scenario("tomu", level=4).monster("basilisk").start("battle")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(120, 40)) as pilot:  # room for the rules and the table
        await pilot.pause()
        stage = app.screen.query_one("#stage", StagePanel)
        unfolded = " ".join(str(stage.render()).split())
        assert "Stone Scales: The Basilisk cannot suffer more than 4 wounds in a round." in unfolded
        assert "6 WOUND" in unfolded


@sync
async def test_the_hand_scrolls_from_the_keyboard_and_says_there_is_more() -> None:
    # The bug: skills wrapped out of sight (Meditation) and crafts were cut off, unreachable.
    game = (
        Scenario("caellahan", level=3)
        .weapon("knife")
        .skills(
            "hidden-pockets", "brute-force", "wrecker", "quick-study", "weak-spot", "meditation"
        )
        .condition("frightened", rounds=2)
        .condition("paralyzed", tokens=2)
        .monster("minotaur")
        .start("battle")
    )
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = app.screen.query_one("#hand")
        assert hand.max_scroll_y > 0  # more than fits at 80x24
        assert "more" in str(hand.border_title)
        await pilot.press("tab")
        assert app.focused in (hand, hand.query_one("#hand-text"))  # the hand, or its cards
        await pilot.press("end")
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        assert hand.scroll_y == hand.max_scroll_y > 0
        assert "Spear ←" in screen_text(game_screen_of(app))  # the last craft, in sight
        assert "↑" in str(hand.border_title)


@sync
async def test_the_title_menu_stops_at_its_ends_and_dims_continue_with_nothing_to_go_on() -> None:
    # #28: Up Up Up Enter after Esc started the Daily challenge (the menu wrapped round),
    # and "Continue" was not dimmed with no unfinished game.
    from textual.widgets import OptionList

    app = UnbrokenApp(RULES, animate=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        prompt = menu.get_option("continue").prompt
        assert "dim" in str(getattr(prompt, "style", "")) and "(none)" in str(prompt)
        await pilot.press("up", "up", "up")
        assert menu.highlighted == 0
        await pilot.press("end", "down")
        assert menu.get_option_at_index(menu.highlighted or 0).id == "quit"


@sync
async def test_the_level_is_named_once_at_100x30() -> None:
    # #28: the header said "Level 2 … Level 2" (the Display's title and the phase tracker).
    game = Scenario("tomu", level=2).start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        header = screen_text(game_screen_of(app)).splitlines()[0]
        assert header.count("Level 2") == 1, header


@sync
async def test_the_log_keeps_its_latest_lines_after_a_resize() -> None:
    # #28: resized mid-battle (120x40 to 80x24), the log showed its first lines, and its
    # lines stayed wrapped at the old width (cut off at the right).
    from textual.widgets import RichLog

    game = (
        Scenario("tomu", level=4).resources(se=20).monster("troll").dice(*[1] * 40).start("battle")
    )
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(8):  # a few decisions: the log grows
            if not isinstance(app.screen, GameScreen):
                break
            offered = app.screen.offered
            first = next((i for i, (_, why) in enumerate(offered) if not why), None)
            if first is None:
                break
            await pilot.press(OPTION_KEYS[first])
            await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        log = app.screen.query_one("#log", RichLog)
        assert log.max_scroll_y > 0
        assert log.scroll_y == log.max_scroll_y
        # And its lines are wrapped again at the new width: none is cut off at the right.
        width = log.scrollable_content_region.width
        assert max(line.cell_length for line in log.lines) <= width
        assert log.max_scroll_x == 0
        # The newest line is the game's newest one.
        assert isinstance(app.screen, GameScreen)
        said = app.screen.said[-1].split()[-1]
        assert said in "".join(log.lines[-1].text.split()), said


@sync
async def test_one_esc_in_a_game_asks_before_leaving_for_the_title() -> None:
    # #28: one Esc went straight to the title, so a second Esc meant for an overlay that
    # had just closed (the inspector) landed the player there. Esc now asks first.
    from unbroken.tui.inspector import InspectorScreen
    from unbroken.tui.leaving import LeaveScreen

    game = Scenario("tomu").start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("i")
        assert isinstance(on_top(app), InspectorScreen)
        await pilot.press("escape", "escape")  # the overlay closes; the next Esc asks
        await pilot.pause()
        assert isinstance(on_top(app), LeaveScreen)
        await pilot.press("escape")  # Esc again: stay
        await pilot.pause()
        assert app.screen is screen and not game.is_over
        await pilot.press("escape", "n")  # n: stay too
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape", "enter")  # Enter leaves
        await pilot.pause()
        assert app.screen is not screen and not isinstance(app.screen, LeaveScreen)
