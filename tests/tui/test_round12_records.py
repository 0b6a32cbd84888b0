"""Round 11's Records leftovers (#28): the cause readable at 80 columns, what the table leaves
out said in words, the sort and the highlighted game kept as the width changes."""

from __future__ import annotations

from typing import Any

from pilot import sync
from playing import RULES, winning
from textual.widgets import DataTable, Static

from unbroken.records import add_game, open_records
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.history import RecordsScreen


def keep_games(*games: tuple[str, str]) -> None:
    """Keep finished games in the records, each (character, "starve" or "win": a win is
    `winning()`, Caellahan's)."""
    with open_records() as records:
        for character, how in games:
            if how == "win":
                game = winning()
            else:
                game = Scenario(character, level=2).resources(se=0, food=0).start("hunger")
            for _ in range(500):
                if game.outcome is not None:
                    break
                game.apply(game.legal_actions()[0])
            assert game.outcome is not None and game.outcome.won == (how == "win")
            add_game(records, game, RULES)


def rows(table: DataTable[Any]) -> list[str]:
    """Return the table's rendered lines, its header first."""
    return [table.render_line(y).text for y in range(table.size.height)]


async def opened(pilot: Any, app: UnbrokenApp) -> RecordsScreen:
    app.push_screen(RecordsScreen())
    await pilot.pause()
    assert isinstance(app.screen, RecordsScreen)
    return app.screen


@sync
async def test_a_long_name_leaves_the_cause_whole_at_80_columns() -> None:
    # Round 11: "Kirilla el Kaer" beside a loss cut the Cause column to "Kobol".
    keep_games(("kirilla-el-kaer", "starve"), ("caellahan", "win"))
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, app)
        lines = rows(screen.query_one("#games", DataTable))
        assert all(len(line.rstrip()) <= 78 for line in lines), lines  # nothing past the edge
        text = "\n".join(lines)
        assert "lost: starvation" in text, text
        assert "won (" in text, text  # the rank beside a win
        assert "Kirilla el Kaer" in text, text


@sync
async def test_what_the_table_leaves_out_is_said_in_words() -> None:
    # Round 11: "class: below" read as a riddle.
    keep_games(("kirilla-el-kaer", "starve"))
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, app)
        left_out = screen.query_one("#left-out", Static)
        summary = str(screen.query_one("#records-summary", Static).render())
        assert "class: below" not in summary + str(left_out.render())
        assert "the class is in the sentence below" in str(left_out.render())
        detail = str(screen.query_one("#game-detail", Static).render())
        assert "Kirilla el Kaer the " in detail, detail  # the sentence does name the class
        await pilot.resize_terminal(140, 30)
        await pilot.pause()
        assert not left_out.display  # every column shown: nothing to say
        assert "Class" in rows(screen.query_one("#games", DataTable))[0]


@sync
async def test_the_sort_and_the_highlighted_game_outlast_a_resize() -> None:
    # Round 11: a resize to or from 80 columns redrew the table unsorted.
    keep_games(("kirilla-el-kaer", "starve"), ("caellahan", "win"), ("tomu", "starve"))
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, app)
        table = screen.query_one("#games", DataTable)
        table.move_cursor(column=table.get_column_index("score"))
        await pilot.press("s")  # highest first: the win on top
        await pilot.pause()
        assert "Score ▼" in rows(table)[0]
        table.move_cursor(row=2)
        highlighted = screen.highlighted_key()
        order = [row.key for row in table.ordered_rows]
        for size in ((140, 30), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert "Score ▼" in rows(table)[0], (size, rows(table))
            assert [row.key for row in table.ordered_rows] == order, size
            assert screen.highlighted_key() == highlighted, size
        assert "won (" in rows(table)[1], rows(table)  # the win, the highest score, first


def test_a_long_outcome_is_wrapped_not_cut() -> None:
    from rich.text import Text

    from unbroken.tui.records_table import shown

    game = {
        "finished": Text("11-27 14:32"),
        "character": Text("Kirilla el Kaer"),
        "difficulty": Text("Expert"),
        "outcome": Text("lost"),
        "level": 3,
        "score": 0,
        "rank": Text("-"),
        "cause": Text("Shrieking Fungus of the Deep"),
        "cls": Text("Hunter"),
    }
    kind, columns, rows = shown([game], 80)
    assert kind == "narrow" and columns[-1] == ("Outcome", "outcome")
    lines = str(rows[0][-1]).splitlines()
    assert len(lines) == 2 and " ".join(lines) == "lost: Shrieking Fungus of the Deep", lines
    widths = [len(title) for title, _ in columns[:-1]]  # the rest are no wider than titles
    widths = [max(w, len(str(cell))) for w, cell in zip(widths, rows[0], strict=False)]
    assert sum(widths) + 2 * len(columns) + max(map(len, lines)) + 2 <= 80


def test_a_few_games_are_numbered_under_their_own_columns(monkeypatch: Any) -> None:
    # Round 11: with two games the labels "game 1 game 2" ran past the bars, "game 2"
    # not under game 2's column.
    import asyncio

    from test_records_charts import fill_records, lines_of

    from unbroken.tui.charts import ScoreChart

    fill_records(monkeypatch, games=4)  # game 4 (the fourth, id 4) is won: WINS[3]
    app = UnbrokenApp(RULES, animate=False, seed=1)

    async def look() -> list[str]:
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(RecordsScreen())
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
            return lines_of(app.screen.query_one("#score-chart", ScoreChart))

    lines = asyncio.run(look())
    bottom, under = lines[-2], lines[-1]
    starts = [i for i, c in enumerate(bottom) if c in "·█" and bottom[i - 1] == " "]
    starts = [bottom.index("┤") + 1, *starts]
    assert [under[i] for i in starts] == ["1", "2", "3", "4"], lines
    assert under.endswith("← game (2026-11-01 to 2026-11-04)"), lines


@sync
async def test_left_and_right_choose_the_column_s_sorts_by() -> None:
    # Round 11 (found trying the resize): in the row cursor's table → only scrolled, so `s`
    # sorted by Finished whatever was pressed.
    keep_games(("kirilla-el-kaer", "starve"), ("caellahan", "win"), ("tomu", "starve"))
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, app)
        table = screen.query_one("#games", DataTable)
        await pilot.press("right", "right", "right", "right", "left", "right", "s")
        await pilot.pause()
        header = rows(table)[0]
        assert "Score ▼" in header and "Finished ▼" not in header, header
        assert "won (" in rows(table)[1]  # the highest score first
        await pilot.press("c")  # the charts: ←→ are not the table's
        await pilot.pause()
        assert "column" not in {
            b.binding.action.split("(")[0] for b in app.screen.active_bindings.values() if b.enabled
        }
