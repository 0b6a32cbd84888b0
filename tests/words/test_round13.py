"""README playtest round 13 (#28): what the words said that was not so."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.events import Narrator

RULES = load_ruleset()


def _log(events: list, narrator: Narrator) -> list[str]:
    return [line for e in events if (line := narrator.describe(e))]


def test_an_ability_cost_is_said_with_the_ability_not_the_class_card() -> None:
    # #28 round 13: "You pay 1 cunning [Sage]" for Warding Sign: the Sage has three abilities,
    # so the card's name did not say what was paid for. The cost is said with the use.
    game = Scenario("tomu").resources(cunning=5).start()
    narrator = Narrator(RULES)
    _log(game.events, narrator)
    lines = _log(game.apply(act.Use("base:sage", "cold-logic")), narrator)
    assert lines[0] == "You use Cold Logic [Sage] (one ability use): you pay 2 cunning."
    assert not [line for line in lines if line.startswith("You pay")], lines
    # A cost that is not an ability's keeps its own line and tag.
    lines = _log(game.apply(act.Orienteer()), narrator)
    assert "You pay 1 SE [Orienteer]." in lines


def test_a_cost_without_its_use_is_still_said() -> None:
    # The Narrator holds an ability's cost for the use that follows it; were anything else
    # to follow, the cost is said on that line rather than lost.
    from unbroken.core import events as ev

    narrator = Narrator(RULES)
    assert narrator.describe(ev.Spent({"cunning": 1}, "base:sage")) is None
    line = narrator.describe(ev.Gained({"se": 1}, {}, "focus")) or ""
    assert line.startswith("You pay 1 cunning [Sage]. You gain 1 SE"), line
