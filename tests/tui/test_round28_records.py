"""#28 playtest round 28's Records (28a-23): the table kept the same columns, in the same
order, as games are added (with 1 game it showed "Outcome Level Score Rank Cause", with 2
"Level Score Outcome" and another sentence above)."""

from __future__ import annotations

from pilot import settle, sync
from playing import RULES, starving
from textual.widgets import DataTable, Static

from games import winning
from unbroken.core.game import Game
from unbroken.records import add_game, open_records
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.history import RecordsScreen


def won() -> Game:
    """A game won at the last battle (Caellahan, Normal): short names, a short rank."""
    game = winning()
    for _ in range(500):
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])
    assert game.outcome is not None and game.outcome.won
    return game


def starved() -> Game:
    """A game lost at a Hunger step (Tomu): "lost: starvation"."""
    game = starving()
    game.apply(game.legal_actions()[0])
    return game


async def records_head() -> tuple[str, str]:
    """Return the Records table's header at 80x24, and the line above it."""
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RecordsScreen())
        await settle(pilot)
        table = app.screen.query_one("#games", DataTable)
        above = str(app.screen.query_one("#left-out", Static).render())
        return " ".join(table.render_line(0).text.split()), above


@sync
async def test_the_records_keep_their_columns_as_games_are_added() -> None:
    with open_records() as records:
        add_game(records, won(), RULES)
    one = await records_head()
    with open_records() as records:
        add_game(records, starved(), RULES)
    two = await records_head()
    assert one == two
    assert one[0] == "Finished Character Difficulty Level Score Outcome", one
