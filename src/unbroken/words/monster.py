"""The monster in play in words: its armor and health as they are, with what made them
differ from its sheet ("armor 3 (printed 2, +1 danger track)": the number in play
first, #28 round 22).

The monster card (`m` on the stage, the text game's display) shows these rather
than the sheet's printed numbers; the reasons come from the difficulty's danger
track (R-MONSTER-1) and what the monster gained in battle (R-BATTLE-5).
"""

from __future__ import annotations

from unbroken.core import model as m
from unbroken.core.query import Query, danger_space
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState, Phase
from unbroken.words.opening import monster_abilities
from unbroken.words.vocabulary import amounts

#: The minus sign of a lowered number.
MINUS = "−"


def danger_gains(space: m.DangerSpace) -> str:
    """Return what a danger track space gives the monster: "+1 armor", "+2 health",
    "+1 armor, +1 health", or "nothing"."""
    gains = [f"+{space.armor} armor" if space.armor else ""]
    gains.append(f"+{space.health} health" if space.health else "")
    return ", ".join(g for g in gains if g) or "nothing"


def danger_bonus(state: GameState, ruleset: Ruleset) -> tuple[int, int, int]:
    """Return what the danger track gave this level's monster: (space, armor, health),
    the space 1-based; (0, 0, 0) on a difficulty without a track or with no monster."""
    mo = state.monster
    track = ruleset.difficulty(state.difficulty)
    if mo is None or track is None or not track.danger or state.level < 1:
        return 0, 0, 0
    sheet = ruleset.monsters[mo.id]
    space, _ = danger_space(track, state.level)
    here = track.danger[space]
    armor = min(m.TRACKER_MAX, sheet.armor + here.armor) - sheet.armor
    health = min(m.TRACKER_MAX, sheet.health + here.health) - sheet.health
    return space + 1, armor, health


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"{MINUS}{-n}"


def _number(name: str, now: int, most: int, printed: int, danger: int, rules: str) -> str:
    """Return one of the monster's numbers: now and at most, with why it is not printed
    (`rules`: those that can make it grow in this fight)."""
    why = [f"{_signed(danger)} danger track"] if danger else []
    grown = most - printed - danger
    if grown or danger:  # the printed number first: "armor 2 (+1 danger track)" read as 3
        why.insert(0, f"printed {printed}")
    if grown:
        why.append(f"{_signed(grown)} in this fight" + (f": {rules}" if rules else ""))
    shown = f"{now}/{most}" if now != most else f"{most}"
    return f"{name} {shown}" + (f" ({', '.join(why)})" if why else "")


def monster_numbers(state: GameState, ruleset: Ruleset) -> str:
    """Return the monster's armor and health as they are now, each with what changed it
    from the sheet: "armor 3 (printed 2, +1 danger track), health 5/6"; "" with no monster."""
    mo = state.monster
    if mo is None:
        return ""
    sheet = ruleset.monsters[mo.id]
    _, armor, health = danger_bonus(state, ruleset)
    rules = growers(state, ruleset)
    return ", ".join(
        [
            _number("armor", mo.armor, mo.max_armor, sheet.armor, armor, rules),
            _number("health", mo.health, mo.max_health, sheet.health, health, rules),
        ]
    )


def growers(state: GameState, ruleset: Ruleset) -> str:
    """Return the rules in play that can make the monster grow in this fight, by name
    (the log names the one that did): its own, its rows' ("Gibberling's ROAR"), and the active
    conditions' ("Paranoid"); "" for none."""
    mo = state.monster
    if mo is None:
        return ""
    sheet = ruleset.monsters[mo.id]

    def grows(effects: list[m.Effect]) -> bool:
        return any(isinstance(e, m.MonsterGain) for e in effects)

    names = [a.name for a in monster_abilities(ruleset, mo.id) if grows(a.effects)]
    names += [f"{ruleset.card_name(mo.id)}'s {r.result}" for r in sheet.table if grows(r.effects)]
    for c in state.conditions:
        card = ruleset.conditions.get(c.id)
        if c.active and card is not None and any(grows(a.effects) for a in card.abilities):
            names.append(ruleset.card_name(c.id))
    return ", ".join(dict.fromkeys(names))


def battle_cost_note(state: GameState, ruleset: Ruleset) -> str:
    """Return what the revealed monster's Passives will add to weapon attacks once they are
    in play (the Combat phase), while they are not yet (a scouted monster in Travel):
    "+1 SE in battle: Hex of Heaviness" (R-BATTLE-3); "" otherwise."""
    mo = state.monster
    if mo is None or state.phase != Phase.TRAVEL:
        return ""
    adds = [
        (x.amounts, a.name)
        for a in monster_abilities(ruleset, mo.id)
        if a.type == "passive"
        for x in a.modifiers
        if isinstance(x, m.WeaponAttackCost)
    ]
    return "; ".join(f"{amounts(more, '+')} in battle: {name}" for more, name in adds)


def turn_lock_text(
    ruleset: Ruleset,
    condition: str,
    tokens: int,
    monster: str = "",
    state: GameState | None = None,
) -> str:
    """Return, as a sentence, that a condition now takes every turn left in the fight
    (`core.combat.locks_turns`): "Paralyzed at 6 tokens: no roll of the die is higher,
    so you lose every turn left in this fight …"; against a monster whose rule lets the
    player pay instead of rolling (the Basilisk's Mirror Shard), each turn is lost
    unless paid for, and the sentence says so (`pay_instead`: in `state`, when given,
    only while it can be paid; where it cannot, that it cannot now: #28 round 28, "lost
    unless you pay 1 metal (Mirror Shard)" with no metal held)."""
    name = ruleset.card_name(condition)
    ends = f"{name} leaves play only as this level's Combat Phase ends (after the Hunger step)."
    instead = pay_instead(ruleset, monster, condition, state)
    if instead:
        return (
            f"{name} at {tokens} tokens: no roll of the die is higher, so each turn left in "
            f"this fight is lost unless you pay {instead} instead of rolling; {ends}"
        )
    mo = state.monster if state is not None else None
    printed = pay_instead(ruleset, monster or (mo.id if mo else ""), condition)
    if state is not None and printed:
        return (
            f"{name} at {tokens} tokens: no roll of the die is higher, so each turn left in "
            f"this fight is lost: you cannot pay {printed} instead of rolling now; only your "
            f"Responses can still act, and {ends}"
        )
    return (
        f"{name} at {tokens} tokens: no roll of the die is higher, so you lose every turn "
        f"left in this fight; only your Responses can still act, and {ends}"
    )


def pay_instead(
    ruleset: Ruleset, monster: str, condition: str, state: GameState | None = None
) -> str:
    """Return what the player may pay instead of rolling for `condition`, with the rule's
    name ("1 metal (Mirror Shard)"), or "". In `state`, when given, the core's answer
    (`Query.pay_instead`: the rules in play whose cost can be paid now); without one
    (the log, narrating events), the rule as the `monster`'s card prints it."""
    if state is not None:
        rules = [
            (name if src in ruleset.monsters else _card_rule(ruleset, src, name), cost)
            for src, name, cost in Query(ruleset, state).pay_instead(condition)
        ]
    else:
        rules = [
            (a.name, dict(x.amounts))
            for a in monster_abilities(ruleset, monster)
            for x in a.modifiers
            if isinstance(x, m.RollInstead) and x.condition == condition
        ]
    return "; ".join(f"{amounts(cost)} ({name})" for name, cost in rules)


def _card_rule(ruleset: Ruleset, source: str, ability: str) -> str:
    """Return a player's card's rule named as everywhere (words.forecast.shown_ability,
    which imports this module): a skill by its name, another card's as "Name [Card]"."""
    card = ruleset.card_name(source)
    skill = ruleset.skills.get(source)
    if skill is None:
        return f"{ability} [{card}]"
    return f"{card} ({ability})" if len(skill.abilities) > 1 and ability != card else card


def turn_lock_short(ruleset: Ruleset, condition: str, tokens: int, bought: bool = False) -> str:
    """Return the short form of `turn_lock_text`, for an option's line or the stage:
    "Paralyzed 6: you cannot act again this fight"; for the option that buys the turn
    with the last of what pays instead of rolling (Mirror Shard's metal), "Paralyzed 6:
    this turn is your last this fight"."""
    if bought:
        return f"{ruleset.card_name(condition)} {tokens}: this turn is your last this fight"
    return f"{ruleset.card_name(condition)} {tokens}: you cannot act again this fight"
