"""#28 round 28: the detail line takes a third row and more only where every option keeps
its own row (a starvation warning's five rows left a Level 3 battle's 13 options 11 rows
at 80x24, two scrolled out of sight)."""

from __future__ import annotations

import pytest
from pilot import sync
from test_layout import play_new

from unbroken.sim import heuristic_bot


# One pytest-xdist worker for the tests that share its game (--dist loadgroup).
@pytest.mark.xdist_group("play_new")
@sync
async def test_a_warning_in_the_detail_line_leaves_every_option_its_row() -> None:
    # Helena's seed 36 meets 13 options at the Hobgoblin's battle, starving: every
    # decision is checked in sight (test_layout.check_decision), nothing scrolled out: the
    # game test_layout's whole-games test plays first, played once (`play_new`).
    seen = await play_new("helena", heuristic_bot, 36)
    assert seen["most"] >= 13
