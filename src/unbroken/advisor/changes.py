"""What an option changes for certain, in words: the forecast the option lines say.

The verdict of a decision names the better option and the chances; this says
what taking each option is sure to do, read off the core's forecast
(`Query.forecast`: what is paid, lost and gained, an attack's wounds, the other
rules that act) and put in the words the game's option lines use for it
(`unbroken.words.forecast`: the same note, the same warnings), so the advisor
and the option lines never disagree. At the Hunger step it says the rules' own
answer about eating short (`Query.hunger`, R-HUNGER-3): the food left uneaten,
the SE it loses and whether that starves.
"""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.forecast import Forecast
from unbroken.core.game import Game
from unbroken.words.forecast import attack_effect, forecast_note, own_card, warnings
from unbroken.words.vocabulary import amounts


def what_it_changes(game: Game, action: act.Action) -> str:
    """Return what taking `action` now is sure to do: "pays 1 SE, gains 1 LE, loses 3
    time", "wound 4, defeats it", "⚠ time runs out: …" (as its option line warns), or at
    the Hunger step "leaves 2 food uneaten: loses 3 SE" (", and starves")."""
    query = game.query()
    if isinstance(action, act.Eat):
        hunger = query.hunger(action.food)
        if not hunger.missing:
            return "eats all the food needed"
        starves = ", and starves" if hunger.starves else ""
        return f"leaves {hunger.missing} food uneaten: loses {hunger.loss} SE{starves}"
    f = query.forecast(action)
    parts = _resources(f)
    if isinstance(action, act.Attack) and f.power is not None:
        parts.append(attack_effect(f, _attack_type(game, action), game.ruleset))
    state = game.state
    note = forecast_note(f, game.ruleset, own_card(action, state), state.weapons[-1])
    if note:
        parts.append(note)
    parts += [f"⚠ {w}" for w in warnings(f, state, game.ruleset)]
    return ", ".join(parts) if parts else "costs nothing"


def _resources(f: Forecast) -> list[str]:
    """Return what the option pays, gains and loses for certain, each said once."""
    said = [("pays", f.paid), ("gains", f.gained), ("loses", f.lost)]
    return [f"{verb} {amounts(what)}" for verb, what in said if what]


def _attack_type(game: Game, action: act.Attack) -> str:
    weapon = game.ruleset.weapons[game.state.weapons[-1]]
    return next((a.type for a in weapon.attacks if a.id == action.attack), "")
