"""#28 playtest round 15 on the game screen, at 80x24."""

from __future__ import annotations

from pilot import option_detail, sync

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario

RULES = load_ruleset()


@sync
async def test_a_cut_abilitys_detail_line_keeps_its_no_use_note_in_sight() -> None:
    # Round 15: Take a Peek while committed: the row was cut and the line under it said
    # "Take a Peek [Sneak] (1 ability use): The / next Exploration step reveals 1 more…",
    # the "(no use now: you are committed to 1 card)" cut off. Without the ability's
    # printed text (the inspector has it) the note fits.
    game = Scenario("mae-el").commit().start()
    row, said = await option_detail(game, act.Use("base:sneak", "take-a-peek"))
    assert "you are committed to 1 card" in f"{row} {said}".replace("…", ""), (row, said)
    if "committed" not in row:  # cut in the row: the line under it says it whole
        assert "(no use now: you are committed to 1 card)" in said, said
