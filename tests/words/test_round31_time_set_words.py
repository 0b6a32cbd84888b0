"""#28 playtest round 31 (31b-15b): at the Trickery step, before the player chose to trick
the monster or not, the log already said "The time track is set to 22… (the fight has
begun)". R-COMBAT-2/3 set the track as the Trickery step starts (the events are right);
the words say what is true then: the Combat Phase has begun, the fight may not."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.state import DecisionKind
from unbroken.testing import Scenario
from unbroken.words.events import Narrator


def test_the_time_set_before_the_trick_is_chosen_says_no_fight_has_begun() -> None:
    game = Scenario("tomu", level=1).resources(cunning=2).dice(1).start("preparation")
    game.apply(act.Fight())
    assert game.decision is not None and game.decision.kind == DecisionKind.TRICKERY
    assert any(isinstance(a, act.Trick) for a in game.legal_actions())  # no fight yet
    narrator = Narrator(game.ruleset)
    said = [line for e in game.events if (line := narrator.describe(e))]
    line = next(line for line in said if line.startswith("The time track is set to"))
    assert "fight" not in line, line
    assert "Combat Phase has begun" in line, line
