"""#28 playtest round 31: the Display's time row (31b-1, 31b-11, 31b-12)."""

from __future__ import annotations

import copy

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.widgets import Marks, display_text, state_marks


def under_the_bar(text: str) -> list[str]:
    """Return the Display's time row and the row under it."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("time"))
    return [line.strip() for line in lines[at : at + 2]]


def test_the_row_under_the_time_bar_says_the_same_after_a_take_back() -> None:
    # 31b-12: a card kept, the row under the bar said "−2 to come"; Rest, then `u`
    # ("Taken back: Rest…"), the same question, the same card kept: "level 2 starts at
    # 22" (the take-back's ▲+2 took the time to come's place in the row).
    game = Scenario("caellahan").encounters("weapon-rack").start("exploration")
    game.apply(act.ChooseEncounter("base:weapon-rack"))
    kept = copy.deepcopy(game.state)
    game.apply(act.Rest())
    rested = game.state
    for size in (33, 40, 60):  # an 80-column Display, and wider
        asked = display_text(kept, game.ruleset, Marks({}, {}), 1, size)
        back = display_text(kept, game.ruleset, state_marks(rested, kept), 1, size)
        before, after = under_the_bar(asked.plain), under_the_bar(back.plain)
        assert "▲+2" in after[0], (size, after)
        assert "−2 to come" in before[0] + before[1], (size, before)
        assert "−2 to come" in after[0] + after[1], (size, before, after)
        if size == 33:  # under the bar, before and after alike
            assert before[1] == after[1] == "−2 to come", (before, after)
