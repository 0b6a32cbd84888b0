"""The weapon's attacks: which can be made now, what each costs now (printed, plus what
cards in play add), whether one wounds through armor, and why one cannot be made
(`attack_choices`: every reason said). `legality` offers them on the player's turn."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.payment import CANNOT_PAY, can_pay
from unbroken.core.resolver import Resolver


def attack_choices(r: Resolver) -> list[tuple[act.Action, str]]:
    """Return the current weapon's attacks with why each cannot be made now."""
    mo = r.state.monster
    if mo is None:
        return []
    ok = {a.id for a, _ in attack_options(r)}
    out: list[tuple[act.Action, str]] = []
    for a in r.rules.weapons[r.state.weapons[-1]].attacks:
        why = ""
        if a.id not in ok:  # every reason said (#28 round 19: Pry; round 26: 0 LE)
            paid = "" if can_pay(r.state, attack_cost(r, a)) else f"; {CANNOT_PAY}"
            if a.type == "break" and mo.armor < 1:
                why = "no armor to break" + paid
                if mo.defend:  # any weapon attack spends the guard (R-BATTLE-4)
                    why += "; another weapon attack lowers the guard"
            elif a.type == "wound" and mo.armor > 0 and not ignores_armor(r, a):
                why = "break its armor first" + paid
            else:
                why = CANNOT_PAY
        out.append((act.Attack(a.id), why))
    return out


def attack_options(r: Resolver) -> list[tuple[m.Attack, dict[str, int]]]:
    """Return the current weapon's attacks that are legal now, with their full cost."""
    s = r.state
    mo = s.monster
    if mo is None:
        return []
    out = []
    for a in r.rules.weapons[s.weapons[-1]].attacks:
        if a.type == "break" and mo.armor < 1:
            continue
        if a.type == "wound" and mo.armor > 0 and not ignores_armor(r, a):
            continue
        price = attack_cost(r, a)
        if can_pay(s, price):
            out.append((a, price))
    return out


def attack_cost(r: Resolver, attack: m.Attack) -> dict[str, int]:
    """Return what a weapon attack costs now: its printed cost plus what cards in play
    add (Bleeding: "weapon attacks cost 1 more SE", R-BATTLE-3)."""
    price = dict(attack.cost)
    for mod in r.modifiers(m.WeaponAttackCost):
        for k, n in mod.amounts.items():
            price[k] = price.get(k, 0) + n
    return price


def ignores_armor(r: Resolver, attack: m.Attack) -> bool:
    """Return whether an attack wounds through armor (printed, or a Passive in play)."""
    return attack.ignore_armor or bool(r.modifiers(m.IgnoreArmor))


def attacks(r: Resolver) -> list[act.Action]:
    """Return the attacks that can be made now."""
    return [act.Attack(a.id) for a, _ in attack_options(r)]
