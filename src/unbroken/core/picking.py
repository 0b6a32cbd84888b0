"""Which die result to keep is better for the player, where the forecast proves it.

A reroll that lets the player keep either result (Lucky Break, I've Seen Worse) asks
"Keep which result?"; the results were listed by value, so the default (the first,
Enter's) kept the worse one after a reroll gave a better (#28 round 16: the Wyvern's 2,
lose 4 SE, before its 3, lose 3 SE). `better_first` puts first the result whose
certain outcome is no worse than every other's in anything and better in something
(`Forecast`: what is paid, lost and gained, the conditions gained, the monster's
health and armor, the game's end); when no result is proved better, or chance decides
what a result does, the order stays by value.
"""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.forecast import DECISION, OVER, Forecast, forecast
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState


def better_first(
    ruleset: Ruleset, state: GameState, options: list[tuple[act.Action, str]]
) -> list[tuple[act.Action, str]]:
    """Return a decision's options, a die result proved better than every other first
    (only "Keep which result?" is reordered; see the module)."""
    if state.decision != DecisionKind.PICK_ROLL or len(options) < 2:
        return options
    found = [forecast(ruleset, state, action) for action, _ in options]
    if any(f.stops not in (DECISION, OVER) for f in found):
        return options  # what a result does is left to chance: nothing is proved
    for i, f in enumerate(found):
        if all(j == i or _better(f, g) for j, g in enumerate(found)):
            return [options[i], *options[:i], *options[i + 1 :]]
    return options


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
