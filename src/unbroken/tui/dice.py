"""The die on the stage: which roll to show, what it came to, and its words.

A roll is said raw face first, then what made its result, each named: a re-roll
with the first roll and the one kept ("⚂ 3, re-roll ⚄ 5: kept the 3"), a
Response that set it ("⚅ 6 → 3 Dodge"), a bonus ("⚃ 4 +1 Charge = 5"); a roll
after the monster's combat roll in one decision (a Paralyzed check) follows it,
so the table's row marked is the one the die says (#28 playtest round 3).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.query import clamp_die
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.words.events import die_sides, roll_purpose
from unbroken.words.forecast import shown_ability

#: The die's six faces.
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
#: Events after which an earlier roll no longer matters: the die is cleared.
DIE_CLEARED = (ev.StepEntered, ev.LevelStarted, ev.BattleStarted)


class ShownRoll(NamedTuple):
    """The roll on the stage's die, and the result it came to (Responses, bonuses), with
    what made the result: the first roll a re-roll was made against, the one kept, the
    card whose Response set it, the bonus added, and the monster's combat roll earlier
    in the same decision (its table row marked while a later roll is shown)."""

    roll: ev.DieRolled
    value: int
    first: int = 0  # the roll re-rolled (0: not a re-roll)
    kept: int = 0  # of the two, the one kept (0: not chosen yet)
    by: str = ""  # the card whose Response set the roll ("": none)
    ability: str = ""  # and its ability used ("dodge")
    bonus: int = 0
    earlier: ShownRoll | None = None
    revealed: str = ""  # the monster a roll for which monster picked ("": none)


def die_update(events: list[ev.Event]) -> tuple[bool, ev.DieRolled | None]:
    """Return what one decision's events do to the stage's die: (changed, roll to show).

    A decision that rolls shows its last roll, even when the step changes after
    it (the player sees what their decision rolled); one that enters another
    step, level or battle without rolling clears the die; any other leaves it
    as it was.
    """
    cleared = False
    for e in reversed(events):
        if isinstance(e, ev.DieRolled):
            return True, e
        if isinstance(e, DIE_CLEARED):
            cleared = True
    return cleared, None


def rolled_to(roll: ev.DieRolled, after: Iterable[ev.Event], bonus: int = 0) -> int:
    """Return the result a roll came to, from the events after it.

    Responses change it (RollSet: Dodge, a picked re-roll), a bonus on the
    monster's roll adds to it, clamped to 1-6 (R-EFFECT-3/4); the monster's
    table row applied says the result used (CombatResult). `bonus`: the one
    set on the monster's attack before it rolled.
    """
    value = roll.value
    for e in after:
        if isinstance(e, ev.DieRolled):
            break
        if isinstance(e, ev.CombatResult):
            return e.roll
        if isinstance(e, ev.RollSet) and not e.rolls:
            value = e.value
        elif isinstance(e, ev.RollBonusSet):
            bonus = e.bonus
    return clamp_die(value + bonus) if 1 <= roll.value <= 6 else value


def roll_story(roll: ev.DieRolled, after: list[ev.Event], bonus: int = 0) -> ShownRoll:
    """Return a roll and what the events after it made of it (see ShownRoll, rolled_to)."""
    first = kept = 0
    by = ability = used = revealed = ""
    for e in after:
        if isinstance(e, ev.DieRolled | ev.CombatResult):
            break
        if isinstance(e, ev.MonsterRevealed) and roll.purpose == "monster":
            revealed = e.monster
        elif isinstance(e, ev.AbilityUsed):
            used = e.ability
        elif isinstance(e, ev.RollSet):
            if len(e.rolls) == 2 and roll.purpose == "reroll":  # the first roll, this one
                first = e.rolls[0]
            elif e.why == "picked":
                kept = e.value
            elif not e.rolls and e.why != "combat roll" and e.value != roll.value:
                by, ability = e.why, used
        elif isinstance(e, ev.RollBonusSet):
            bonus = e.bonus
    value = rolled_to(roll, after, bonus)
    return ShownRoll(roll, value, first, kept, by, ability, bonus, revealed=revealed)


def shown_roll(decisions: Iterable[list[ev.Event]]) -> ShownRoll | None:
    """Return the die the stage shows after some decisions, given newest first.

    See die_update for which roll it is; its result is what the events since
    made of it (roll_story). A roll after the monster's combat roll in the same
    decision (a Paralyzed check at the next turn) carries that roll as `earlier`:
    the table's row marked is the combat roll's.
    """
    later: list[list[ev.Event]] = []
    older = iter(decisions)
    for events in older:
        changed, roll = die_update(events)
        if changed:
            if roll is None:
                return None
            at = max(i for i, e in enumerate(events) if e is roll)
            after = [*events[at + 1 :], *(e for done in reversed(later) for e in done)]
            shown = roll_story(roll, after, combat_bonus(roll, events[:at]))
            if roll.purpose == "reroll" and not shown.first:  # the two alike: kept at once
                first = rolled_before(events[:at], older)
                return shown._replace(first=first, kept=roll.value if first else 0)
            if roll.purpose in ("combat", "reroll"):
                return shown
            earlier = combat_roll_before(events[:at])
            return shown if earlier is None else shown._replace(earlier=earlier)
        later.append(events)
    return None


def rolled_before(events: list[ev.Event], older: Iterable[list[ev.Event]]) -> int:
    """Return the roll a re-roll was made against: the last roll of another purpose in
    `events`, else in the decisions before them (newest first); 0 if none."""
    for done in (events, *older):
        for e in reversed(done):
            if isinstance(e, ev.DieRolled) and e.purpose != "reroll":
                return e.value
    return 0


def combat_roll_before(events: list[ev.Event]) -> ShownRoll | None:
    """Return the monster's combat roll whose table row the last of `events` applied, and
    what it came to (None: no row applied)."""
    result = next((i for i in range(len(events) - 1, -1, -1) if is_result(events[i])), None)
    if result is None:
        return None
    for i in range(result - 1, -1, -1):
        e = events[i]
        if isinstance(e, ev.DieRolled) and e.purpose == "combat":
            return roll_story(e, events[i + 1 :], combat_bonus(e, events[:i]))
    return None


def is_result(e: ev.Event) -> bool:
    """Return whether an event is the monster's table row applied."""
    return isinstance(e, ev.CombatResult)


def combat_bonus(roll: ev.DieRolled, before: list[ev.Event]) -> int:
    """Return the bonus on the monster's combat roll: set just before it rolled."""
    if roll.purpose != "combat":
        return 0
    return next((e.bonus for e in reversed(before) if isinstance(e, ev.RollBonusSet)), 0)


def bonus_names(state: GameState | None, rules: Ruleset) -> list[tuple[str, int]]:
    """Return what gives the monster's combat rolls a bonus now, by name, with how much:
    the monster's rules and keywords ("Charge"), the player's conditions ("Frightened")."""
    if state is None:
        return []
    found: list[tuple[str, list[m.Ability]]] = []
    if state.monster is not None:
        card = rules.monsters[state.monster.id]
        found += [(a.name, [a]) for a in card.abilities]
        found += [
            (rules.card_name(k), list(rules.keywords[k].abilities))
            for k in card.keywords
            if k in rules.keywords
        ]
    found += [
        (rules.card_name(c.id), list(rules.conditions[c.id].abilities))
        for c in state.conditions
        if c.active and c.id in rules.conditions
    ]
    named = []
    for name, abilities in found:
        passives = [a for a in abilities if a.type == "passive"]
        amount = sum(
            mod.amount for a in passives for mod in a.modifiers if isinstance(mod, m.RollBonus)
        )
        if amount:
            named.append((name, amount))
    return named


def roll_text(roll: ev.DieRolled, rules: Ruleset, value: int | None = None, level: int = 0) -> str:
    """Return a roll as the stage shows it: face, number, the result it came to, and
    what it was for ("⚅ 6 → 5 (monster's combat roll)"). `level`: the level it was
    rolled at, which says how many sides the monster's die has (die_sides)."""
    sides = die_sides(roll.purpose, rules, level)
    became = f" → {value}" if value is not None and value != roll.value else ""
    return (
        f"{die_face(roll.value, sides)}{became} ({roll_purpose(roll.purpose, rules, sides, level)})"
    )


def story_text(
    shown: ShownRoll, rules: Ruleset, level: int = 0, state: GameState | None = None
) -> str:
    """Return a roll with what made its result, raw face first: "⚃ 4 +1 Charge = 5
    (monster's combat roll)", "⚂ 3, re-roll ⚄ 5: kept the 3", "⚅ 6 → 3
    Dodge (…)". The bonus is named from `state` (what gives one now), else "+1". The
    roll for which monster says the one it picked: "⚃ 4 picked the Ghoul" (shown just
    above the monster's table, "(which monster)" was read as its row 4: #28 round 5)."""
    roll = shown.roll
    sides = die_sides(roll.purpose, rules, level)
    face, base = die_face(roll.value, sides), roll.value
    if shown.revealed:  # not "⚃ 4 (which monster)" over the table, whose row 4 it is not
        # "die [3] of 7": a roll of 1 to 7, one per monster (#28 round 22: "(a 7-sided
        # die)" read oddly in a table-top game; the log says `many_sides` in full).
        many = f" of {sides}" if sides != 6 else ""
        return f"{face}{many} picked the {rules.card_name(shown.revealed)}"
    if shown.first:
        face = f"{die_face(shown.first, sides)}, re-roll {face}"
        # "keep one", not "keep which?": the stage's row at 80 columns holds it (round 30:
        # "…re-roll ⚁ 2: keep" wrapped "which?" to a row of its own; the prompt asks it).
        face += f": kept the {shown.kept}" if shown.kept else ": keep one"
        base = shown.kept or roll.value
        if not shown.kept and state is not None and state.roll_bonus:
            # The monster's bonus goes on the one kept: said, as the options say it (33a:
            # "die ⚃ 4, re-roll ⚅ 6: keep one" vs the Minotaur dropped Charge's +1).
            return f"{face}, {bonus_words(state.roll_bonus, state, rules)}"
    if shown.by:
        base = clamp_die(shown.value - shown.bonus) if shown.bonus else shown.value
        face += f" → {base} {response_name(shown.by, shown.ability, rules)}"
    if shown.bonus:
        adds = bonus_words(shown.bonus, state, rules)
        face += f" {adds} = {shown.value}{clamp_words(base + shown.bonus)}"
    elif shown.value != base:
        face += f" → {shown.value}"
    if shown.first:  # "re-roll" said already
        return face
    return f"{face} ({roll_purpose(roll.purpose, rules, sides)})"


def bonus_words(bonus: int, state: GameState | None, rules: Ruleset) -> str:
    """Return a bonus on the monster's roll by what gives it ("+1 Charge"; `bonus_names`),
    else by its amount ("+1")."""
    named = bonus_names(state, rules)
    if sum(n for _, n in named) != bonus:
        named = [("", bonus)]
    return " ".join(f"{n:+d} {name}".rstrip() for name, n in named)


def clamp_words(total: int) -> str:
    """Return why a die's result is not the sum that made it: a result is kept within 1-6
    (R-EFFECT-4), so "⚅ 6 +1 Charge = 6 (a die's most)" (#28 round 16: "= 6" read as a
    mistake), said in a bracket beside the sum, which a cut keeps with it (31b-8: "= 6…"
    then "a die's most (…" on the next row read as an error); "" for a sum within 1-6."""
    return " (a die's most)" if total > 6 else " (a die's least)" if total < 1 else ""


def response_name(card: str, ability: str, rules: Ruleset) -> str:
    """Return a card's ability used as its option names it (one name per card: a skill
    by its card's name, "Shovel Parry"; a class's by its name and card, "Dodge [Sneak]"),
    else the card's name."""
    found = rules.ability(card, ability)
    return shown_ability(rules, card, found.name) if found and found.name else rules.card_name(card)


def shown_text(
    shown: ShownRoll | None, rules: Ruleset, level: int = 0, state: GameState | None = None
) -> str:
    """Return the stage's die text for a shown roll ("" for no die), rolled at `level`:
    after the monster's combat roll where a later roll of its decision is shown."""
    if shown is None:
        return ""
    said = story_text(shown, rules, level, state)
    if shown.earlier is not None:
        said = f"{story_text(shown.earlier, rules, level, state)}; then {said}"
    return said


def die_face(value: int, sides: int = 6) -> str:
    """Return the die face and the number, so colour is never the only signal.

    A die of other than six sides (the monster's at a level with more than six
    monsters) shows the number alone: a six-sided face would say the wrong die.
    """
    return f"{DIE_FACES[value - 1]} {value}" if sides == 6 and 1 <= value <= 6 else f"[{value}]"
