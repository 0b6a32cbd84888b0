"""#28 playtest round 11's leftovers on the game screen, at 80x24 (round 12)."""

from __future__ import annotations

import textwrap
from typing import Any

from pilot import committed_inspected, game_screen_of, played, settle, sync
from textual.widgets import Input, OptionList, Static

from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.hints import HintBox
from unbroken.tui.option_rows import DecisionList
from unbroken.tui.sheet_rows import row_texts
from unbroken.tui.stage import StagePanel
from unbroken.tui.widgets import DisplayPanel

RULES = load_ruleset()


def seventeen_options() -> Game:
    """A level-3 battle with seventeen options, more than the right column's rows at 80x24
    under a first-game hint."""
    return (
        Scenario("tomu", level=3)
        .resources(se=12, me=8, le=6, cunning=3)
        .weapon("sword", "knife", "club")
        .skills(
            "spike-thrower",
            "brute-force",
            "wrecker",
            "heroic-perseverance",
            "weak-spot",
            "grim-determination",
            "meditation",
            "inventive",
        )  # fmt: skip
        .ability_uses(3)
        .monster("troll")
        .dice(*[3] * 40)
        .start("battle")
    )


def rows_in_sight(widget: Any) -> list[str]:
    """Return the rows of `widget` drawn on screen now, as text."""
    return [
        "".join(segment.text for segment in widget.render_line(y)).rstrip()
        for y in range(widget.region.height)
    ]


@sync
async def test_twelve_options_and_more_scroll_and_keep_the_detail_line() -> None:
    # Round 11: with 12+ options at 80x24 the list took more rows than it had, and the
    # detail line (the highlighted option in full) was pushed out of sight.
    assert save_settings(Settings(hints=True)) == ""  # a first-game hint takes 3 rows
    game = seventeen_options()
    offered = game.options()
    assert len(offered) >= 12
    async with played(game) as (pilot, screen):
        decisions = screen.query_one(DecisionList)
        detail = screen.query_one("#detail", Static)
        for i in range(len(offered)):
            assert decisions.highlighted == i
            shown = str(decisions.get_option_at_index(i).prompt).split("\n")[0]
            assert shown in rows_in_sight(decisions), (i, shown, rows_in_sight(decisions))
            said = str(detail.render())
            if decisions.is_cut(i):  # the detail line says it in full, in sight
                assert said, i
            for y in range(detail.region.y, detail.region.bottom):
                assert screen.get_widget_at(detail.region.x + 1, y)[0] is detail, (i, y)
            assert detail.region.height >= len(said.split("\n"))
            # The list keeps to its rows: the hint under it is whole, above the footer.
            assert decisions.region.height <= decisions.room
            for box in screen.query(HintBox):
                assert box.region.bottom <= 24 - 1, (i, box.region)
            await pilot.press("down")
            await settle(pilot)


@sync
async def test_a_monster_without_rules_says_m_shows_its_table() -> None:
    # Round 11: the Hobgoblin (no rules of its own) under a fuller Hand had its DAZE rows
    # cut, the stage titled "(m: read)" and its pages "rules 1 of 9": there were no rules
    # to read, `m` says its table's rows in full.
    assert save_settings(Settings(hints=False)) == ""
    # Round 28: the Hobgoblin's rows say what they take now ("lose 3 SE (you have no LE)"),
    # shorter, and fit uncut; the Ogre (no rules either) has rows to cut.
    level = RULES.monsters["base:ogre"].level
    scene = Scenario("tomu", level=level).resources(se=15, food=3).weapon("knife")
    game = scene.monster("ogre").dice(*[3] * 30).start("battle")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        stage = game_screen_of(app).query_one(StagePanel)
        assert "…" in stage.drawn  # its rows cut
        assert str(stage.border_title) == "Stage (m: table)", stage.border_title
        await pilot.press("m")
        await settle(pilot)
        title = str(stage.border_title)
        assert "rules" not in title and "read" not in title, title
        assert title.startswith("Stage table 1 of "), title


def paid_in_life_and_starving() -> Game:
    """Level 3's battle with 1 SE, 1 ME, 3 LE and no food: Focus and Plan are paid partly
    in LE (R-RES-4), and whatever is done the Hunger step starves (R-HUNGER-3)."""
    scene = Scenario("tomu", level=3).resources(se=1, me=1, le=3, food=0).weapon("club")
    return scene.monster("goblin").dice(*[3] * 40).start("battle")


@sync
async def test_the_detail_line_says_a_payment_and_the_starvation_warning_whole() -> None:
    # Round 11: "Paid as 1 LE: short of…" / "⚠ You starve at the…": the detail line's two
    # rows cut the payment's reason or the warning after it.
    assert save_settings(Settings(hints=False)) == ""
    game = paid_in_life_and_starving()
    offered = game.options()
    async with played(game) as (pilot, screen):
        decisions = screen.query_one(DecisionList)
        detail = screen.query_one("#detail", Static)
        log = screen.query_one("#log")
        checked = 0
        for i, (_, why) in enumerate(offered):
            assert decisions.highlighted == i
            said = " ".join(str(detail.render()).split())
            # A payment of no use says so (round 20), no rule id (round 24): "No use now: …."
            if not why and ("Paid as" in said or "No use now" in said):
                checked += 1
                assert "…" not in said, (i, said)
                assert "R-RES" not in said and "⚠ You starve at the Hunger step" in said
                assert said.endswith(("(more than you have).", "−6 SE).")), said
                for y in range(detail.region.y, detail.region.bottom):
                    assert screen.get_widget_at(detail.region.x + 1, y)[0] is detail, (i, y)
                rows = len(textwrap.wrap(said, detail.content_size.width))
                assert detail.content_size.height >= rows, (i, said)
            assert decisions.region.height <= decisions.room
            assert log.region.height >= 3 and log.region.bottom <= 24 - 1
            await pilot.press("down")
            await settle(pilot)
        assert checked >= 2


@sync
async def test_the_materials_keep_one_row_at_120x40_as_at_80x24() -> None:
    # Round 11: at 120x40 the Display read "cunning 0  food 0 (eat 3) −6 SE  wood 0" over
    # "metal 0  treasure 0", where 80 columns kept "wood 0  metal 0  treasure 0" together.
    assert save_settings(Settings(hints=False)) == ""
    for size in ((80, 24), (100, 30), (120, 40)):
        scene = Scenario("tomu", level=3).resources(se=12, food=0, cunning=2, metal=1)
        game = scene.monster("goblin").dice(*[3] * 30).start("battle")
        app = UnbrokenApp(RULES, animate=False, game=game, record=False)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            display = str(game_screen_of(app).query_one(DisplayPanel).render())
            rows = [row for row in display.splitlines() if "metal" in row]
            # Each against its cap (#28 round 13), the long name short at 80 columns.
            treasure = "treasure" if size[0] > 80 else "treas."
            together = f"wood 0/7  metal 1/7  {treasure} 0/7"
            assert len(rows) == 1 and together in rows[0], (size, display)
            assert "food 0/7 (eat 3)" in display, (size, display)


@sync
async def test_i_and_help_explain_committed_ambush_and_the_hunger_step() -> None:
    # Round 11: the options said "committed" (R-TRAVEL-7) and `i` had no entry for it.
    async with committed_inspected() as (pilot, screen, cards):
        app = pilot.app
        listed = [
            str(cards.get_option_at_index(i).prompt).strip() for i in range(cards.option_count)
        ]
        assert "Committed" in listed[listed.index("Named") :], listed
        cards.focus()
        cards.highlighted = listed.index("Committed")
        await settle(pilot)
        said = " ".join(str(screen.query_one(".inspector-one").render()).split())
        # No rule id in player text (#28 rounds 27-28: "(R-TRAVEL-7)" in `i`).
        assert "R-TRAVEL-7" not in said and "no Rest" in said, said
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        for typed, title in (("committed", "Committed (rule)"), ("ambush", "Ambush (rule)"),
                             ("hunger step", "Hunger step (rule)")):  # fmt: skip
            await pilot.press("slash")
            search = app.screen.query_one("#help-search", Input)
            search.value = typed
            await settle(pilot)
            contents = app.screen.query_one("#help-list", OptionList)
            first = str(contents.get_option_at_index(0).prompt).strip("▶ ")
            assert first == title, (typed, first)


@sync
async def test_m_gives_fewer_fuller_pages_each_table_row_whole_on_one() -> None:
    # Round 11: the Kobold's rules took four pages of a row or two at 80x24 (one half
    # blank, its CONFUSE row cut over two), the Hobgoblin's rows nine of one row each.
    # (Round 28: the Hobgoblin's rows, saying what they take now, fit the folded stage;
    # the Ogre, without rules too, is the one with rows to page.)
    assert save_settings(Settings(hints=False)) == ""
    for monster, step, weapons in (("kobold", "trickery", ["club", "knife"]),
                                   ("ogre", "battle", ["knife"])):  # fmt: skip
        scene = Scenario("tomu", level=RULES.monsters[f"base:{monster}"].level)
        scene = scene.resources(se=12, food=2, cunning=3).weapon(*weapons).monster(monster)
        game = scene.dice(*[3] * 30).start(step)
        card = RULES.monsters[f"base:{monster}"]
        async with played(game) as (pilot, screen):
            stage = screen.query_one(StagePanel)
            said, count = "", 0
            for _ in range(1, 10):
                await pilot.press("m")
                await settle(pilot)
                title = str(stage.border_title)
                if " of " not in title:
                    break
                count += 1  # round 16: the rules' pages and the table's counted apart
                lines = stage.drawn.splitlines()
                assert all(line.strip() for line in lines), (monster, count, lines)  # no room lost
                numbers = [line.split()[0] for line in lines if line.strip()[:1].isdigit()]
                assert [n for n in numbers if n in "123456"][-6:] == list("123456"), lines
                hand = screen.query_one("#hand").region
                assert hand.height >= 4 and stage.region.bottom <= hand.y, (monster, hand)
                said += " " + " ".join(stage.drawn.split())
            # The Ogre's pages are laid out for its ROAR row's longest words in the battle,
            # "gave you Frightened (next time: …)", a row more than "gain Frightened now
            # for 2 rounds": three pages, their count kept as the row's words change (36b-2).
            assert 1 <= count <= (3 if monster == "ogre" else 2), (monster, count)
            # each row whole on a page (never cut over two), as it acts now (round 28)
            for words in row_texts(screen.game.state, RULES, card):
                assert words in said, (monster, words, said)
