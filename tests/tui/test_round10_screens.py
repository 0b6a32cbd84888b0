"""Playtest round 10 (#28), Expert with both expansions: what the screens hid."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from pilot import game_screen_of, kept_for_the_viewer, paced, sync
from rich.text import Text
from scenes import hovel_with_no_se
from test_auto_taken import rest_taken_for_you
from test_chances import ANALYSIS, SHORT
from test_round8_screens import DANGER, paged_game, read_every_page, read_whole
from textual.screen import Screen
from textual.widget import Widget

from unbroken.advisor import Difference, Estimate
from unbroken.advisor.analysis import Analysis, Choice
from unbroken.advisor.chances import Figure
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_plugins, load_ruleset
from unbroken.testing import FolderPlugin, Scenario, write_pack
from unbroken.tui.analysis import ChanceChart
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.hints import HintBox
from unbroken.tui.replays import ReplayViewerScreen
from unbroken.tui.rule_pages import rule_pages
from unbroken.tui.sheet_head import head_cut
from unbroken.tui.stage import StagePanel
from unbroken.tui.widgets import OPTION_KEYS, DisplayPanel

RULES = load_ruleset()


def rows_of(screen: Screen[Any], widget: Widget) -> list[str]:
    """Return the screen's rows the widget takes, as drawn (its own columns)."""
    strips = screen._compositor.render_strips()
    region = widget.region
    rows = ["".join(s.text for s in strip) for strip in strips[region.y : region.bottom]]
    return [row[region.x : region.right].rstrip() for row in rows]


@sync
async def test_a_monster_without_rules_shows_its_whole_table_and_m_says_it_has_none() -> None:
    # Round 10: the Shrieking Fungus (no rules of its own) beside a two-row time line had
    # its DAZE row cut ("4 DAZE lose exactly 1 ME and…") under "Stage (m: read)"; the
    # first `m` changed nothing, the second restored the table.
    assert save_settings(Settings(hints=False)) == ""
    game = Scenario("tomu", level=1).resources(se=10, time=20).monster("shrieking-fungus")
    app = UnbrokenApp(RULES, animate=False, game=game.dice(*[3] * 30).start("battle"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen_of(app)
        stage = screen.query_one(StagePanel)
        shown = "\n".join(rows_of(screen, stage))
        assert "(m: read)" not in shown and "…" not in shown, shown
        said = " ".join(" ".join(rows_of(screen, stage)[1:]).split())
        assert "4 DAZE lose 2 SE (you have no ME)" in said, said
        assert "6 HEAL heals 0 (full health)" in said, said  # at 3/3 (#28 round 35)
        assert stage.region.bottom <= 24 - 1  # above the footer
        await pilot.press("m")
        await pilot.pause()
        box = screen.query_one(HintBox)
        said = "Shrieking Fungus: no battle rules; ambush: lose 2 time; trickery: 2 cunning."
        assert box.text == said  # round 24: its ambush and trickery said
        assert "\n".join(rows_of(screen, stage)) == shown  # nothing changed


@sync
async def test_m_before_a_monster_is_revealed_says_why_it_does_nothing() -> None:
    assert save_settings(Settings(hints=False)) == ""
    game = Scenario("tomu", seed=3).start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen_of(app)
        await pilot.press("m")
        await pilot.pause()
        assert screen.query_one(HintBox).text == (
            "No monster yet: m reads its rules once one is revealed."
        )


@sync
async def test_at_120x40_the_display_keeps_cunning_whole_and_treasure_beside_metal() -> None:
    # Round 10: "cun. 2 ▲+2 food 1 (eat 2) −1 SE wood 0 metal 0", "treasure 0" alone on
    # the next row, though moving "metal 0" down left room for "cunning" whole.
    assert save_settings(Settings(hints=False)) == ""
    game = Scenario("tomu", level=2).resources(se=12, cunning=1, food=1).start("preparation")
    plan = next(i for i, (a, _) in enumerate(game.options()) if isinstance(a, act.Plan))
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press(OPTION_KEYS[plan])
        await pilot.pause()
        display = str(game_screen_of(app).query_one(DisplayPanel).render())
        assert game.state.res["cunning"] == 2
        assert "cunning 2/7 ▲+1" in display and "cun" not in display.replace("cunning", ""), display
        rows = display.splitlines()
        assert not any(row.strip().startswith("treasure") for row in rows), display
        assert any("metal 0/7  treasure 0/7" in row for row in rows), display
    # Nothing changed, "treasure 0" is never alone on the last row (it stood alone under
    # "cunning 0 … metal 1"); round 12: the materials share one row, as at 80 columns.
    game = Scenario("tomu", level=2).resources(food=4, metal=1).start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        display = str(game_screen_of(app).query_one(DisplayPanel).render())
        rows = [row.strip() for row in display.splitlines()]
        assert "treasure 0/7" not in rows and "wood 0/7  metal 1/7  treasure 0/7" in rows, display


@sync
async def test_the_viewers_header_stays_on_one_row_and_the_chart_keeps_its_height() -> None:
    # Round 10: at 80 columns the header wrapped ("0/19  paused," then "0.5s a step"), and
    # the chart drew its line a row flatter where the words over it took four rows.
    lost = Difference(0, 8, 16)  # a costly decision whose words take four rows at 80x24
    taken = Choice(
        3, 1, "preparation", 9, "Scout: pay 1 SE + 1 time, reveal the monster",
        "Fight the monster now", "Explore", Estimate(81, 100), Figure.against(
            Estimate(81, 100), lost.mean, lost.low, lost.high, 16, True),
        lost, "pays 1 SE, loses 1 time, ⚠ time runs out: the monster "
        "ambushes you", "costs nothing",
    )  # fmt: skip
    kept_for_the_viewer(SHORT, Analysis(100, 20, 10, "lost", [*ANALYSIS.choices[:1], taken]))
    app = UnbrokenApp(RULES, animate=False, record=False, replay=SHORT)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        header = rows_of(viewer, viewer.query_one("#position"))
        assert header[0].rstrip().endswith("paused, 0.5s a step"), header
        await pilot.press("a")
        await pilot.pause()
        chart = viewer.query_one(ChanceChart)
        heads, plots = set(), set()
        for _ in range(len(viewer.timeline)):
            lines = str(chart.render()).splitlines()
            top = next(i for i, line in enumerate(lines) if line.startswith("100%"))
            bottom = next(i for i, line in enumerate(lines) if line.startswith("  0%"))
            # Round 13: the words under the plot and its marks, above the legend.
            heads.add(sum(1 for line in lines[bottom + 2 : -1] if line.strip()))
            if chart.message is None or chart.message[0] != viewer.position:
                plots.add((top, bottom - top))  # (a notice over it moves it: 33a's "kept on")
            await pilot.press("right")
            await pilot.pause()
        # Words of fewer rows and of more (round 13: in the right column, above the log,
        # they take more rows than across the screen, under the plot, which stays put).
        assert len(heads) > 1 and max(heads) >= 4, heads
        assert len(plots) == 1, plots  # the line where it was, as tall


def test_the_rules_fill_their_pages() -> None:
    # Round 10: the Gutter Wolf's page 1 of 3 held its trickery and two blank rows, its
    # three-line Fast rule sent to page 2; its two-line table row fits the blank rows.
    line = [Text("x")]
    trickery, fast, steal = line, line * 3, line * 2
    assert [len(page) for page in rule_pages([trickery, fast, steal], 3)] == [3, 3]
    # A rule longer than a page goes whole on a page of its own (round 19).
    assert [len(page) for page in rule_pages([trickery, line * 4, steal], 3)] == [3, 4]


def test_every_line_the_head_cuts_or_leaves_out_is_whole_on_a_page(tmp_path: Path) -> None:
    # Round 10: "die [7] picked the Gutter Wolf…" was cut on every page and never shown
    # whole, and "danger track 6: +1 armor" was gone while the pages were open.
    assert save_settings(Settings(hints=False)) == ""
    plugin = FolderPlugin(write_pack(tmp_path / "x", {"difficulties.toml": DANGER}))
    grim = load_plugins(["base", "x"], extra=[("x", plugin)]).ruleset
    asyncio.run(head_lines_on_pages(paged_game("basilisk", grim, "x:grim"), grim, True))
    # The Crazed Survivor's die after its Grab the Weapon: "die ⚀ 1 +1 = 2 (monster's
    # combat roll)", longer than the stage's 80x24 column.
    game = Scenario("tomu", level=2, seed=1).resources(se=13, food=3).start("preparation")
    game.apply(next(a for a, _ in game.options() if isinstance(a, act.Fight)))
    assert game.state.monster is not None and game.state.monster.id == "base:crazed-survivor"
    asyncio.run(head_lines_on_pages(game, RULES, False))


async def head_lines_on_pages(game: Game, rules: Ruleset, danger: bool) -> None:
    skip = next(i for i, (a, _) in enumerate(game.options()) if isinstance(a, act.Skip))
    app = UnbrokenApp(rules, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        if danger:  # a roll: the die then takes the danger track's line in the pages' head
            await pilot.press(OPTION_KEYS[skip])
        await pilot.pause()
        stage = game_screen_of(app).query_one(StagePanel)
        die, track = f"die {stage.die}", "danger track 1: +1 armor, +2 health"
        assert stage.die and ("+1 armor, +2 health" in stage.drawn) == danger, stage.drawn
        pages, count = await read_every_page(app, pilot)
        whole = read_whole(pages)
        assert count == len(pages) >= 2
        width = stage.content_size.width
        if len(die) > width:  # cut in the pages' head: the rest on a page, said once
            rest = head_cut(die, width)[1]  # between words (round 13)
            assert rest in whole and die not in whole, (die, pages)
        assert (track in whole) == danger, pages


def test_not_taken_and_u_notices_cover_no_tracker_and_go_at_the_next_decision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Round 10: after decisions taken for the player a second key's "Not taken: the options
    # changed …" toast covered the "⚠ You sta…" warning, and `u`'s message stayed over the
    # log after the next decision. They are the notice line's now (tidyT): checked here.
    paced(monkeypatch, settle=60.0)  # the beat ended by hand
    asyncio.run(notices_after_taken_for_you())


async def notices_after_taken_for_you() -> None:
    assert save_settings(Settings(hints=False)) == ""
    app = UnbrokenApp(RULES, animate=False, game=hovel_with_no_se(), record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await rest_taken_for_you(pilot, app)
        events = len(screen.game.events)
        await pilot.press("2")  # while the options are dimmed: not taken, and said so
        await pilot.pause()
        assert len(screen.game.events) == events and not screen.query("Toast")
        box = screen.query_one(HintBox)
        assert box.text.startswith("Not taken: the options changed"), box.text
        covered = [screen.query_one(w).region for w in ("#display", "#detail", "#prompt")]
        assert box.region.height and not any(box.region.overlaps(r) for r in covered)
        screen.decision_panel.settle_over()
        await pilot.pause()
        free = next(i for i, (a, why) in enumerate(screen.offered) if not why)
        await pilot.press(OPTION_KEYS[free], OPTION_KEYS[free])  # marked, then taken
        await pilot.pause()
        assert len(screen.game.events) > events and box.text == "", box.text
        await pilot.press("u")  # says what it took back, or why it cannot
        await pilot.pause()
        assert box.text, "u says something"
        free = next(i for i, (a, why) in enumerate(screen.offered) if not why)
        await pilot.press(OPTION_KEYS[free], OPTION_KEYS[free])
        await pilot.pause()
        assert box.text == "", box.text  # gone at the next decision
