"""#28 playtest round 32 (32a-10): after a re-roll, "Keep which result?" listed the results
sometimes the first roll first, sometimes the lower die first (the one proved better first,
else by value). They come as rolled, the first roll then the re-roll, every time; the
highlight (Enter's) starts on the one proved better, wherever it stands. The browser draws
this same screen; `unbroken play`'s Enter is tests/session/test_text_round32.py's."""

from __future__ import annotations

from pilot import played, sync

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.state import DecisionKind
from unbroken.testing import Scenario
from unbroken.tui.option_rows import DecisionList


def rerolled(monster: str, level: int, first: int, again: int) -> Game:
    """`monster` rolls `first`, Lucky Break re-rolls `again`: "Keep which result?"."""
    game = (
        Scenario("maxyn-zenma", level=level)
        .resources(se=20)
        .skills("lucky")
        .monster(monster)
        .dice(first, again, *[3] * 10)
        .start("battle")
    )
    game.apply(act.Skip())
    game.apply(act.Use("base:lucky", "lucky-reroll"))
    assert game.decision is not None and game.decision.kind == DecisionKind.PICK_ROLL
    return game


#: (monster, level, first roll, re-roll, the index the highlight starts on): the Bear's 2
#: WOUND and 4 ROAR (neither proved better), the Wyvern's 2 (lose 4 SE) and 3 (lose 3 SE).
CASES = [
    ("bear", 2, 4, 2, 0),
    ("bear", 2, 2, 4, 0),
    ("wyvern", 4, 2, 3, 1),
    ("wyvern", 4, 3, 2, 0),
]


@sync
async def test_the_results_come_as_rolled_the_better_highlighted() -> None:
    for monster, level, first, again, highlighted in CASES:
        game = rerolled(monster, level, first, again)
        async with played(game) as (_pilot, screen):
            options = screen.query_one(DecisionList)
            rows = options.row_shown_all()
            said = [row.split(":")[0] for row in rows]
            case = (monster, first, again)
            assert said == [f"1. Keep the {first}", f"2. Keep the {again}"], (case, rows)
            assert options.highlighted == highlighted, case
