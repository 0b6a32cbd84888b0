"""The stage's folded table never takes the rows the Hand needs (#28 round 28: 28a-13 and
28b-9's row words wrapped the Hobgoblin's table whole, the Hand kept its title and a row)."""

from __future__ import annotations

from pilot import game_screen_of, settle, sync
from test_screen_leftovers import rows_of

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.stage import StagePanel

RULES = load_ruleset()

#: The Hand's least: its title and two rows of cards (`rows_free`).
LEAST = 3


@sync
async def test_a_wrapped_table_that_would_squeeze_the_hand_is_cut_to_a_row_each() -> None:
    # The Hobgoblin (no rules of its own in the battle) at 80x25: its table wrapped whole
    # takes one row more than the stage's room (rows 4-6 over two rows or three), which it
    # took from the Hand (its title and one row of cards). Cut to a row each, as the other
    # monsters' rows are, the Hand keeps its rows; where the table fits whole, it is whole.
    assert save_settings(Settings(hints=False)) == ""
    for height in (24, 25, 26, 27, 28):
        scene = Scenario("tomu", level=3).resources(se=15, cunning=4, food=3)
        game = scene.weapon("knife").monster("hobgoblin").dice(*[3] * 30).start("battle")
        app = UnbrokenApp(RULES, animate=False, game=game, record=False)
        async with app.run_test(size=(80, height)) as pilot:
            await settle(pilot)
            screen = game_screen_of(app)
            stage = screen.query_one(StagePanel)
            shown = rows_of(screen, stage)
            hand = screen.query_one("#hand").region.height
            assert hand >= LEAST, (height, hand, shown)
            table = [row for row in shown if row.strip()[:1].isdigit() or row.startswith("   ")]
            if any(row.endswith("…") for row in table):  # cut: each row keeps one row
                assert len(table) == 6, (height, shown)
            else:  # whole: within the stage's room, the Hand under it kept
                assert len(shown) - 1 <= stage.rows_free(), (height, shown)
