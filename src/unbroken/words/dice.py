"""The die in words: what a die was rolled for, and how many sides the monster's has."""

from __future__ import annotations

from unbroken.core import model as m
from unbroken.core.ruleset import Ruleset

PURPOSES = {
    "monster": "which monster",
    "combat": "monster's combat roll",
    "reroll": "re-roll",
    "extra resource": "Easy's extra resource",
}


def roll_purpose(purpose: str, ruleset: Ruleset, sides: int = 6, level: int = 0) -> str:
    """Return what a die was rolled for, in words ("monster's combat roll"); a die of
    other than six sides says so, and what its faces past 6 are at `level` ("which
    monster, a roll of 1 to 7, one per monster; a 7 is the Gutter Wolf": `die_sides`,
    R-MONSTER-1; the face is said as what it would bring, not as the roll's result)."""
    if purpose.startswith("check:"):
        said = f"{ruleset.card_name(purpose[6:])} check"
    else:
        said = PURPOSES.get(purpose, purpose.split(":")[0])
    if sides == 6:
        return said
    return f"{said}, {many_sides(sides)}{extra_faces(ruleset, level)}"


def many_sides(sides: int) -> str:
    """Return the monster die of more than six sides as a table-top player reads it: "a roll
    of 1 to 7, one per monster" (#28 round 22: "(a 7-sided die)" read oddly beside a
    table-top game's dice; a level with a seventh monster rolls 1 to 7, R-MONSTER-1)."""
    return f"a roll of 1 to {sides}, one per monster"


def extra_faces(ruleset: Ruleset, level: int) -> str:
    """Return what the monster die's faces past 6 are at `level` (an expansion's monsters
    join the level's six, one face each, R-MONSTER-1): "; a 7 is the Gutter Wolf", ""
    when there are none. Short: the stage's die line says it at 80x24."""
    faces = [
        f"a {face} is {picked_monster(ruleset, level, face)}"
        for face in range(7, ruleset.monster_die(level) + 1)
    ]
    return f"; {', '.join(faces)}" if faces else ""


def picked_monster(ruleset: Ruleset, level: int, value: int) -> str:
    """Return the monster a roll of `value` for which monster picks at `level`, named
    ("the Troglodyte"; "" when the level has none): the core's `Ruleset.rolled_monster`,
    the rule core.combat's reveal_monster reads the die by (R-MONSTER-1). The log says
    what the roll picked, not what a 7 would have (#28 round 18)."""
    picked = ruleset.rolled_monster(level, value)
    return f"the {ruleset.card_name(picked.id)}" if picked is not None else ""


def die_sides(purpose: str, ruleset: Ruleset, level: int) -> int:
    """Return how many sides the die rolled for `purpose` at `level` has: the monster's
    die's (`Ruleset.monster_die`: one per monster of the level when there are more than
    six, R-MONSTER-1); every other die has six."""
    if purpose != "monster" or level < 1:
        return 6
    return ruleset.monster_die(level)


def check_failed(purpose: str, value: int, ruleset: Ruleset, level: int) -> str:
    """Return what a check's die that did not beat its number brings, when the card says
    nothing happens then: "no time gained (needs more than 2)" (Dangerous Idea; the
    success said "You gain 1 time", the failure was silent). "" when the check was not
    failed, says its own failure, or its number is not known from the events (tokens)."""
    if not purpose.startswith("check:"):
        return ""
    checks = [
        effect
        for ability in ruleset.card_abilities(purpose[6:])
        for effect in ability.effects
        if isinstance(effect, m.RollCheck) and not effect.failure and effect.against != "tokens"
    ]
    if len(checks) != 1:
        return ""
    check = checks[0]
    target = level if check.against == "level" else check.beat
    if value > target:
        return ""
    gains = [x for x in check.success if isinstance(x, m.Gain)]
    if gains and len(gains) == len(check.success):
        names = [m.RESOURCE_NAMES.get(r, r) for x in gains for r in x.amounts]
        return f"no {' or '.join(names)} gained (needs more than {target})"
    return f"nothing happens (needs more than {target})"
