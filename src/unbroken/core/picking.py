"""The order of "Keep which result?" and which die result the forecast proves better.

A reroll that lets the player keep either result (Lucky Break, I've Seen Worse) asks
"Keep which result?". Its options come in the order the dice were rolled, the first roll
then the re-roll, every time (`in_roll_order`; #28 round 32, 32a-10: listed the better
first, else by value, they came sometimes first roll first, sometimes the lower die
first). The result whose certain outcome is no worse than every other's in anything and
better in something (`Forecast`: what is paid, lost and gained, the conditions gained,
the monster's health and armor, the game's end) is Enter's default (`better_pick`; #28
round 16: the default kept the Wyvern's 2, lose 4 SE, over its 3, lose 3 SE); when none
is proved better, or chance decides what a result does, there is none.

`legal_actions()` keeps its own order (by value): the bots draw from it, and the pinned
digests (tests/core/test_determinism.py) with them.
"""

from __future__ import annotations

from collections.abc import Mapping

from unbroken.core import actions as act
from unbroken.core.forecast import DECISION, OVER, Forecast, forecast
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState

#: Forecasts made already, by option (None: none made).
Made = Mapping[act.Action, Forecast] | None


def in_roll_order(
    state: GameState, options: list[tuple[act.Action, str]]
) -> list[tuple[act.Action, str]]:
    """Return a decision's options, "Keep which result?"'s in the order its dice were
    rolled (the first roll, then the re-roll); any other decision's as they are."""
    if state.decision != DecisionKind.PICK_ROLL or len(options) < 2:
        return options
    rolls = list(state.rolls)

    def rolled_at(option: tuple[act.Action, str]) -> int:
        action = option[0]
        value = action.value if isinstance(action, act.PickRoll) else None
        return rolls.index(value) if value in rolls else len(rolls)

    return sorted(options, key=rolled_at)  # stable: any other option keeps its place


def better_pick(
    ruleset: Ruleset, state: GameState, options: list[tuple[act.Action, str]]
) -> int | None:
    """Return the index in `options` of the die result proved better than every other
    ("Keep which result?"; see the module), None where none is or it is another question."""
    if state.decision != DecisionKind.PICK_ROLL or len(options) < 2:
        return None
    found = [forecast(ruleset, state, action) for action, _ in options]
    if any(f.stops not in (DECISION, OVER) for f in found):
        return None  # what a result does is left to chance: nothing is proved
    for i, f in enumerate(found):
        if all(j == i or _better(f, g) for j, g in enumerate(found)):
            return i
    return None


def better_attack(
    ruleset: Ruleset,
    state: GameState,
    options: list[tuple[act.Action, str]],
    forecasts: Made = None,
) -> int | None:
    """Return the index in `options` of a weapon attack proved better than the first one
    that can be taken (no worse in anything certain, what it pays, wounds and breaks, and
    better in something: Heavy blow, wound 3 for 1 ME, over Bash, wound 2 paid as 3 ME;
    #28 round 34, 34b: the highlight started on Bash), itself beaten by none; None where
    none is. `forecasts`: the options' where made already."""
    made = dict(forecasts or {})
    attacks = [i for i, (a, why) in enumerate(options) if isinstance(a, act.Attack) and not why]
    if len(attacks) < 2:
        return None
    found = {i: made.get(options[i][0]) or forecast(ruleset, state, options[i][0]) for i in attacks}
    first = found[attacks[0]]
    better = [i for i in attacks[1:] if _better(found[i], first)]
    return next((i for i in better if not any(_better(found[j], found[i]) for j in better)), None)


def _better(f: Forecast, g: Forecast) -> bool:
    """Whether `f`'s outcome is no worse than `g`'s in anything and better in something."""
    if f.weapon != g.weapon or f.ambushed != g.ambushed:
        return False
    worse = _badness(f)
    other = _badness(g)
    keys = set(worse) | set(other)
    if any(worse.get(k, 0) > other.get(k, 0) for k in keys):
        return False
    if not set(f.conditions_gained) <= set(g.conditions_gained):
        return False
    return worse != other or set(f.conditions_gained) != set(g.conditions_gained)


def _badness(f: Forecast) -> dict[str, int]:
    """What an outcome costs the player, each figure the higher the worse."""
    out = f.after.outcome
    bad = {
        "lost the game": int(out is not None and not out.won),
        "healed": f.healed,
        "wounds": -f.wounds,
        "armor": -f.armor_broken,
        "defeated": -int(f.defeated),
    }
    for amounts, sign in ((f.paid, 1), (f.lost, 1), (f.gained, -1)):
        for key, n in amounts.items():
            bad[key] = bad.get(key, 0) + sign * n
    return bad
