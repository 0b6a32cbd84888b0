"""The die on the stage: which roll to show, what it came to, and its words."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from unbroken.core import events as ev
from unbroken.core.query import clamp_die
from unbroken.core.ruleset import Ruleset
from unbroken.words.events import die_sides, roll_purpose

#: The die's six faces.
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
#: Events after which an earlier roll no longer matters: the die is cleared.
DIE_CLEARED = (ev.StepEntered, ev.LevelStarted, ev.BattleStarted)


class ShownRoll(NamedTuple):
    """The roll on the stage's die, and the result it came to (Responses, bonuses)."""

    roll: ev.DieRolled
    value: int


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


def shown_roll(decisions: Iterable[list[ev.Event]]) -> ShownRoll | None:
    """Return the die the stage shows after some decisions, given newest first.

    See die_update for which roll it is; its result is what the events since
    made of it (rolled_to).
    """
    later: list[list[ev.Event]] = []
    for events in decisions:
        changed, roll = die_update(events)
        if changed:
            if roll is None:
                return None
            at = max(i for i, e in enumerate(events) if e is roll)
            after = [*events[at + 1 :], *(e for done in reversed(later) for e in done)]
            bonus = 0
            if roll.purpose == "combat":  # the bonus is set just before the monster rolls
                bonus = next(
                    (e.bonus for e in reversed(events[:at]) if isinstance(e, ev.RollBonusSet)), 0
                )
            return ShownRoll(roll, rolled_to(roll, after, bonus))
        later.append(events)
    return None


def roll_text(roll: ev.DieRolled, rules: Ruleset, value: int | None = None, level: int = 0) -> str:
    """Return a roll as the stage shows it: face, number, the result it came to, and
    what it was for ("⚅ 6 → 5 (monster's combat roll)"). `level`: the level it was
    rolled at, which says how many sides the monster's die has (die_sides)."""
    sides = die_sides(roll.purpose, rules, level)
    became = f" → {value}" if value is not None and value != roll.value else ""
    return (
        f"{die_face(roll.value, sides)}{became} ({roll_purpose(roll.purpose, rules, sides, level)})"
    )


def shown_text(shown: ShownRoll | None, rules: Ruleset, level: int = 0) -> str:
    """Return the stage's die text for a shown roll ("" for no die), rolled at `level`."""
    return "" if shown is None else roll_text(shown.roll, rules, shown.value, level)


def die_face(value: int, sides: int = 6) -> str:
    """Return the die face and the number, so colour is never the only signal.

    A die of other than six sides (the monster's at a level with more than six
    monsters) shows the number alone: a six-sided face would say the wrong die.
    """
    return f"{DIE_FACES[value - 1]} {value}" if sides == 6 and 1 <= value <= 6 else f"[{value}]"
