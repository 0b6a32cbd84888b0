"""#28 round 22: an active Amnesia (1 fewer ability use at the level's start) was not
said "no use now" for Healing Herbs: its use was counted as the level began
(R-ABILITY-1) and it leaves play at the level's end (R-COND-1), so removing it changes
nothing; a pending one (for the next level) is still worth removing."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import label
from unbroken.words.no_use_why import option_no_use

RULES = load_ruleset()
HERBS = act.ChooseEncounter("base:healing-herbs")


def herbs_with(*conditions: tuple[str, bool]) -> list[tuple[str, str | None]]:
    """Return Healing Herbs' option as offered, then as kept (Resolve), with `conditions`
    in play, each (id, active): each its words and why it is of no use (`option_no_use`)."""
    scenario = Scenario("huckdorf", level=3).resources(food=2).encounters("healing-herbs")
    for cid, active in conditions:
        scenario = scenario.condition(cid, active=active)
    game = scenario.start("exploration")
    offered = (label(HERBS, game.state, RULES), option_no_use(HERBS, game.state, RULES))
    game.apply(HERBS)
    kept = act.Resolve()
    return [offered, (label(kept, game.state, RULES), option_no_use(kept, game.state, RULES))]


def test_an_active_amnesia_makes_healing_herbs_of_no_use_and_says_why() -> None:
    for text, why in herbs_with(("amnesia", True)):
        said = "no use now: Amnesia has done all it will: the level's ability uses were counted"
        assert said in text, text
        assert why, text


def test_a_pending_amnesia_is_worth_removing() -> None:
    for text, _ in herbs_with(("amnesia", False)):
        assert "no use now" not in text, text


def test_an_active_amnesia_beside_armored_says_both() -> None:
    for text, _ in herbs_with(("amnesia", True), ("armored", True)):
        assert "Amnesia has done all it will this level, and Armored helps you" in text, text


def test_an_active_amnesia_beside_a_harmful_condition_says_nothing() -> None:
    for text, _ in herbs_with(("amnesia", True), ("poisoned", True)):
        assert "no use now" not in text and "would remove" not in text, text
