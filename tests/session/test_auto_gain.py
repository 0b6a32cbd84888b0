"""An obvious Response is used for the player (R-DIGI-4's mirror, under the auto_pass
setting): said in the log with what it gains and why, recorded as a decision, and asked
as before when the setting is off."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.obvious import NO_USE_SPENT
from unbroken.play.session import GameSession
from unbroken.testing import Scenario

RUSH = act.Use("base:daring", "daring-rush")


def rush_of_blood() -> Game:
    """Maxyn with Daring at level 2, at the start of a battle with 10 SE."""
    return (
        Scenario("maxyn-zenma", level=2)
        .resources(se=10)
        .skills("daring")
        .monster("goblin")
        .dice(1, 1, 1, 1, 1, 1)
        .start("battle")
    )


def test_rush_of_blood_is_taken_for_the_player_and_said() -> None:  # R-DIGI-4
    session = GameSession(rush_of_blood())
    session.auto_pass = True
    assert session.for_player() == (RUSH, f"+2 SE: {NO_USE_SPENT}")
    lines: list[str] = []
    decisions = session.game.state.decisions
    session.take_for_player(lambda line, events: lines.append(line))
    assert lines[0] == f"Taken for you: Daring — +2 SE: {NO_USE_SPENT}."
    assert session.game.state.res["se"] == 12
    assert session.game.state.decisions > decisions  # recorded like any decision


def test_rush_of_blood_is_asked_when_the_setting_is_off() -> None:  # R-DIGI-4
    session = GameSession(rush_of_blood())
    assert session.for_player() is None
    assert RUSH in session.game.legal_actions()
