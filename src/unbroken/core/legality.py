"""Legality: the actions of the pending decision, whether one is legal, and why not.

`legal` lists every legal action in a stable order; `allows` answers for one
action (the same as `action in legal(r)`, faster); `options` lists the actions
with why each cannot be taken now; `cost` says what an action spends. The three
first read DECISIONS, one row per kind of decision. The weapon's attacks (which can be
made, at what cost, why not) are core/attacking.py's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.attacking import attack_choices, attack_cost, attack_options, attacks
from unbroken.core.payment import can_pay, why_not_pay
from unbroken.core.resolver import Resolver
from unbroken.core.responses import optional_responses, usable, why_not_usable
from unbroken.core.state import DecisionKind

#: The General actions: legal in Preparation (R-TRAVEL-1) and on the player's turn alike.
_GENERAL = (act.Focus, act.Inspiration, act.Plan, act.Craft, act.Downgrade)
#: The actions without fields, made once (actions are frozen values).
_FOCUS = act.Focus()
_INSPIRATION = act.Inspiration()
_PLAN = act.Plan()
_DOWNGRADE = act.Downgrade()
#: The timings of the action abilities Preparation and a battle turn offer.
_TRAVEL = ("travel", "general")
_COMBAT = ("combat", "general")


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def legal(r: Resolver) -> list[act.Action]:
    """Return every legal action for the pending decision, in a stable order."""
    s = r.state
    if s.outcome is not None or not s.decision:
        return []
    return DECISIONS[s.decision].legal(r)


def allows(r: Resolver, action: act.Action) -> bool:
    """Return whether `action` is legal now: the same as `action in legal(r)`.

    Replaying a game checks every recorded action, so the decisions met
    most (Preparation, a battle turn, a Response, the Exploration choices,
    a skill, Hunger) look only at what concerns the action's own kind
    instead of listing every choice.
    """
    s = r.state
    if s.outcome is not None or not s.decision:
        return False
    return DECISIONS[s.decision].allows(r, action)


def options(r: Resolver) -> list[tuple[act.Action, str]]:
    """Return the pending decision's actions in a stable order, each with why it
    cannot be taken now ("" when it can).

    The Preparation step, the player's turns and Exploration's resolve-or-rest
    list every action the player has (actions, attacks, abilities, crafts,
    Downgrade, Resolve) whether or not it can be taken now, so each keeps its
    place while costs, uses and armor change; the crafts, which change with the
    weapon held, come last, so a new weapon moves only them (Downgrade and Skip
    keep their keys).
    Other decisions list their legal actions. The actions with "" are exactly
    `legal()` (in an order of their own).
    """
    s = r.state
    if s.outcome is not None or not s.decision:
        return []
    return DECISIONS[s.decision].options(r)


# ---------------------------------------------------------------- each kind of decision


def _in_legal(r: Resolver, action: act.Action) -> bool:
    """Check one action the long way: is it among the legal ones?"""
    return action in DECISIONS[r.state.decision].legal(r)


def _legal_options(r: Resolver) -> list[tuple[act.Action, str]]:
    """List the legal actions, none with a reason: the decisions that show only those."""
    return [(a, "") for a in DECISIONS[r.state.decision].legal(r)]


class DecisionRules(NamedTuple):
    """What one kind of decision asks, and how its actions are listed and checked."""

    prompt: str  # the question put to the player
    legal: Callable[[Resolver], list[act.Action]]  # every legal action, in a stable order
    allows: Callable[[Resolver, act.Action], bool] = _in_legal  # one action: legal?
    options: Callable[[Resolver], list[tuple[act.Action, str]]] = _legal_options


def _preparation(r: Resolver) -> list[act.Action]:
    s = r.state
    out: list[act.Action] = [act.Explore()]
    if not s.committed:
        out.append(act.Fight())
    out.extend(general_actions(r))
    st = r.rules.settings
    if can_pay(s, st.orienteer):
        out.append(act.Orienteer())
    if s.monster is None and can_pay(s, st.scout_cost[s.level - 1]):
        out.append(act.Scout())
    out.extend(ability_actions(r, _TRAVEL))
    return out


def _allows_preparation(r: Resolver, action: act.Action) -> bool:
    s = r.state
    kind = type(action)
    if kind is act.Use:
        return action in ability_actions(r, _TRAVEL)
    if kind in _GENERAL:
        return action in general_actions(r)
    if kind is act.Explore:
        return True
    if kind is act.Fight:
        return not s.committed
    if kind is act.Orienteer:
        return can_pay(s, r.rules.settings.orienteer)
    if kind is act.Scout:
        return s.monster is None and can_pay(s, r.rules.settings.scout_cost[s.level - 1])
    return False


def _preparation_options(r: Resolver) -> list[tuple[act.Action, str]]:
    s = r.state
    st = r.rules.settings
    scout = st.scout_cost[s.level - 1]
    return [
        (act.Explore(), ""),
        (act.Fight(), "you are committed to the next encounter" if s.committed else ""),
        *effort_options(r),
        (act.Orienteer(), why_not_pay(s, st.orienteer)),
        (
            act.Scout(),
            "already revealed" if s.monster is not None else why_not_pay(s, scout),
        ),
        *ability_options(r, _TRAVEL),
        downgrade_option(r),
        *craft_options(r),
    ]


def _player_turn(r: Resolver) -> list[act.Action]:
    return [*attacks(r), *general_actions(r), *ability_actions(r, _COMBAT), act.Skip()]


def _allows_player_turn(r: Resolver, action: act.Action) -> bool:
    kind = type(action)
    if kind is act.Use:
        return action in ability_actions(r, _COMBAT)
    if kind in _GENERAL:
        return action in general_actions(r)
    if isinstance(action, act.Attack):
        for option in attack_options(r):
            if option[0].id == action.attack:
                r.allowed_attack = option  # taking.attack takes it, unchanged since
                return True
        return False
    return kind is act.Skip


def _player_turn_options(r: Resolver) -> list[tuple[act.Action, str]]:
    return [
        *attack_choices(r),
        *effort_options(r),
        *ability_options(r, _COMBAT),
        downgrade_option(r),
        (act.Skip(), ""),
        *craft_options(r),
    ]


def _extra_attack(r: Resolver) -> list[act.Action]:
    return [*attacks(r), act.Pass()]


def _extra_attack_options(r: Resolver) -> list[tuple[act.Action, str]]:
    return [*attack_choices(r), (act.Pass(), "")]


def _response(r: Resolver) -> list[act.Action]:
    s = r.state
    return [
        *(act.Use(src, a.id) for src, a, _ in optional_responses(r, s.trigger)),
        act.Pass(),
    ]


def _allows_response(r: Resolver, action: act.Action) -> bool:
    if type(action) is act.Pass:
        return True
    return isinstance(action, act.Use) and any(
        src == action.source and a.id == action.ability
        for src, a, _ in optional_responses(r, r.state.trigger)
    )


def _choose_encounter(r: Resolver) -> list[act.Action]:
    return [act.ChooseEncounter(c) for c in _unique(r.state.revealed)]


def _allows_encounter(r: Resolver, action: act.Action) -> bool:
    return isinstance(action, act.ChooseEncounter) and action.card in r.state.revealed


def _resolve_or_rest(r: Resolver) -> list[act.Action]:
    s = r.state
    ok = can_pay(s, r.rules.encounters[s.chosen].spend)
    if s.committed:
        return [act.Resolve() if ok else act.Forfeit()]
    return [act.Resolve(), act.Rest()] if ok else [act.Rest()]


def _allows_resolve_or_rest(r: Resolver, action: act.Action) -> bool:
    s = r.state
    kind = type(action)
    if kind is act.Rest:
        return not s.committed
    if kind is act.Resolve or kind is act.Forfeit:
        pays = can_pay(s, r.rules.encounters[s.chosen].spend)
        return pays if kind is act.Resolve else s.committed and not pays
    return False


def _resolve_or_rest_options(r: Resolver) -> list[tuple[act.Action, str]]:
    s = r.state
    why = why_not_pay(s, r.rules.encounters[s.chosen].spend)
    other: act.Action = act.Forfeit() if s.committed else act.Rest()
    if s.committed and not why:
        return [(act.Resolve(), "")]
    return [(act.Resolve(), why), (other, "")]


def _trickery(r: Resolver) -> list[act.Action]:
    return [act.Trick(), act.Fight()]


def _choose_skill(r: Resolver) -> list[act.Action]:
    return [act.ChooseSkill(c) for c in _unique(r.state.choices)]


def _allows_skill(r: Resolver, action: act.Action) -> bool:
    return isinstance(action, act.ChooseSkill) and action.skill in r.state.choices


def _choose_weapon(r: Resolver) -> list[act.Action]:
    return [*(act.ChooseWeapon(c) for c in _unique(r.state.choices)), act.Pass()]


def _choose_condition(r: Resolver) -> list[act.Action]:
    return [act.ChooseCondition(c) for c in _unique(r.state.choices)]


def _pick_roll(r: Resolver) -> list[act.Action]:
    return [act.PickRoll(v) for v in sorted(set(r.state.rolls))]


def _roll_instead(r: Resolver) -> list[act.Action]:
    return [act.PayInstead(), act.Roll()]


def _hunger(r: Resolver) -> list[act.Action]:
    most = min(r.state.res.get("food", 0), food_requirement(r))
    return [act.Eat(n) for n in range(most, -1, -1)]


def _allows_hunger(r: Resolver, action: act.Action) -> bool:
    return isinstance(action, act.Eat) and 0 <= action.food <= min(
        r.state.res.get("food", 0), food_requirement(r)
    )


#: Every kind of decision: its question, its legal actions, the check of one action
#: (the same answer as `action in legal`, faster where replays meet it most) and its
#: options (the legal actions, or, where actions keep their places, every one with why
#: it cannot be taken now). A new kind of decision is a member of DecisionKind and a row.
DECISIONS: dict[DecisionKind, DecisionRules] = {
    DecisionKind.CHOOSE_SKILL: DecisionRules("Keep one skill", _choose_skill, _allows_skill),
    DecisionKind.PREPARATION: DecisionRules(
        "Preparation: take an action, explore, or fight",
        _preparation,
        _allows_preparation,
        _preparation_options,
    ),
    DecisionKind.CHOOSE_ENCOUNTER: DecisionRules(
        "Exploration: keep one encounter card", _choose_encounter, _allows_encounter
    ),
    DecisionKind.RESOLVE_OR_REST: DecisionRules(
        "Exploration: resolve the encounter or rest",
        _resolve_or_rest,
        _allows_resolve_or_rest,
        _resolve_or_rest_options,
    ),
    DecisionKind.TRICKERY: DecisionRules("Trickery: trick the monster or fight", _trickery),
    DecisionKind.PLAYER_TURN: DecisionRules(
        "Your turn: attack, take an action, or skip",
        _player_turn,
        _allows_player_turn,
        _player_turn_options,
    ),
    DecisionKind.EXTRA_ATTACK: DecisionRules(
        "Make another attack?", _extra_attack, options=_extra_attack_options
    ),
    DecisionKind.RESPONSE: DecisionRules("Use a Response?", _response, _allows_response),
    DecisionKind.PICK_ROLL: DecisionRules("Keep which result?", _pick_roll),
    DecisionKind.ROLL_INSTEAD: DecisionRules(
        "Roll for the condition, or pay instead?", _roll_instead
    ),
    DecisionKind.CHOOSE_WEAPON: DecisionRules("Take a weapon, or none", _choose_weapon),
    DecisionKind.CHOOSE_CONDITION: DecisionRules("Remove one condition", _choose_condition),
    DecisionKind.HUNGER: DecisionRules(
        "Hunger: how much food do you eat?", _hunger, _allows_hunger
    ),
}

_missing = [k for k in DecisionKind if k and k not in DECISIONS]
assert not _missing, f"decision kinds without rules: {_missing}"


def cost(r: Resolver, action: act.Action) -> dict[str, int]:
    """Return what taking an action spends, as printed (before R-RES-4 substitution);
    {} for an action that spends nothing."""
    s = r.state
    st = r.rules.settings
    if isinstance(action, act.Focus):
        return dict(st.focus)
    if isinstance(action, act.Inspiration):
        return dict(st.inspiration)
    if isinstance(action, act.Plan):
        return dict(st.plan)
    if isinstance(action, act.Orienteer):
        return dict(st.orienteer)
    if isinstance(action, act.Scout):
        return dict(st.scout_cost[s.level - 1])
    if isinstance(action, act.Craft):
        weapon = r.rules.weapons[s.weapons[-1]]
        return dict(next(u.cost for u in weapon.upgrades if u.to == action.weapon))
    if isinstance(action, act.Attack):
        weapon = r.rules.weapons[s.weapons[-1]]
        return attack_cost(r, next(a for a in weapon.attacks if a.id == action.attack))
    if isinstance(action, act.Use):
        found = (a for a in r.rules.card_abilities(action.source) if a.id == action.ability)
        return dict(next(found).cost)
    if isinstance(action, act.Resolve):
        return dict(r.rules.encounters[s.chosen].spend)
    if isinstance(action, act.Trick) and s.monster is not None:
        trick = r.rules.monsters[s.monster.id].trickery
        return dict(trick.cost) if trick is not None else {}
    return {}


def effort_options(r: Resolver) -> list[tuple[act.Action, str]]:
    """Return Focus, Inspiration and Plan with why each cannot be taken now."""
    s = r.state
    st = r.rules.settings
    return [
        (act.Focus(), why_not_pay(s, st.focus)),
        (act.Inspiration(), why_not_pay(s, st.inspiration)),
        (act.Plan(), why_not_pay(s, st.plan)),
    ]


def downgrade_option(r: Resolver) -> tuple[act.Action, str]:
    """Return Downgrade with why it cannot be now ("" when it can)."""
    return (act.Downgrade(), "nothing to give up" if len(r.state.weapons) < 2 else "")


def craft_options(r: Resolver) -> list[tuple[act.Action, str]]:
    """Return the crafts of the weapon held, with why each cannot be now."""
    s = r.state
    out: list[tuple[act.Action, str]] = []
    for up in r.rules.weapons[s.weapons[-1]].upgrades:
        held = r.holds(up.to)
        out.append((act.Craft(up.to), "you have it" if held else why_not_pay(s, up.cost)))
    return out


def weapon_options(r: Resolver) -> list[tuple[act.Action, str]]:
    """Return the crafts of the weapon held, then Downgrade (the order `legal()` keeps)."""
    return [*craft_options(r), downgrade_option(r)]


def ability_options(r: Resolver, timings: tuple[str, ...]) -> list[tuple[act.Action, str]]:
    """Return the action abilities in play of these timings, with why each cannot be used."""
    return [
        (act.Use(src, a.id), why_not_usable(r, src, a, kind))
        for src, a, kind in r.abilities("action")
        if a.timing in timings
    ]


def general_actions(r: Resolver) -> list[act.Action]:
    """Return the General actions that can be taken now (Focus, crafts, Downgrade…).

    The same as the options of `effort_options` and `weapon_options` without a
    reason, in their order (tests/core/test_shortcuts.py checks it), without
    writing the reasons.
    """
    s = r.state
    st = r.rules.settings
    out: list[act.Action] = []
    if can_pay(s, st.focus):
        out.append(_FOCUS)
    if can_pay(s, st.inspiration):
        out.append(_INSPIRATION)
    if can_pay(s, st.plan):
        out.append(_PLAN)
    weapons = s.weapons
    for up in r.rules.weapons[weapons[-1]].upgrades:
        if not r.holds(up.to) and can_pay(s, up.cost):
            out.append(act.Craft(up.to))
    if len(weapons) >= 2:
        out.append(_DOWNGRADE)
    return out


def ability_actions(r: Resolver, timings: tuple[str, ...]) -> list[act.Action]:
    """Return the action abilities of these timings that can be used now: the options
    of `ability_options` without a reason, in their order."""
    return [
        act.Use(src, a.id)
        for src, a, kind in r.abilities("action")
        if a.timing in timings and usable(r, src, a, kind)
    ]


def food_requirement(r: Resolver) -> int:
    """Return the food the Hunger step asks for now (R-HUNGER-1, with modifiers)."""
    need = r.state.level + sum(int(mod.amount) for mod in r.modifiers(m.HungerDelta))
    return max(0, need)
