"""#28 round 37 (37a-11): before the Crazed Survivor (revealed), the Downgrade from a Knife
to Bare Hands was taken to dodge Grab the Weapon ("If you hold a Basic weapon at the start
of the Battle step…"); Bare Hands is Basic too, so it still acted, and with Bare Hands its
trickery (a weapon downgrade) could not be paid. Nothing on the Downgrade's row or the line
under the list said either. At 80x24 the line under the list says both."""

from __future__ import annotations

from pilot import option_detail, sync

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.tui.careful import warned_alone


def survivor_ahead() -> Game:
    """Tomu (Sage), Hard, level 2, holding the Knife, the Crazed Survivor revealed."""
    return (
        Scenario("tomu", difficulty="hard", level=2)
        .resources(se=13)
        .weapon("knife")
        .monster("crazed-survivor")
        .start("preparation")
    )


@sync
async def test_at_80x24_the_downgrade_says_grab_the_weapon_still_acts_and_no_trick() -> None:
    row, said = await option_detail(survivor_ahead(), act.Downgrade())
    assert row.split(". ", 1)[1].startswith("Downgrade"), row
    assert "Bare Hands is Basic too: Grab the Weapon still acts" in said, said
    assert "you cannot trick the Crazed Survivor: its trickery downgrades your weapon" in said, said


def test_the_warned_downgrade_marks_first_and_the_others_do_not() -> None:
    # A row warned of (⚠) what another option spares the player marks first (README).
    game = survivor_ahead()
    warned = [
        a
        for a in game.legal_actions()
        if warned_alone(game.query().forecast(a), game.state, game.ruleset, "")
    ]
    assert warned == [act.Downgrade()]
