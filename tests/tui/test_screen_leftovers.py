"""Issue #28's screen leftovers at 80x24: what the README-only playtesters still found
hidden or cut (the detail line, the stage, the notices, `m`, the new game, the viewer)."""

from __future__ import annotations

import textwrap
from typing import Any

from pilot import game_screen_of, kept_for_the_viewer, played, settle, sync
from test_chances import ANALYSIS, SHORT
from test_round8_screens import read_every_page
from test_round9_screens import many_options
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from unbroken.core import actions as act
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.analysis import ChanceChart
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.details import MORE, MOST_ROWS
from unbroken.tui.game import GameScreen
from unbroken.tui.hints import HintBox
from unbroken.tui.newgame import NewGameScreen
from unbroken.tui.option_rows import DecisionList
from unbroken.tui.replays import ReplayViewerScreen
from unbroken.tui.sheet_rows import coming_rules
from unbroken.words.actions import own_words

RULES = load_ruleset()


def rows_of(screen: Screen[Any], widget: Widget) -> list[str]:
    """Return the screen's rows the widget takes, as drawn (its own columns)."""
    strips = screen._compositor.render_strips()
    region = widget.region
    rows = ["".join(s.text for s in strip) for strip in strips[region.y : region.bottom]]
    return [row[region.x : region.right].strip() for row in rows]


@sync
async def test_the_detail_line_says_the_options_own_words_first_and_whole() -> None:
    # #28 item 5 round 10: in a starving battle of fourteen options the detail line began
    # with "⚠ You starve at the Hunger step: …" and its two rows cut the option's words.
    assert save_settings(Settings(hints=False)) == ""
    game = many_options()
    offered = game.options()
    assert len(offered) >= 14
    async with played(game) as (pilot, screen):
        decisions = screen.query_one(DecisionList)
        line = screen.query_one("#detail", Static)
        seen_warning, whole_attacks = False, 0
        for i, (action, why) in enumerate(offered):
            decisions.highlighted = i
            await settle(pilot)
            if why:
                continue
            drawn = rows_of(screen, line)
            while drawn and not drawn[-1]:  # round 23: the decision's rows kept, blank
                drawn.pop()
            said = " ".join(" ".join(drawn).split())
            # Its own words as its row says them ("(it takes your turn)": round 19).
            own = " ".join(own_words(action, game.state, game.ruleset).split())
            if not said:  # nothing more than the option's line says whole: no detail
                assert not decisions.is_cut(i), i
                continue
            row = " ".join(str(decisions.get_option_at_index(i).prompt).split())
            if said.startswith("Paid as"):  # round 11: its line says it whole, its payment
                # Round 12: or its row, cut, shows its own words whole.
                whole = not decisions.is_cut(i) or own in row
                assert whole and said.endswith(("pays the rest.", "pays it all.")), (
                    own,
                    drawn,
                )  # round 24
            elif not said.startswith(own) and own in row:
                # Round 12: its row shows its own words whole, the warning said whole (round
                # 16: an attack's row too, the lines that take the turn cut first).
                whole_attacks += isinstance(action, act.Attack)
            elif not said.startswith(own):  # only words longer than both rows are cut
                assert len(textwrap.wrap(own, line.content_size.width)) > 2, (own, drawn)
                assert said.endswith("…") and own.startswith(said[:-1]), (own, drawn)
            elif isinstance(action, act.Attack):
                whole_attacks += 1
            # Round 12: three where a payment and a warning need them; round 19: as many as
            # an ability's own rule needs, up to five (this decision has one).
            assert len(drawn) <= MOST_ROWS
            seen_warning |= "⚠ You starve at the Hunger step" in said
            # The warning cut: the cut is shown (an ability's own words whole say none), after
            # a whole sentence, "(i: all of it)" (29a-15).
            if "⚠" not in said and said.rstrip(".") != own.rstrip("."):
                assert drawn[-1].endswith(("…", MORE)), drawn
        assert seen_warning  # said whole where the option's words leave room
        assert whole_attacks >= 3


def stage_said(screen: GameScreen) -> str:
    """Return the stage's rows as drawn, joined into one line of words."""
    return " ".join(" ".join(rows_of(screen, screen.query_one("#stage", Static))).split())


@sync
async def test_the_stage_at_the_trickery_step_says_no_ambush_that_is_over() -> None:
    # #28 item 2: at the Trickery step the stage still showed "ambush: lose 4 SE" (the
    # Bear's), though the ambush was over; its trickery is still to act.
    assert save_settings(Settings(hints=False)) == ""
    for key in ("", "m"):  # the rules folded, then in full (`m`)
        scene = Scenario("tomu", level=2).resources(se=12, cunning=6, food=3).monster("bear")
        game = scene.start("trickery")
        assert game.decision is not None and game.decision.kind == "trickery"
        app = UnbrokenApp(RULES, animate=False, game=game, record=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            if key:
                await pilot.press(key)
                await settle(pilot)
            said = stage_said(game_screen_of(app))
            assert "trickery" in said, said
            assert "ambush" not in said and "lose 4 SE" not in said, said
    # Before the Combat phase both are still to come (the Exploration step's stage).
    travel = Scenario("tomu", level=2).monster("bear").start("preparation")
    assert coming_rules(travel.state, RULES.monsters["base:bear"])[0] == "ambush: lose 4 SE"


@sync
async def test_m_with_all_in_sight_says_so_in_the_notice_line_not_over_the_log() -> None:
    # #28 item 5: "The monster's rules and table are all in sight." was a toast over the
    # log's last rows for its seconds, and `m` pressed again stacked a second one.
    assert save_settings(Settings(hints=False)) == ""
    game = Scenario("tomu", level=1).resources(se=10).monster("hyena").dice(*[3] * 30)
    app = UnbrokenApp(RULES, animate=False, game=game.start("battle"), record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        for _ in range(3):
            await pilot.press("m")
        await settle(pilot)
        assert not app._notifications and not screen.query("Toast")
        box = screen.query_one(HintBox)
        # round 10, round 24: its ambush and trickery said
        sight = (
            "Hyena: no battle rules; ambush: lose 1 food (lose 2 SE if unable); "
            "trickery: 1 cunning + 1 food."
        )
        assert box.text == sight
        said = " ".join(row.strip("▌ ") for row in rows_of(screen, box))
        assert said == sight  # once
        log = screen.query_one("#log").region
        assert box.region.bottom <= log.y and log.height >= 3  # above the log, not over it


@sync
async def test_m_keeps_the_hands_rows_and_all_six_table_rows_at_80x24() -> None:
    # #28 item 2: while `m` showed the rules a part at a time at 80x24 the Hand shrank to
    # one row ("Hand ↓ more"); the pages are now no taller than the rules folded.
    assert save_settings(Settings(hints=False)) == ""
    # (The Giant Spider, no rules of its own, now shows its table whole for one row of
    # the Hand's, round 10: tests/tui/test_round10_screens.py.)
    for monster, level in (("ogre", 4), ("hobgoblin", 3)):
        scene = Scenario("tomu", level=level).resources(se=15, cunning=4, food=3)
        game = scene.weapon("knife").monster(monster).dice(*[3] * 30).start("battle")
        app = UnbrokenApp(RULES, animate=False, game=game, record=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = game_screen_of(app)
            hand = screen.query_one("#hand").region.height
            assert hand >= 4, (monster, hand)  # three rows of cards and its title
            # Round 12: the pages fill the stage's room, the Hand kept at its title and
            # three rows of cards (it had a fourth to give).
            pages, count = await read_every_page(app, pilot, 4)
            assert count >= 2 and len(pages) == count, (monster, pages)


@sync
async def test_new_game_keeps_the_difficulty_seed_and_gentle_start_in_sight_at_80x24() -> None:
    # #28: "Gentle start" and the difficulty's sentence sat below the fold of the right
    # pane (scrolled out of sight) at 80x24; the character's description scrolls instead.
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        sight = Region(0, 0, 80, 24 - 1)  # above the footer
        await pilot.press("tab")  # to the difficulties
        for _ in RULES.settings.difficulties:
            await settle(pilot)
            for name in ("#difficulty-info", "#seed", "#gentle"):
                widget = screen.query_one(name)
                assert widget.region.height and sight.contains_region(widget.region), name
            info = screen.query_one("#difficulty-info", Static)
            said = " ".join(" ".join(rows_of(screen, info)).split())
            assert said.endswith(".") and said.count("(") >= 1, said  # whole
            assert screen.query_one("#class-scroll").region.height >= 8
            await pilot.press("down")


@sync
async def test_the_viewers_chance_line_is_a_whole_sentence_at_80x24() -> None:
    # #28: "Chance here 18 %, its best option's …" read as cut at 80x24: what the chance
    # is and which option is best, whole.
    kept_for_the_viewer(
        SHORT, ANALYSIS
    )  # as `unbroken analyze` leaves it: decision 3's best is "best"
    app = UnbrokenApp(RULES, animate=False, record=False, replay=SHORT)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        await pilot.press("a", "right", "right")  # after decision 2: decision 3 is next
        await settle(pilot)
        chart = viewer.query_one(ChanceChart)
        said = " ".join(" ".join(rows_of(viewer, chart)).split())
        whole = "Chance of winning here: 50 %, with the next decision's best option: best."
        assert whole in said, said  # under the plot since round 13
