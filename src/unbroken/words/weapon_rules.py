"""What an option that changes the weapon changes about the known monster's rules, in
words (the core's `weapon_rules`): "Bare Hands is Basic too: Grab the Weapon still acts";
"then you cannot trick the Crazed Survivor: its trickery downgrades your weapon" (#28
round 37, 37a-11: the Downgrade to Bare Hands said neither)."""

from __future__ import annotations

from unbroken.core.forecast import Forecast
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.core.weapon_rules import TRICKERY, WeaponRule, weapon_rules


def _held(rule: WeaponRule, ruleset: Ruleset) -> str:
    """Return why the weapon held after the option meets the rule or not: "Bare Hands is
    Basic too", "the Spear is not Basic"; a rule naming weapons: "with Bare Hands"."""
    weapon = ruleset.card_name(rule.weapon)
    kind = rule.type.capitalize()
    if not kind:
        return f"with {weapon}"
    if rule.now:
        return f"{weapon} is {kind} too" if rule.was else f"{weapon} is {kind}"
    sheet = ruleset.weapons.get(rule.weapon)
    return f"{weapon} is {sheet.type.capitalize()}" if sheet else f"{weapon} is not {kind}"


def _phrase(rule: WeaponRule, ruleset: Ruleset) -> str:
    monster = ruleset.card_name(rule.monster)
    if rule.kind == TRICKERY:
        if rule.now and rule.cost:  # the weapon is not all it needs
            return f"then your weapon can pay the {monster}'s trickery (it downgrades it)"
        if rule.now:
            return f"then you can trick the {monster} (its trickery downgrades your weapon)"
        return f"then you cannot trick the {monster}: its trickery downgrades your weapon"
    acts = "still acts" if rule.was and rule.now else "now acts" if rule.now else "no longer acts"
    return f"{_held(rule, ruleset)}: {rule.name} {acts}"


def _bad(rule: WeaponRule, up: bool) -> bool:
    """Return whether the rule works against the player after the option: a battle-start
    rule that acts, a trick that cannot be paid (said as a warning, "⚠"). One that acts
    before and after a step up the tree (Bare Hands to the Club) is no warning: the
    option neither brings it nor was the way round it (said as a note; the warning cut
    the row's cost, "Craft the Club… — ⚠ Club is Basic too…"); after a downgrade, the
    hoped-for way round it (37a-11), it is."""
    if rule.kind == TRICKERY:
        return not rule.now
    return rule.now and not (rule.was and up)


def _up(f: Forecast, state: GameState) -> bool:
    """Return whether the option takes the weapon up the tree (a weapon added on top)."""
    return len(f.after.weapons) > len(state.weapons)


def weapon_rule_notes(
    f: Forecast, state: GameState, ruleset: Ruleset, bad: bool = False
) -> list[str]:
    """Return, short for an option's line, what the option's change of weapon changes
    about the known monster's rules (`core.weapon_rules`): those against the player
    (`bad`: the warnings, `words.forecast.warnings`), else the others; [] when none."""
    rules, up = weapon_rules(ruleset, state, f), _up(f, state)
    return [_phrase(r, ruleset) for r in rules if _bad(r, up) is bad]


def weapon_rule_sentences(
    f: Forecast, state: GameState, ruleset: Ruleset, bad: bool = False
) -> list[str]:
    """Return the same in full for the detail line, one sentence each, with when the rule
    acts: "Spear is Advanced: Grab the Weapon no longer acts at the start of the battle.";
    `bad`: the warnings, "⚠" first and as short as the line's ("⚠ Bare Hands is Basic
    too: Grab the Weapon still acts."), else the others."""
    out, up = [], _up(f, state)
    for rule in weapon_rules(ruleset, state, f):
        if _bad(rule, up) is not bad:
            continue
        said = _phrase(rule, ruleset)
        if not bad:  # said short where it warns: the line under the list keeps both
            said += " at the start of the battle" if rule.kind != TRICKERY else ""
        out.append(f"{'⚠ ' if bad else ''}{said[:1].upper()}{said[1:]}.")
    return out
