"""Taking an action: one function per Action type, registered in TAKE.

Each function carries out a legal action for the pending decision (legality
has checked it) by emitting events and queueing what follows; the driver then
runs the queue to the next decision. An import-time check makes sure that
every action type has its function, as reducer.py does for events.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar, get_args

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core import steps
from unbroken.core.attacking import attack_options
from unbroken.core.combat import reveal_monster
from unbroken.core.effects import downgrade
from unbroken.core.legality import food_requirement
from unbroken.core.payment import gain, lose, spend
from unbroken.core.resolver import Death, Resolver
from unbroken.core.responses import fire, use
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState, Phase, StepName, copy_state

# Enum members read once: on Python 3.11 each `Phase.TRAVEL` costs about 100 ns (EnumType's
# attribute hook), and these steps run at most decisions.
_TRAVEL, _SETUP, _STEP_DECISION = Phase.TRAVEL, Phase.SETUP, StepName.DECISION
_ASK_PREPARATION, _ASK_RESPONSE = DecisionKind.PREPARATION, DecisionKind.RESPONSE
_ASK_RESOLVE_OR_REST, _ASK_EXTRA_ATTACK = DecisionKind.RESOLVE_OR_REST, DecisionKind.EXTRA_ATTACK
_ASK_WEAPON = DecisionKind.CHOOSE_WEAPON

TakeFunction = Callable[[Resolver, Any], None]
#: The function of every action type: fn(resolver, action).
TAKE: dict[type, TakeFunction] = {}
_F = TypeVar("_F", bound=Callable[..., None])


def _on(kind: type) -> Callable[[_F], _F]:
    def register(fn: _F) -> _F:
        TAKE[kind] = fn
        return fn

    return register


def hunger_cost(missing: int) -> int:
    """Return the SE lost for `missing` uneaten food: 1 + 2 + ... + missing (R-HUNGER-3)."""
    return missing * (missing + 1) // 2


def rest_gain(card: m.Encounter) -> dict[str, int]:
    """Return what resting instead of resolving `card` gains before the caps: SE equal to
    its time (R-TRAVEL-5)."""
    return {"se": card.time}


def after_general(r: Resolver) -> None:
    """After a General/Travel action: back to Preparation (or ambush), or end the turn."""
    if r.state.decision == _ASK_PREPARATION:
        r.push(steps.AFTER_ACTION)
    else:
        r.push(steps.PLAYER_TURN_END)


def general(r: Resolver, cost: dict[str, int], gains: dict[str, int], source: str) -> None:
    """Take an effort action (Focus, Inspiration, Plan): pay, gain, go on."""
    spend(r, cost, source)
    gain(r, gains, source)
    after_general(r)


# ---------------------------------------------------------------- the Travel Phase


@_on(act.Explore)
def _explore(r: Resolver, action: act.Explore) -> None:
    r.emit(ev.StepEntered(_TRAVEL, _STEP_DECISION))
    r.push(steps.EXPLORATION)


@_on(act.ChooseEncounter)
def _choose_encounter(r: Resolver, action: act.ChooseEncounter) -> None:
    others = list(r.state.revealed)
    others.remove(action.card)
    r.emit(ev.EncounterChosen(action.card, others))
    r.wait(_ASK_RESOLVE_OR_REST)


@_on(act.Rest)
def _rest(r: Resolver, action: act.Rest) -> None:
    card = r.rules.encounters[r.state.chosen]
    r.emit(ev.Rested(card.id))
    gain(r, rest_gain(card), card.id)
    r.push(steps.EXPLORATION_END)


@_on(act.Resolve)
def _resolve(r: Resolver, action: act.Resolve) -> None:
    card = r.rules.encounters[r.state.chosen]
    if r.state.committed:
        r.emit(ev.CommitSet(False))
    spend(r, card.spend, card.id)
    r.emit(ev.EncounterResolved(card.id))
    r.push(steps.EXPLORATION_END)
    gain(r, card.gain, card.id)
    effects = list(card.effects) + ([m.Commit()] if card.commit else [])
    r.push_effects(effects, card.id)


@_on(act.Forfeit)
def _forfeit(r: Resolver, action: act.Forfeit) -> None:
    r.emit(ev.CommitSet(False))
    r.emit(ev.EncounterResolved(r.state.chosen, paid=False))
    r.push(steps.EXPLORATION_END)


@_on(act.Scout)
def _scout(r: Resolver, action: act.Scout) -> None:
    s = r.state
    spend(r, r.rules.settings.scout_cost[s.level - 1], "scout")
    reveal_monster(r)
    after_general(r)


@_on(act.Orienteer)
def _orienteer(r: Resolver, action: act.Orienteer) -> None:
    st = r.rules.settings
    spend(r, st.orienteer, "orienteer")
    r.emit(ev.RevealBonus(r.state.reveal_bonus + st.orienteer_reveal))
    after_general(r)


@_on(act.Fight)
def _fight(r: Resolver, action: act.Fight) -> None:
    if r.state.decision == _ASK_PREPARATION:
        r.emit(ev.StepEntered(_TRAVEL, _STEP_DECISION))
        r.push(steps.TRICKERY)
    else:
        r.push(steps.BATTLE)


# ---------------------------------------------------------------- General actions


@_on(act.Focus)
def _focus(r: Resolver, action: act.Focus) -> None:
    st = r.rules.settings
    general(r, st.focus, st.focus_gain, "focus")


@_on(act.Inspiration)
def _inspiration(r: Resolver, action: act.Inspiration) -> None:
    st = r.rules.settings
    general(r, st.inspiration, st.inspiration_gain, "inspiration")


@_on(act.Plan)
def _plan(r: Resolver, action: act.Plan) -> None:
    st = r.rules.settings
    general(r, st.plan, st.plan_gain, "plan")


@_on(act.Craft)
def _craft(r: Resolver, action: act.Craft) -> None:
    s = r.state
    up = next(u for u in r.rules.weapons[s.weapons[-1]].upgrades if u.to == action.weapon)
    spend(r, up.cost, "craft")
    r.emit(ev.WeaponsSet([*s.weapons, up.to], "crafted", up.to))
    after_general(r)


@_on(act.Downgrade)
def _downgrade(r: Resolver, action: act.Downgrade) -> None:
    downgrade(r, 0, "downgrade")
    after_general(r)


def find_ability(r: Resolver, source: str, ability_id: str) -> tuple[str, m.Ability, str]:
    """Return (source card, ability, kind of card) of an ability in play."""
    for src, ability, kind in r.in_play():
        if src == source and ability.id == ability_id:
            return src, ability, kind
    raise AssertionError(f"no ability {source}/{ability_id} in play")


@_on(act.Use)
def _use(r: Resolver, action: act.Use) -> None:
    src, ability, kind = find_ability(r, action.source, action.ability)
    if r.state.decision == _ASK_RESPONSE:
        r.push(steps.Rewindow(r.state.trigger))
    else:
        after_general(r)
    use(r, src, ability, kind)


# ---------------------------------------------------------------- the Combat Phase


@_on(act.Trick)
def _trick(r: Resolver, action: act.Trick) -> None:
    s = r.state
    assert s.monster is not None
    mo = r.rules.monsters[s.monster.id]
    assert mo.trickery is not None
    spend(r, mo.trickery.cost, "trickery")
    if mo.trickery.downgrade:
        downgrade(r, 0, "trickery")
    r.emit(ev.MonsterTricked(mo.id))
    r.push(steps.HUNGER)


@_on(act.Attack)
def _attack(r: Resolver, action: act.Attack) -> None:
    s = r.state
    extra = s.decision == _ASK_EXTRA_ATTACK
    allowed = r.allowed_attack
    r.allowed_attack = None
    if allowed is not None and allowed[0].id == action.attack:
        option, cost = allowed
    else:
        option, cost = next((a, c) for a, c in attack_options(r) if a.id == action.attack)
    weapon = s.weapons[-1]
    spend(r, cost, weapon)
    r.emit(ev.AttackChosen(weapon, option.id, option.type, option.power))
    if not extra:
        r.push(steps.PLAYER_TURN_END)
    r.push(steps.ATTACK_RESOLVE)
    fire(r, "after_attack_chosen", attack=option.type)


@_on(act.Skip)
def _skip(r: Resolver, action: act.Skip) -> None:
    r.emit(ev.TurnSkipped("skipped"))
    r.push(steps.PLAYER_TURN_END)


@_on(act.Pass)
def _pass(r: Resolver, action: act.Pass) -> None:
    if r.state.decision == _ASK_WEAPON:  # R-REWARD-2: declined
        r.emit(ev.ChoicesOffered([]))


@_on(act.PickRoll)
def _pick_roll(r: Resolver, action: act.PickRoll) -> None:
    r.emit(ev.RollSet(action.value, [], "picked"))


@_on(act.PayInstead)
def _pay_instead(r: Resolver, action: act.PayInstead) -> None:
    s = r.state
    cid = s.choices[0]
    mod = next(x for x in r.modifiers(m.RollInstead) if x.condition == cid)
    spend(r, mod.amounts, s.monster.id if s.monster else cid)
    r.emit(ev.ChoicesOffered([]))


@_on(act.Roll)
def _roll(r: Resolver, action: act.Roll) -> None:
    cid, _, aid = r.state.choices[1].partition("/")
    ability = next(a for a in r.rules.conditions[cid].abilities if a.id == aid)
    r.emit(ev.ChoicesOffered([]))
    r.push_effects(ability.effects, cid)


# ---------------------------------------------------------------- rewards and Hunger


@_on(act.ChooseSkill)
def _choose_skill(r: Resolver, action: act.ChooseSkill) -> None:
    s = r.state
    others = list(s.choices)
    others.remove(action.skill)
    r.emit(ev.SkillKept(action.skill, others))
    if s.phase == _SETUP:
        # R-SETUP-3: a skill kept at setup that adds uses (Quick Study) already
        # counts for level 1; a use spent at setup (Flexible) stays spent.
        more = sum(
            mod.amount
            for ability in r.rules.skills[action.skill].abilities
            for mod in ability.modifiers
            if isinstance(mod, m.AbilityUses)
        )
        if more:
            r.emit(ev.AbilityUsesSet(max(0, s.ability_uses + more)))


@_on(act.ChooseWeapon)
def _choose_weapon(r: Resolver, action: act.ChooseWeapon) -> None:
    r.emit(ev.ChoicesOffered([]))
    r.emit(ev.WeaponsSet([*r.state.weapons, action.weapon], "gained", action.weapon))


@_on(act.ChooseCondition)
def _choose_condition(r: Resolver, action: act.ChooseCondition) -> None:
    r.emit(ev.ChoicesOffered([]))
    r.emit(ev.ConditionRemoved(action.condition, "removed"))


@_on(act.Eat)
def _eat(r: Resolver, action: act.Eat) -> None:
    food = action.food
    need = food_requirement(r)
    if food:
        r.emit(ev.Spent({"food": food}, "hunger"))
        gain(r, {"se": food}, "hunger")
    r.emit(ev.Ate(food, need))
    missing = need - food
    if missing > 0:
        lose(r, {"se": hunger_cost(missing)}, "hunger", cause="starvation")
    r.push(steps.LEVEL_END)


missing = [t for t in get_args(act.Action) if t not in TAKE]
assert not missing, f"action types without a function: {missing}"


class _TurnProbe(Resolver):
    """A Resolver that notes whether the player's turn is ended, and whether another turn
    is given for it (an ExtraTurn effect scheduled: Press On, Improvised Lever); it rolls
    no die."""

    ended = False
    again = False

    def push(self, *items: Any) -> None:
        self.ended = self.ended or any(item is steps.PLAYER_TURN_END for item in items)
        self.again = self.again or any(
            isinstance(getattr(item, "effect", None), m.ExtraTurn) for item in items
        )
        super().push(*items)

    def push_effects(self, effects: Iterable[m.Effect], source: str, result: str = "") -> None:
        self.again = self.again or any(isinstance(e, m.ExtraTurn) for e in effects)
        super().push_effects(effects, source, result)

    def roll(self, stream: str, purpose: str, sides: int = 6) -> int:
        raise _Stop


class _Stop(Exception):
    """Raised to stop a probe where chance would act."""


def ends_turn(ruleset: Ruleset, state: GameState, action: act.Action) -> bool:
    """Return whether taking the legal `action` in `state` ends the player's battle turn
    (R-BATTLE-2: an attack, a General or Combat action, or doing nothing; a Response, an
    extra attack and anything outside a battle turn do not, nor one that gives another
    turn: Grim Determination's Press On, "then take another turn"). `state` is left
    unchanged."""
    if state.decision != DecisionKind.PLAYER_TURN:
        return False
    probe = _TurnProbe(ruleset, copy_state(state))
    try:
        TAKE[type(action)](probe, action)
    except (_Stop, Death):
        pass
    return probe.ended and not probe.again
