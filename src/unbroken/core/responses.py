"""Responses (R-EFFECT-2): triggers, the optional Responses offered, and their windows.

A trigger schedules its mandatory Responses and opens a window for the
optional ones usable now; the window steps registered here offer them.
"""

from __future__ import annotations

from typing import Any

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core import steps
from unbroken.core.payment import can_pay, spend, why_not_pay
from unbroken.core.resolver import Resolver, step
from unbroken.core.state import DecisionKind, GameState, Queued

# Enum members read once: on Python 3.11 each `Phase.TRAVEL` costs about 100 ns (EnumType's
# attribute hook), and these steps run at most decisions.
_ASK_RESPONSE, _ASK_ROLL_INSTEAD = DecisionKind.RESPONSE, DecisionKind.ROLL_INSTEAD

#: Why a class ability cannot be used now (see legality.options).
NO_USES = "no ability uses left this level"


def fire(r: Resolver, trigger: str, **ctx: Any) -> None:
    """A trigger happened: schedule its mandatory Responses and offer the optional ones.

    Mandatory ones run monster first, then conditions in the order gained.
    The player chooses the order when several fire together (R-EFFECT-2): the
    optional ones usable now are offered before the mandatory ones resolve,
    and those still unused are offered again after them.
    """
    responses = r.abilities("response", trigger)
    if not responses:
        if r.waiting:
            r.push(steps.Window(trigger))
        # Otherwise the window would be the next step run, and with no Response to
        # this trigger in play it would offer nothing: it is not queued at all. (Every
        # step that fires a trigger fires it last, so nothing comes between.)
        return
    mandatory: list[Queued | steps.Step] = []
    ordered = [x for x in responses if x[2] == "monster"] + [
        x for x in responses if x[2] == "condition"
    ]
    for source, ability, kind in ordered:
        if filters_pass(r, ability, ctx):
            if kind == "condition":
                if payable_instead(r, source):
                    mandatory.append(steps.RollInstead(source, ability.id))
                    continue
            mandatory.extend(Queued(effect=e, source=source) for e in ability.effects)
    if mandatory and optional_responses(r, trigger, fresh=True):
        r.push(
            steps.Window(trigger),
            steps.WindowClose(trigger),
            *mandatory,
            steps.WindowAgain(trigger),
        )
    else:
        r.push(*mandatory, steps.Window(trigger))


def payable_instead(r: Resolver, condition: str) -> tuple[m.RollInstead, ...]:
    """Return the Passives in play that let the player pay instead of rolling for
    `condition` (the Basilisk's Mirror Shard: 1 metal for Paralyzed) and whose cost can be
    paid now: while one is, the roll is the player's choice, never forced."""
    return tuple(
        mod
        for mod in r.modifiers(m.RollInstead)
        if mod.condition == condition and can_pay(r.state, mod.amounts)
    )


def filters_pass(r: Resolver, ability: m.Ability, ctx: dict[str, Any]) -> bool:
    """Return whether a Response's filters (attack type, weapon, least loss) allow it now."""
    if ability.attack and ctx.get("attack") != ability.attack:
        return False
    if ability.weapon:
        weapon = r.rules.weapons[r.state.weapons[-1]]
        if weapon.type != ability.weapon:
            return False
    if ability.min_loss and ctx.get("min_loss", 0) < ability.min_loss:
        return False
    return ability.requires is None or not unmet(r, ability.requires)


def unmet(r: Resolver, needs: m.Requires) -> str:
    """Return why an ability's `requires` does not hold now ("" when it does)."""
    s = r.state
    name = r.rules.card_name
    active = {c.id for c in s.conditions if c.active}
    missing = [c for c in needs.conditions if c not in active]
    if missing:
        return "needs " + " and ".join(name(c) for c in missing)
    present = [c for c in needs.without if c in active]
    if present:
        return "not while " + " or ".join(name(c) for c in present)
    if needs.weapons and s.weapons[-1] not in needs.weapons:
        return "needs " + " or ".join(name(w) for w in needs.weapons)
    if needs.levels and s.level not in needs.levels:
        return "only at level " + " or ".join(str(n) for n in needs.levels)
    return ""


def usable(r: Resolver, source: str, ability: m.Ability, kind: str) -> bool:
    """Return whether an optional ability can be used now (uses, limits, cost)."""
    return not why_not_usable(r, source, ability, kind)


def why_not_usable(r: Resolver, source: str, ability: m.Ability, kind: str) -> str:
    """Return why an optional ability cannot be used now, or "" when it can."""
    s = r.state
    if ability.requires is not None:
        why = unmet(r, ability.requires)
        if why:
            return why
    if kind == "class" and s.ability_uses <= 0:
        return NO_USES
    return _limit_used(s, source, ability) or why_not_pay(s, ability.cost)


def reasons_not_usable(r: Resolver, source: str, ability: m.Ability, kind: str) -> list[str]:
    """Return every reason an optional ability cannot be used now (`why_not_usable` gives
    the first): no ability use left and a cost not held, say (#28 round 17)."""
    s = r.state
    found = [unmet(r, ability.requires)] if ability.requires is not None else []
    found.append(NO_USES if kind == "class" and s.ability_uses <= 0 else "")
    found += [_limit_used(s, source, ability), why_not_pay(s, ability.cost)]
    return [why for why in found if why]


def _limit_used(s: GameState, source: str, ability: m.Ability) -> str:
    """Return why the ability's limit (once a turn, battle or level) is used up, or ""."""
    limit = ability.limit
    if limit:
        key = f"{source}/{ability.id}"
        if limit == "turn" and key in s.used_turn:
            return "used this turn"
        if limit == "battle" and key in s.used_battle:
            return "used this battle"
        if limit == "level" and key in s.used_level:
            return "used this level"
    return ""


def optional_responses(
    r: Resolver, trigger: str, fresh: bool = False
) -> list[tuple[str, m.Ability, str]]:
    """Return the optional Responses usable at `trigger`.

    `fresh`: the trigger fires anew, so uses recorded at an earlier firing
    of it do not count (R-EFFECT-2: at most once per trigger).
    """
    s = r.state
    responses = r.abilities("response", trigger)
    if not responses:
        return []
    ctx: dict[str, Any] = {}
    if trigger in ("after_attack_chosen", "after_armor_break") and s.attack:
        wid, aid = s.attack.split("/")
        ctx["attack"] = next(a.type for a in r.rules.weapons[wid].attacks if a.id == aid)
    if trigger == "wound_loss":
        ctx["min_loss"] = s.pending_loss
    out = []
    for source, ability, kind in responses:
        if kind not in ("class", "skill"):
            continue
        if not fresh and f"{source}/{ability.id}" in s.used:
            continue
        if filters_pass(r, ability, ctx) and usable(r, source, ability, kind):
            out.append((source, ability, kind))
    return out


def use(r: Resolver, source: str, ability: m.Ability, kind: str) -> None:
    """Pay for and record an ability, and schedule its effects."""
    spend(r, ability.cost, source)
    r.emit(ev.AbilityUsed(source, ability.id, kind == "class", ability.limit))
    r.push_effects(ability.effects, source)


# ---------------------------------------------------------------- the window steps


@step(steps.Window)
def window(r: Resolver, at: steps.Window) -> None:
    """A trigger fired: offer the optional Responses usable now, if any (R-EFFECT-2)."""
    if optional_responses(r, at.trigger, fresh=True):
        r.emit(ev.TriggerOpened(at.trigger))
        r.wait(_ASK_RESPONSE, at.trigger)


@step(steps.Rewindow)
def rewindow(r: Resolver, at: steps.Rewindow) -> None:
    """After one Response: offer the ones not yet used at this trigger."""
    if optional_responses(r, at.trigger):
        r.wait(_ASK_RESPONSE, at.trigger)


@step(steps.WindowClose)
def window_close(r: Resolver, at: steps.WindowClose) -> None:
    """The player is done with Responses before the mandatory ones: note which were used.

    The window after the mandatory Responses (window.again) offers only the
    others: each Response fires at most once per trigger (R-EFFECT-2).
    """
    s = r.state
    used = tuple(s.used) if s.trigger == at.trigger else ()
    for i, queued in r.queued_steps():
        if (
            isinstance(queued, steps.WindowAgain)
            and queued.trigger == at.trigger
            and queued.used is None
        ):
            r.replace(i, steps.WindowAgain(at.trigger, used))
            break


@step(steps.WindowAgain)
def window_again(r: Resolver, at: steps.WindowAgain) -> None:
    """After the mandatory Responses: offer the optional ones not yet used (R-EFFECT-2)."""
    spent = list(at.used or ())
    left = [
        (src, a)
        for src, a, _ in optional_responses(r, at.trigger, fresh=True)
        if f"{src}/{a.id}" not in spent
    ]
    if left:
        r.emit(ev.TriggerOpened(at.trigger, spent))
        r.wait(_ASK_RESPONSE, at.trigger)


@step(steps.RollInstead)
def roll_instead(r: Resolver, at: steps.RollInstead) -> None:
    """A condition's roll may be replaced by a payment (the Basilisk's metal)."""
    r.emit(ev.ChoicesOffered([at.condition, f"{at.condition}/{at.ability}"]))
    r.wait(_ASK_ROLL_INSTEAD)
