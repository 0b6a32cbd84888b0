"""What a battle option's whole price is to the heuristic bot: the SE it costs, the
monster's turn it leaves, and what the weapon must still do after it.

The bot's weapon play reads damage per SE (`heuristic._player_turn`). That scale cannot
weigh a finishing ability against it: Iron Spike (2 wounds through armor for 1 metal)
and Press On (1 wound through armor and another turn for 3 SE) strike while the armor
stands, which the weapon cannot, and a kill spares every roll of the monster's still to
come. Here an option is priced as a plan: its cost, plus one
monster turn (its mean row, `mean_row_cost`) unless it kills or gives another turn,
plus the cheapest way the weapon's affordable attacks then finish the monster
(`finish_cost`, each attack but the last followed by a monster turn). Printed powers,
as the rest of the bot reads them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from unbroken.bots.values import _bounded, _memos, mean_row_cost, worth_now
from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.game import Game

#: What a battle the weapon cannot finish with what is held is taken to cost (in SE):
#: more than any plan it can pay.
HOPELESS = 60.0

#: (type, power, SE worth of its cost, wounds through armor) of each payable attack.
_Spec = tuple[str, int, float, bool]


def _specs(game: Game) -> tuple[_Spec, ...]:
    s = game.state
    res = s.res
    weapon = game.ruleset.weapons[s.weapons[-1]]
    return tuple(
        (a.type, a.power, worth_now(game, a.cost), a.ignore_armor)
        for a in weapon.attacks
        if all(res.get(k, 0) >= n for k, n in a.cost.items())
    )


def finish_cost(game: Game, armor: int, health: int) -> float:
    """Return the least SE the weapon's payable attacks cost to take the monster from
    `armor` and `health` to defeat, a monster turn after every attack but the last."""
    if health <= 0:
        return 0.0
    mo = game.state.monster
    hurt = mean_row_cost(game, mo.id) if mo is not None else 0.0
    specs = _specs(game)
    key = ("finish", specs, round(hurt, 6), armor, health)
    cost: float = _bounded(_memos(game.ruleset), key, lambda: _plan(specs, hurt)(armor, health))
    return cost


def _plan(specs: tuple[_Spec, ...], hurt: float) -> Callable[[int, int], float]:
    @cache
    def best(armor: int, health: int) -> float:
        if health <= 0:
            return 0.0
        least = HOPELESS
        for kind, power, cost, through in specs:
            if power <= 0:
                continue
            if kind == "break":
                if armor <= 0:
                    continue
                after = (max(0, armor - power), health)
            else:
                if armor > 0 and not through:
                    continue
                after = (armor, max(0, health - power))
            if after[1] == 0:
                least = min(least, cost)
            else:
                least = min(least, cost + hurt + best(*after))
        return least

    return best


def ability(game: Game, a: act.Use) -> m.Ability | None:
    """Return the ability this use names (None when the card has no such ability)."""
    for ab in game.ruleset.card_abilities(a.source):
        if ab.id == a.ability:
            return ab
    return None


def outcome(game: Game, action: act.Action) -> tuple[float, int, int, bool] | None:
    """Return what a weapon attack or an ability use does by its printed numbers: (its
    cost in SE now, the armor and health left, whether it gives another turn); None for
    any other action or with no monster."""
    s = game.state
    mo = s.monster
    if mo is None:
        return None
    armor, health = mo.armor, mo.health
    extra = False
    if isinstance(action, act.Attack):
        weapon = game.ruleset.weapons[s.weapons[-1]]
        spec = next((x for x in weapon.attacks if x.id == action.attack), None)
        if spec is None:
            return None
        cost = worth_now(game, spec.cost)
        if not mo.defend:  # a pending Defend makes the monster ignore this attack (R-BATTLE-4)
            if spec.type == "break":
                armor = max(0, armor - spec.power)
            elif armor == 0 or spec.ignore_armor:
                health = max(0, health - spec.power)
    elif isinstance(action, act.Use):
        ab = ability(game, action)
        if ab is None:
            return None
        cost = worth_now(game, ab.cost)
        for e in ab.effects:
            if isinstance(e, m.Wound) and (armor == 0 or e.ignore_armor):
                health = max(0, health - e.amount)
            elif isinstance(e, m.BreakArmor):
                armor = max(0, armor - e.amount)
            elif isinstance(e, m.ExtraTurn):
                extra = True
    else:
        return None
    return cost, armor, health, extra


def option_cost(game: Game, action: act.Action) -> float | None:
    """Return the whole price of a weapon attack or an ability use in battle: its cost,
    the monster's turn after it (none when it kills or gives another turn) and what the
    weapon then pays to finish (`finish_cost`); None where `outcome` is None."""
    done = outcome(game, action)
    mo = game.state.monster
    if done is None or mo is None:
        return None
    cost, armor, health, extra = done
    if health == 0:
        return cost
    turn = 0.0 if extra else mean_row_cost(game, mo.id)
    return cost + turn + finish_cost(game, armor, health)


def finishes(game: Game, action: act.Action) -> bool:
    """True when this attack or ability use, by its printed numbers, defeats the monster."""
    done = outcome(game, action)
    return done is not None and done[2] == 0
