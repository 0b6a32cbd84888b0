"""What an option that changes the weapon changes about the known monster's rules
(R-WEAPON-1, R-WEAPON-4, R-COMBAT-2): a battle-start Response that keys on the weapon held
(the Crazed Survivor's Grab the Weapon: "If you hold a Basic weapon…") and a trickery that
costs a weapon downgrade, impossible while only Bare Hands is held.

Read off an option's forecast (`Forecast.after`, the state it leaves for certain) beside
the state it is taken in, so the words can say it on the option (#28 round 37, 37a-11: the
Downgrade from a Knife to Bare Hands was taken to dodge Grab the Weapon, which still acted,
Bare Hands being Basic too, and the trick was then impossible; nothing had said so).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from unbroken.core.forecast import Forecast
from unbroken.core.resolver import Resolver
from unbroken.core.responses import filters_pass
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState, Phase, StepName

#: `WeaponRule.kind`: a Response at the start of the battle, or the monster's trickery.
BATTLE_START, TRICKERY = "battle_start", "trickery"


@dataclass(frozen=True)
class WeaponRule:
    """One rule of the known monster that keys on the weapon held, before and after an
    option: `acts` before (`was`) and after (`now`); for TRICKERY, whether the trick's
    weapon downgrade can be paid (R-COMBAT-2)."""

    monster: str
    kind: str
    #: The ability's id and name (BATTLE_START); "" for TRICKERY.
    ability: str
    name: str
    was: bool
    now: bool
    #: The weapon held after the option, and the weapon type the rule keys on ("basic";
    #: "" when it keys on the weapons named, or for TRICKERY).
    weapon: str
    type: str = ""
    #: TRICKERY: whether the trick costs resources too (then a weapon is not all it needs).
    cost: bool = False


def can_downgrade(state: GameState) -> bool:
    """Return whether the weapon held can be downgraded: not Bare Hands, the bottom of the
    stack (R-WEAPON-1, R-WEAPON-4), which a trickery's downgrade cannot be paid with."""
    return len(state.weapons) > 1


def weapon_rules(ruleset: Ruleset, before: GameState, f: Forecast) -> tuple[WeaponRule, ...]:
    """Return the rules of the monster known in `before` (revealed, or this level's) that
    key on the weapon, when the option forecast by `f` changes the weapon held and the
    battle is still to come: each battle-start Response that keys on the weapon (its type
    or the weapons it names), whether it acts or not (said when it did or does), and the
    trickery's downgrade when it becomes possible or impossible. () when none."""
    mo, after = before.monster, f.after
    if mo is None or not after.weapons or after.weapons == before.weapons:
        return ()
    if f.stops == "over" or not (_battle_to_come(before) and _battle_to_come(after)):
        return ()
    sheet = ruleset.monsters.get(mo.id)
    if sheet is None:
        return ()
    held = after.weapons[-1]
    out: list[WeaponRule] = []
    for ability in sheet.abilities:
        if ability.type != "response" or ability.trigger != BATTLE_START:
            continue
        named = ability.requires.weapons if ability.requires is not None else []
        if not ability.weapon and not named:
            continue
        was = filters_pass(Resolver(ruleset, before), ability, {})
        now = filters_pass(Resolver(ruleset, after), ability, {})
        if was or now:
            out.append(
                WeaponRule(
                    mo.id, BATTLE_START, ability.id, ability.name, was, now, held, ability.weapon
                )
            )
    trick = sheet.trickery
    if trick is not None and trick.downgrade and _trickery_to_come(before, f):
        was, now = can_downgrade(before), can_downgrade(after)
        if was != now:
            rule = WeaponRule(mo.id, TRICKERY, "", "", was, now, held)
            out.append(replace(rule, cost=bool(trick.cost)))
    return tuple(out)


def _battle_to_come(state: GameState) -> bool:
    """Return whether the battle's start is still to come: in the Travel Phase, or at the
    Ambush or Trickery step before it (not at its own window, where the rules that key on
    the weapon act already: the forecast says them)."""
    return state.phase == Phase.TRAVEL or state.step in (StepName.AMBUSH, StepName.TRICKERY)


def _trickery_to_come(before: GameState, f: Forecast) -> bool:
    """Return whether the monster's Trickery step can still come: in the Travel Phase,
    unless the option runs the time track out (an ambush: no trickery, R-COMBAT-1)."""
    return before.phase == Phase.TRAVEL and f.after.phase == Phase.TRAVEL and not f.ambushed
