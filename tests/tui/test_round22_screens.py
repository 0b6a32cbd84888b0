"""Round 22's playtest (#28): the screens at 80x24 (the time bar, `m`'s pages and head,
the achievements sheet, Records, the end screen)."""

from __future__ import annotations

from pilot import m_pages, sync
from scenes import fought

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.widgets import DisplayPanel

RULES = load_ruleset()


@sync
async def test_the_time_bar_shows_a_cell_while_time_is_left() -> None:
    # Round 22, level 3: "time ░░░░░░  2 left" of its 30, read as none left (1 of 7 on
    # level 1 showed a cell). Any time left fills a cell.
    game = Scenario("tomu", level=3).resources(time=2).start()
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        lines = str(app.screen.query_one(DisplayPanel).render()).splitlines()
        line = next(line for line in lines if line.startswith("time"))
        assert "2 left" in line and line.count("█") == 1, lines


@sync
async def test_the_pages_head_says_armor_and_health_as_everywhere() -> None:
    # Round 22: the Bugbear Warlord's rules page read "arm 1/1 hp 5/5", everywhere else
    # "armor 1/1  health 5/5".
    assert save_settings(Settings(hints=False)) == ""
    pages = [
        (title, drawn.splitlines())
        for title, drawn in await m_pages(fought(3, 2, "bugbear-warlord"))
    ]
    assert pages
    for _, lines in pages:
        assert "armor 1" in lines[0] and "health 5" in lines[0], lines
        assert " arm " not in lines[0] and " hp " not in lines[0], lines


@sync
async def test_the_end_screen_says_new_only_for_new_achievements() -> None:
    # Round 22: "Achievements earned: A Bit of Everything, Payday" on the end screen, both
    # earned in earlier campaign games; the text game says "New achievements" for new ones.
    from playing import press_until_over, winning

    from unbroken.records import all_achievements
    from unbroken.tui.gameover import GameOverScreen

    game = winning()
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await press_until_over(pilot, app)
        screen = app.screen
        assert isinstance(screen, GameOverScreen) and len(screen.new) >= 1, screen
        names = {a.id: a.name for a in all_achievements(None)}
        new, held = screen.new[:1], screen.new[1:]
        for fresh in ([], new):
            again = [a for a in screen.new if a not in fresh]
            app.push_screen(GameOverScreen(game, new=fresh))
            await pilot.pause()
            text = str(app.screen.query_one("#result").render()).replace("\n", " ")
            assert "Achievements earned" not in text, text
            if fresh:
                assert f"New achievements on Normal: {names[fresh[0]]}" in text, text
            else:
                assert "New achievements" not in text, text
            if again:
                said = ", ".join(names[a] for a in again)
                assert f"Earned again (held already): {said}" in text, text
        assert held or new


@sync
async def test_the_achievements_sheet_cuts_its_text_with_a_mark_and_no_scrollbar() -> None:
    # Round 22 at 80 columns: "Win without any effect taking ef", cut mid-word with no
    # mark, and a stray "▊" (a scrollbar) under the table.
    from textual.widgets import DataTable

    from unbroken.records import all_achievements
    from unbroken.tui.history import AchievementsScreen

    texts = {a.name: " ".join(a.text.split()) for a in all_achievements(None)}
    app = UnbrokenApp(RULES, animate=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(AchievementsScreen())
        await pilot.pause()
        sheet = app.screen.query_one("#sheet", DataTable)
        assert sheet.virtual_size.width <= sheet.size.width, sheet.virtual_size
        assert not sheet.show_horizontal_scrollbar
        cut = 0
        for i in range(sheet.row_count):
            row = [str(c) for c in sheet.get_row_at(i)]
            said, whole = row[-1], texts[row[0]]
            assert said == whole or (said.endswith("…") and whole.startswith(said[:-1])), row
            cut += said != whole
        assert cut, "no text cut at 80 columns: nothing to test"


def test_records_at_80_columns_keep_one_row_a_game() -> None:
    # Round 22 at 80x24: "Gauntlet / scorepad / 2175, / Unearthed / Tally 62", four rows
    # a game, and "Hesk / Marrow" wrapped. One row a game; the other scores are said in
    # the sentence under the table, and the line above the table says so.
    from rich.text import Text

    from unbroken.tui.records_table import LEFT_OUT, shown

    won = {"outcome": "won", "rank": "Nemesis", "cause": "-"}
    lost = {"outcome": "lost", "rank": "-", "cause": "wounds"}
    said = "Gauntlet scorepad 2175, Unearthed Tally 62"
    rows = []
    for who, how in (("Orla Vane", won), ("Hesk Marrow", lost)):
        cells = {"finished": "11-28 05:01", "character": who, "difficulty": "Expert", **how}
        row = {**{k: Text(v) for k, v in cells.items()}, "level": 4, "score": 145}
        rows.append({**row, "cls": Text("Sage"), "alternative_scores": Text(said)})
    kind, columns, table = shown(rows, 80)
    for shown_row in table:
        assert all("\n" not in str(cell) for cell in shown_row), shown_row
    assert "alternative_scores" not in [key for _, key in columns], columns
    assert "other scores" in LEFT_OUT[kind], LEFT_OUT.get(kind)
    assert [str(cell) for cell in table[1]][1] == "Hesk Marrow"
    # Where they fit beside the table, the scores keep their column, whole.
    kind, columns, table = shown(rows, 120)
    assert columns[-1][1] == "alternative_scores" and str(table[0][-1]) == said


@sync
async def test_the_ogre_s_pages_keep_every_row_and_unfold_each_in_place() -> None:
    # Round 22: the Ogre's "table 1 of 3" said "3 DEFEND: …" in full on top and left its
    # row 6 STEAL out; pages 2 and 3 unfolded ROAR and STEAL in place. The Kobold's
    # page 2 (80x22 here, a fuller Hand in the game) said "5 CONFUSE: …" in full over
    # rows 1-4 again. Every page shows the six rows, each page unfolding in place a row
    # the others do not.
    assert save_settings(Settings(hints=False)) == ""
    for game, size in ((fought(4, 2, "ogre"), (80, 24)), (fought(1, 0, "kobold"), (80, 22))):
        check_pages([(title, drawn.splitlines()) for title, drawn in await m_pages(game, size)])


def check_pages(pages: list[tuple[str, list[str]]]) -> None:
    """Check that each of `m`'s pages shows the six rows, one unfolded in place."""
    import re

    assert len(pages) >= 2, pages
    row = re.compile(r"^[ ▶](\d) \S")
    unfolded: list[int] = []
    for title, lines in pages:
        numbers = [int(m[1]) for line in lines if (m := row.match(line))]
        assert numbers == [1, 2, 3, 4, 5, 6], (title, lines)
        assert not any(re.match(r"^\d \w+:", line) for line in lines), (title, lines)
        at = [i for i, line in enumerate(lines) if line.startswith("  ") and line.strip()]
        said = {int(row.match(lines[i - 1])[1]) for i in at if row.match(lines[i - 1])}  # type: ignore[index]
        assert len(said) == 1, (title, lines)
        unfolded += said
    assert sorted(unfolded) == sorted(set(unfolded)), unfolded  # none unfolded twice
