"""README playtest round 20 (#28): decisions taken for the player, said as such."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.pointless import SAME_RESULT
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.events import Narrator

RULES = load_ruleset()
LUCKY = act.Use("base:lucky", "lucky-reroll")


def _log(events: list[ev.Event], narrator: Narrator) -> list[str]:
    return [line for e in events if (line := narrator.describe(e))]


def at_the_goblins_roll(*dice: int) -> tuple[Game, Narrator]:
    """Tomu (Lucky) in Lucky's window at the Goblin's first roll, the log said so far."""
    game = (
        Scenario("tomu", level=2)
        .resources(se=10, me=3)
        .skills("lucky")
        .monster("goblin")
        .dice(*dice)
        .start("battle")
    )
    while game.decision is not None and game.state.trigger != "after_monster_roll":
        game.apply(act.Skip() if act.Skip() in game.legal_actions() else act.Pass())
    narrator = Narrator(RULES)
    _log(game.events, narrator)
    assert LUCKY in game.legal_actions()
    return game, narrator


def test_a_reroll_that_comes_up_the_same_is_said_taken_for_you() -> None:
    # #28 round 20: Lucky re-rolled the same 5; "Keep which result?" was not asked (both
    # are the same), but the log said only "The roll is now 5 [Lucky]." — a choice taken
    # for the player, not said as one.
    game, narrator = at_the_goblins_roll(6, 6, 6, 6, 6, 6)
    roll = game.state.roll
    lines = _log(game.apply(LUCKY), narrator)
    taken = [line for line in lines if line.startswith("Taken for you: ")]
    assert len(taken) == 1, lines
    assert f"Keep the {roll}" in taken[0] and SAME_RESULT in taken[0], lines
    assert not [line for line in lines if line.startswith("The roll is now")], lines


def test_a_reroll_that_comes_up_different_is_asked_not_taken() -> None:
    game, narrator = at_the_goblins_roll(6, 3)
    assert game.state.roll == 6
    lines = _log(game.apply(LUCKY), narrator)
    assert not [line for line in lines if "Taken for you" in line], lines
    assert "Rolled again: keep 6 or 3?" in lines
