"""Round 17's playtest: the stage's row marker beside a die of another roll (issue 28)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.testing import Scenario
from unbroken.tui.sheet_rows import applied_row


def test_a_check_after_the_monsters_row_unmarks_the_row() -> None:
    # The Basilisk GAZEs (row 2), a round starts, the Paralyzed check's die shows 1: the
    # stage said "die ⚀ 1 (Paralyzed check)" beside "▶2 GAZE", as if the check hit row 2
    # (#28 round 17: "die ⚅ 6 (Paralyzed check)" beside "▶5 STEAL" after a Dodge).
    # Paralyzed 1, +2 as the battle starts: the check's 4 passes; Skip; the Basilisk
    # rolls 2 (GAZE: 5 tokens); Pass; a round starts and the check's 6 passes: your turn.
    game = (
        Scenario("caellahan", level=4)
        .resources(se=30)
        .monster("basilisk")
        .condition("paralyzed", tokens=1)
        .dice(4, 2, 6, 1, 1, 1)
        .start("battle")
    )
    game.apply(act.Skip())
    events = game.apply(act.Pass())
    kinds = [(type(e).__name__, getattr(e, "purpose", "")) for e in events]
    result = kinds.index(("CombatResult", ""))
    assert ("DieRolled", "check:base:paralyzed") in kinds[result:], kinds
    assert game.state.decision == "player_turn"
    assert applied_row(events) == 0
    # Up to the check, the row the monster's roll applied stays marked.
    check = kinds.index(("DieRolled", "check:base:paralyzed"), result)
    row = next(e for e in events if isinstance(e, ev.CombatResult)).roll
    assert row and applied_row(events[:check]) == row


def test_a_handlers_roll_inside_the_row_keeps_it_marked() -> None:
    # A row whose handler rolls the die is still that row's doing.
    events: list[ev.Event] = [
        ev.DieRolled("dice", "combat", 4),
        ev.CombatResult(4, "WOUND"),
        ev.DieRolled("dice", "handler:unearthed:ghoul", 3),
    ]
    assert applied_row(events) == 4


def test_decisions_taken_for_the_player_count_a_repeat() -> None:
    # Round 18: "Taken for you: Skip your turn. Skip your turn." meant two turns skipped.
    from unbroken.tui.careful import taken_words

    skip = "Taken for you: Skip your turn."
    assert taken_words((skip, skip)) == "Skip your turn (twice)."
    assert taken_words((skip, skip, skip, "Taken for you: Pass.")) == (
        "Skip your turn (3 times). Pass."
    )
    assert taken_words((skip, "Taken for you: Pass.", skip)) == (
        "Skip your turn. Pass. Skip your turn."
    )
