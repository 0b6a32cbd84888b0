"""Round 33 (#28, 33a): vs the Minotaur (Charge: +1 to the monster's roll), after I've Seen
Worse the keep-which-roll options read "1. Keep the 4 → 5: DISARM" and "2. Keep the 6:
HEAL": the 6 had no "→" (6 + 1 is still 6, a die's most), and the stage's "die ⚃ 4,
re-roll ⚅ 6: keep one" dropped the +1. Both say the bonus, at 80x24."""

from __future__ import annotations

from pilot import played, sync

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.tui.option_rows import DecisionList
from unbroken.tui.stage import StagePanel
from unbroken.words.actions import option_text


def keeping() -> Game:
    """The Minotaur's combat roll 4 re-rolled to 6 with I've Seen Worse: keep one."""
    scene = Scenario("caellahan", level=3).resources(se=12).monster("minotaur").dice(4, 6)
    game = scene.start("battle")
    for kind in (act.Attack, act.Use):
        game.apply(next(a for a, why in game.options() if isinstance(a, kind) and not why))
    assert game.state.roll_bonus == 1, game.state
    return game


def test_each_roll_to_keep_says_the_bonus_even_where_a_die_s_most_keeps_it() -> None:
    game = keeping()
    said = {
        a.value: option_text(a, why, game.state, game.ruleset)
        for a, why in game.options()
        if isinstance(a, act.PickRoll)
    }
    assert said[4].startswith("Keep the 4 → 5: DISARM"), said
    assert said[6].startswith("Keep the 6 → 6, a die's most: HEAL"), said


@sync
async def test_the_stage_says_the_bonus_on_the_roll_kept_at_80x24() -> None:
    async with played(keeping()) as (_pilot, screen):
        stage = " ".join(screen.query_one(StagePanel).drawn.split())
        rows = screen.query_one(DecisionList).row_shown_all()
    assert "die ⚃ 4, re-roll ⚅ 6: keep one, +1 Charge" in stage, stage
    assert "6 HEAL" in stage and "1 MISS" in stage, stage  # the table still whole
    assert any("Keep the 6 → 6, a die's most" in " ".join(row.split()) for row in rows), rows
