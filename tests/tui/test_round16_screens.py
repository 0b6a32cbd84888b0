"""Round 16's playtest (#28) at 80x24: help's contents, New game's abilities, cut words."""

from __future__ import annotations

from pilot import settle, sync
from textual.geometry import Region
from textual.widgets import OptionList

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.help import HelpScreen

RULES = load_ruleset()


@sync
async def test_help_s_contents_go_on_under_an_entry_s_words() -> None:
    # Round 16: "6. Weapons, skills," went on at column 1 ("abilities and conditions"),
    # under the list's marks, as if it were an entry of its own.
    assert save_settings(Settings(hints=False)) == ""
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HelpScreen())
        await pilot.pause()
        contents = app.screen.query_one("#help-list", OptionList)
        width, height = contents.size
        lines = [strip.text for strip in contents.render_lines(Region(0, 0, width, height))]
        body = [line[1:].rstrip() for line in lines if line.strip()]  # its padding's column off
        assert any(line.startswith("   ") for line in body), body  # some entry goes on
        for line in body:  # an entry's start (marked or not) or its words going on under it
            assert line.startswith(("▶ ", "  ")), body
            if line.startswith("   "):
                assert line.startswith("    ") and not line.strip()[0].isdigit(), body
        assert "▶ How to play" in body


@sync
async def test_new_game_says_where_a_character_s_description_is_cut() -> None:
    # Round 16: Helena's abilities were cut mid-sentence at 80x24 over a blank row, no
    # "…" (PgUp/PgDn scrolled them). Under a cut description: "…"; at its end: nothing.
    from textual.containers import VerticalScroll
    from textual.widgets import Static

    assert save_settings(Settings(hints=False)) == ""
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_screen("new")
        await settle(pilot)
        scroll = app.screen.query_one("#class-scroll", VerticalScroll)
        cut = 0
        for _ in RULES.characters.values():
            more = app.screen.query_one("#class-more", Static)
            assert more.region.y == scroll.region.bottom  # right under the description
            said = str(more.render())
            assert said.startswith("…") == (scroll.max_scroll_y > 0), (said, scroll.scroll_y, _)
            if scroll.max_scroll_y > 0:
                cut += 1
                await pilot.press("pagedown", "pagedown", "pagedown")
                await settle(pilot)
                assert scroll.scroll_y == scroll.max_scroll_y
                assert str(more.render()) == ""  # read to its end
            await pilot.press("down")
            await settle(pilot)
        assert cut  # Helena's and Tomu's at 80x24


def test_treasure_cut_for_a_change_s_marks_reads_as_readme_says() -> None:
    # Round 16: the Display at 80 columns said "tre. 2 ▲+1", README "treas.".
    from rich.text import Text

    from unbroken.tui.display_chips import material_chip

    caps = {"cunning": 7, "treasure": 7}
    treasure = material_chip("treasure", 2, caps, Text(" ▲+1"), 32)
    assert treasure.words.plain == "treas. 2/7"  # README: "cun 2/7" and "treas. 0/7"
    assert treasure.abbreviated.plain == "treas. 2"
    assert material_chip("cunning", 2, caps, Text(" ▲+1"), 32).abbreviated.plain == "cun. 2"
    assert material_chip("wood", 2, caps, Text(" ▲+1"), 32).abbreviated.plain == "wood 2"


@sync
async def test_the_phase_bar_says_trickery_whole_at_80_columns() -> None:
    # Round 16: "Combat: ▶Trick › Battle › Rewards › Hunger", one column short of the
    # whole word: the arrows lose their spaces first.
    from pilot import game_screen_of

    from unbroken.testing import Scenario
    from unbroken.tui.widgets import PhaseTracker

    assert save_settings(Settings(hints=False)) == ""
    scene = Scenario("tomu", level=2).resources(se=15, food=3, cunning=3).weapon("knife")
    game = scene.monster("abomination").start("trickery")
    for size in ((80, 24), (120, 40)):
        app = UnbrokenApp(RULES, animate=False, game=game, record=False)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            phase = game_screen_of(app).query_one(PhaseTracker)
            said = str(phase.render())
            assert "▶Trickery" in said and "Battle" in said and "Hunger" in said, said
            assert len(said) <= phase.size.width


def test_records_at_80_columns_wrap_the_plugins_scores_within_the_screen() -> None:
    # Round 16: Records at 80 columns cut "Gauntlet sco" at the screen's edge, no "…":
    # the plugins' scores were left out of the count of what fits.
    from rich.text import Text

    from unbroken.tui.records_table import shown

    lost = {"outcome": "lost", "rank": "-", "cause": "starved at the Hunger step"}
    cells = {"finished": "11-27 21:40", "character": "Tomu", "difficulty": "Normal", **lost}
    said = "Gauntlet score 41, Five for a win 0"
    row = {**{k: Text(v) for k, v in cells.items()}, "level": 3, "score": 12, "cls": Text("Sage")}
    rows = [{**row, "alternative_scores": Text(said)}] * 3
    for width in (80, 100, 120):
        kind, columns, table = shown(rows, width)
        wide = [
            max(len(title), *(len(line) for r in table for line in str(r[k]).split("\n")))
            for k, (title, _) in enumerate(columns)
        ]
        assert sum(wide) + 2 * len(wide) + 4 <= width, (width, wide)  # as records_table counts
        if kind == "narrowest":  # round 22: said in the sentence under the table instead
            assert "alternative_scores" not in [key for _, key in columns], (width, columns)
            continue
        assert " ".join(str(table[0][-1]).split()) == said
