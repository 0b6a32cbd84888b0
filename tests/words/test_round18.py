"""Round 18's playtest: what a README-only player found the log and prompts say (issue 28)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.events import Narrator


def _log(game: Game) -> list[str]:
    narrator = Narrator(game.ruleset)
    return [line for e in game.events if (line := narrator.describe(e))]


def test_the_monster_die_says_the_monster_it_picked() -> None:
    # R-MONSTER-1: "The die shows 3 (which monster, …; a 7 is the Iron Beetle)" named
    # what a 7 would bring, not the Troglodyte the 3 picked (#28 round 18).
    rules = load_ruleset()
    for seed in range(1, 6):
        game = Game.new(rules, "tomu", "normal", seed)
        game.apply(act.Fight())
        roll = next(
            e for e in game.events if isinstance(e, ev.DieRolled) and e.purpose == "monster"
        )
        mo = game.state.monster
        assert mo is not None
        said = f"The die shows {roll.value} (which monster): the {rules.card_name(mo.id)}."
        assert said in _log(game), _log(game)


def _ambush_log(monster: str, poisoned: int = 0) -> list[str]:
    scenario = Scenario("tomu").resources(se=10, le=3).monster(monster).dice(*[1] * 9)
    if poisoned:
        scenario = scenario.condition("poisoned", tokens=poisoned)
    return _log(scenario.start("ambush"))


def test_every_line_of_an_ambush_names_the_ambush() -> None:
    # #28 round 18: the Giant Spider's "You gain Poisoned now with 1 token." had no source
    # while the Gibberling's "You lose 3 SE [Gibberling's ambush]." had one.
    assert "You gain Poisoned now with 1 token [Giant Spider's ambush]." in _ambush_log(
        "giant-spider"
    )
    assert "Poisoned: 2 tokens [Giant Spider's ambush]." in _ambush_log("giant-spider", 1)
    orc = _ambush_log("orc")
    assert "You lose 3 SE [Orc's ambush]." in orc, orc
    assert "You gain Bleeding now [Orc's ambush]." in orc, orc
    vampire = _ambush_log("vampire")
    assert "You gain 2 SE [Vampire's ambush]." in vampire, vampire
