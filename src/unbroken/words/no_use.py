"""An ability that can do nothing now, in words: "(no use now: …)" beside its option."""

from __future__ import annotations

from unbroken.core import model as m
from unbroken.core.query import clamp_die
from unbroken.core.state import GameState

#: Why revealing more cards is no use (R-TRAVEL-7: the next Exploration reveals 1 card).
COMMITTED = " (no use now: you are committed to 1 card)"


def no_use(ability: m.Ability, state: GameState, caps: dict[str, int]) -> str:
    """Return a warning when an ability that only lowers (raises) the die can do nothing.

    Dodge on a roll that already comes to 1 costs its SE and a use for nothing
    (the result is clamped to 1-6, R-EFFECT-4).
    """
    effects = ability.effects
    mo = state.monster
    if effects and all(isinstance(e, m.RevealMore) for e in effects) and state.committed:
        return COMMITTED  # the next Exploration reveals 1 card whatever (R-TRAVEL-7)
    if effects and all(isinstance(e, m.BreakArmor) for e in effects) and mo and not mo.armor:
        return " (no use now: the monster has no armor)"  # Snare against a bare hide
    if effects and all(isinstance(e, m.Gain) for e in effects):
        return gains_at_cap(effects, state, caps)
    if not effects or not all(isinstance(e, m.ModifyRoll) for e in effects) or not state.roll:
        return ""
    change = sum(e.amount for e in effects if isinstance(e, m.ModifyRoll))
    now = clamp_die(state.roll + state.roll_bonus)  # R-EFFECT-3/4
    after = clamp_die(state.roll + change + state.roll_bonus)
    return f" (no use now: the roll comes to {now} either way)" if after == now else ""


def gains_at_cap(effects: list[m.Effect], state: GameState, caps: dict[str, int]) -> str:
    """Return the warning for an ability that only gains what is at its cap (R-RES-2)."""
    wanted = {k for e in effects if isinstance(e, m.Gain) for k, n in e.amounts.items() if n > 0}
    if not wanted or any(state.res.get(k, 0) < caps.get(k, 99) for k in wanted):
        return ""
    full = " and ".join(m.RESOURCE_NAMES.get(k, k) for k in sorted(wanted))
    return f" (no use now: {full} {'is' if len(wanted) == 1 else 'are'} at the cap)"
