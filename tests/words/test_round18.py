"""Round 18's playtest: what a README-only player found the log and prompts say (issue 28)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
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
