"""Round 29's playtest (#28, 29a-7): after resizing to 120x40 and back to 80x24 at a
Preparation, rows were cut ("7. Scout: pay 1 cunning + 1 time, reveal…") with three blank
rows under the list: the list, measured while still laid out in the rows of the options
drawn before, gave up 3 of its rows for good."""

from __future__ import annotations

from pilot import played, settle, sync

from unbroken.core.game import Game
from unbroken.core.state import DecisionKind
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.sim import heuristic_bot
from unbroken.tui.option_rows import DecisionList


def the_testers_third_preparation() -> Game:
    """play29a's game 1 (Kirilla el Kaer, Normal), played on by the reference bot to the
    level-3 Preparation: 11 options, two of them wrapped to two rows at 80x24."""
    game = Game.new(load_ruleset(), "kirilla-el-kaer", "normal", 5810234760850299797)
    n = 0
    while game.decision is not None and not (
        game.state.level == 3 and game.decision.kind == DecisionKind.PREPARATION
    ):
        game.apply(heuristic_bot(game, n))
        n += 1
    assert game.decision is not None and len(game.options()) == 11
    return game


@sync
async def test_the_options_fit_their_rows_again_after_a_resize_and_back() -> None:
    """Hints off (the tester had seen them): the options have 14 rows at 80x24."""
    assert save_settings(Settings(hints=False)) == ""
    async with played(the_testers_third_preparation()) as (pilot, screen):
        options = screen.query_one(DecisionList)
        before, room = options.row_shown_all(), options.room
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        after = options.row_shown_all()
        assert (options.room, after) == (room, before), "\n".join(after)
        used = sum(row.count("\n") + 1 for row in after)
        assert options.size.height == min(used, room), (options.size, used, room)
