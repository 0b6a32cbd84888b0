"""What an option changes for certain, in words, from the core's own queries (no rollouts).

The verdict of a decision names the better option and the chances; this says
what taking each option is sure to do — what it costs as printed, what eating
less at the Hunger step loses (R-HUNGER-3), whether that starves — asked of
`Game.query()`, the rules' own answers, never a second copy of them. (The
fuller forecast of an option is a core query of its own, issue #30's "from
the forecast where one exists".)
"""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.words.vocabulary import amounts


def what_it_changes(game: Game, action: act.Action) -> str:
    """Return what taking `action` now is sure to cost: "costs 2 SE", "costs nothing",
    "leaves 2 food uneaten: loses 3 SE" (", and starves" when that cannot be paid)."""
    query = game.query()
    if isinstance(action, act.Eat):
        hunger = query.hunger(action.food)
        if not hunger.missing:
            return "eats all the food needed"
        starves = ", and starves" if hunger.starves else ""
        return f"leaves {hunger.missing} food uneaten: loses {hunger.loss} SE{starves}"
    if isinstance(action, act.Attack):
        return f"costs {_attack_cost(game, action)}"
    return f"costs {amounts(query.cost(action))}"


def _attack_cost(game: Game, action: act.Attack) -> str:
    weapon = game.ruleset.weapons[game.state.weapons[-1]]
    for attack in weapon.attacks:
        if attack.id == action.attack:
            return amounts(game.query().attack_cost(attack))
    return amounts(game.query().cost(action))
