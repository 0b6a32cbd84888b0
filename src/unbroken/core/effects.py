"""Card effects: one function per effect record type, registered in EFFECTS.

Each function carries out one declarative effect (`model.Effect`) printed on a
card, as queued with its source card and combat result. An import-time check
makes sure that every effect type has its function, as reducer.py does for
events. A `Handler` effect runs a plugin's function with a `HandlerContext`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar, get_args

import msgspec

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core import steps
from unbroken.core.handlers import (
    EFFECT_TYPES,
    HandlerError,
    StateChanged,
    amounts_problem,
    effect_problem,
)
from unbroken.core.payment import gain, lose
from unbroken.core.resolver import Death, Resolver
from unbroken.core.responses import fire
from unbroken.core.state import DecisionKind, GameState, Queued

EffectFunction = Callable[[Resolver, Any, Queued], None]
#: The function of every effect type: fn(resolver, effect, queued item).
EFFECTS: dict[type, EffectFunction] = {}
_F = TypeVar("_F", bound=Callable[..., None])


def _on(kind: type) -> Callable[[_F], _F]:
    def register(fn: _F) -> _F:
        EFFECTS[kind] = fn
        return fn

    return register


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


# ---------------------------------------------------------------- resources


@_on(m.Lose)
def _lose(r: Resolver, e: m.Lose, q: Queued) -> None:
    amounts = e.amounts
    if e.alt and not all(
        r.state.res.get(k, 0) >= n for k, n in amounts.items() if k not in m.EFFORT and k != "time"
    ):
        r.push_effects(e.alt, q.source, q.result)
        return
    if q.result == "WOUND" and amounts.get("se"):
        wound_loss(r, amounts, q.source)
        return
    if not lose(r, amounts, q.source) and e.alt:
        r.push_effects(e.alt, q.source, q.result)


def wound_loss(r: Resolver, amounts: dict[str, int], source: str) -> None:
    """Lose `amounts` on a WOUND table row: the rest now, the SE as the row's wound loss.

    The SE is set pending and the wound_loss window opens (Bury the Pain, Just a
    Scratch); the WoundLoss Passives apply after those Responses (R-EFFECT-3), then
    it is lost (combat.wound_loss). A printed Lose and a handler's ctx.lose on a WOUND
    row both come here: a WOUND row's loss is a wound loss however it is made.
    """
    loss = amounts["se"]
    rest = {k: n for k, n in amounts.items() if k != "se"}
    if rest:
        lose(r, rest, source)
    r.emit(ev.PendingLossSet(loss))
    r.push(steps.WOUND_LOSS)
    fire(r, "wound_loss", min_loss=loss)


@_on(m.Gain)
def _gain(r: Resolver, e: m.Gain, q: Queued) -> None:
    gain(r, e.amounts, q.source)


@_on(m.GainLevel)
def _gain_level(r: Resolver, e: m.GainLevel, q: Queued) -> None:
    gain(r, {e.resource: e.times * r.state.level}, q.source)


@_on(m.Reduce)
def _reduce(r: Resolver, e: m.Reduce, q: Queued) -> None:
    if all(r.state.res.get(k, 0) >= n for k, n in e.lose.items()):
        r.emit(ev.Lost(dict(e.lose), q.source))
        gain(r, e.gain, q.source)
    else:
        r.push_effects(e.alt, q.source, q.result)


@_on(m.ReduceLoss)
def _reduce_loss(r: Resolver, e: m.ReduceLoss, q: Queued) -> None:
    r.emit(ev.PendingLossSet(max(e.minimum, r.state.pending_loss - e.amount)))


# ---------------------------------------------------------------- the die


@_on(m.RollCheck)
def _roll_check(r: Resolver, e: m.RollCheck, q: Queued) -> None:
    src = q.source
    value = r.roll("dice", f"check:{src}")
    if e.against == "level":
        target = r.state.level
    elif e.against == "tokens":
        c = r.condition(src)
        target = c.tokens if c is not None else 0
    else:
        target = e.beat
    r.push_effects(e.success if value > target else e.failure, src, q.result)


@_on(m.Reroll)
def _reroll(r: Resolver, e: m.Reroll, q: Queued) -> None:
    s = r.state
    new = r.roll("dice", "reroll")
    if e.choose and new != s.roll:
        r.emit(ev.RollSet(s.roll, [s.roll, new], q.source))
        r.wait(DecisionKind.PICK_ROLL)
    else:
        r.emit(ev.RollSet(new, [], q.source))


@_on(m.ModifyRoll)
def _modify_roll(r: Resolver, e: m.ModifyRoll, q: Queued) -> None:
    r.emit(ev.RollSet(r.state.roll + e.amount, [], q.source))


# ---------------------------------------------------------------- conditions


def gain_condition(r: Resolver, cid: str, timing: str, tokens: int, rounds: int) -> None:
    """Gain a condition now or for the next level; one held already grows instead."""
    if timing == "next_level":
        if r.condition(cid, active=False) is None:
            r.emit(ev.ConditionGained(cid, False, tokens, rounds))
        return
    c = r.condition(cid)
    if c is None:
        r.emit(ev.ConditionGained(cid, True, tokens, rounds, now=True, round=r.state.round))
    elif rounds and c.rounds:
        r.emit(ev.ConditionChanged(cid, c.tokens + tokens, c.rounds + rounds))
    elif tokens:
        r.emit(ev.ConditionChanged(cid, c.tokens + tokens, c.rounds))


@_on(m.GainCondition)
def _gain_condition(r: Resolver, e: m.GainCondition, q: Queued) -> None:
    gain_condition(r, e.condition, e.timing, e.tokens, e.rounds)


@_on(m.AddTokens)
def _add_tokens(r: Resolver, e: m.AddTokens, q: Queued) -> None:
    c = r.condition(e.condition)
    if c is None:
        gain_condition(r, e.condition, "now", e.amount, 0)
    else:
        r.emit(ev.ConditionChanged(c.id, c.tokens + e.amount, c.rounds))


@_on(m.RemoveCondition)
def _remove_condition(r: Resolver, e: m.RemoveCondition, q: Queued) -> None:
    s = r.state
    if e.condition:
        if any(c.id == e.condition for c in s.conditions):
            r.emit(ev.ConditionRemoved(e.condition, "removed"))
    else:
        held = _unique(c.id for c in s.conditions)
        if held:
            r.emit(ev.ChoicesOffered(held))
            r.wait(DecisionKind.CHOOSE_CONDITION)


# ---------------------------------------------------------------- the monster


def monster_changed(r: Resolver, why: str, **changes: Any) -> None:
    """Change the monster's trackers (what is not given stays as it is)."""
    mo = r.state.monster
    assert mo is not None
    values: dict[str, Any] = {
        "armor": mo.armor,
        "max_armor": mo.max_armor,
        "health": mo.health,
        "max_health": mo.max_health,
        "defend": mo.defend,
        "wounds_this_round": mo.wounds_this_round,
    }
    values.update(changes)
    r.emit(ev.MonsterChanged(why=why, **values))


def wound(r: Resolver, amount: int, ignore_armor: bool, source: str) -> None:
    """Inflict wounds on the monster, within its wound cap; defeat it at 0 (R-BATTLE-7)."""
    mo = r.state.monster
    if mo is None or mo.health <= 0 or amount <= 0:
        return
    if mo.armor > 0 and not ignore_armor:
        return
    caps = [mod.amount for mod in r.modifiers(m.WoundCap)]
    if caps:
        amount = max(0, min(amount, min(caps) - mo.wounds_this_round))
    if amount == 0:
        monster_changed(r, "wounds prevented")
        return
    health = max(0, mo.health - amount)
    monster_changed(r, "wounded", health=health, wounds_this_round=mo.wounds_this_round + amount)
    if health == 0:
        r.emit(ev.MonsterDefeated(mo.id))
        r.then = []
        r.push(steps.REWARDS)
        fire(r, "monster_defeated")


@_on(m.Wound)
def _wound(r: Resolver, e: m.Wound, q: Queued) -> None:
    wound(r, e.amount, e.ignore_armor, q.source)


@_on(m.MonsterHeal)
def _monster_heal(r: Resolver, e: m.MonsterHeal, q: Queued) -> None:
    mo = r.state.monster
    if mo is not None:
        monster_changed(r, "heal", health=min(mo.max_health, mo.health + e.amount))


@_on(m.BreakArmor)
def _break_armor(r: Resolver, e: m.BreakArmor, q: Queued) -> None:
    mo = r.state.monster
    if mo is not None and mo.armor:
        monster_changed(r, "armor broken", armor=max(0, mo.armor - e.amount))


@_on(m.Defend)
def _defend(r: Resolver, e: m.Defend, q: Queued) -> None:
    mo = r.state.monster
    if mo is not None and not mo.defend:
        monster_changed(r, "defend", defend=True)


@_on(m.MonsterGain)
def _monster_gain(r: Resolver, e: m.MonsterGain, q: Queued) -> None:
    mo = r.state.monster
    if mo is not None:
        top = m.TRACKER_MAX  # R-MONSTER-2: the tracker runs 0-20, surplus is lost
        monster_changed(
            r,
            "gain",
            armor=min(top, mo.armor + e.armor),
            max_armor=min(top, mo.max_armor + e.armor),
            health=min(top, mo.health + e.health),
            max_health=min(top, mo.max_health + e.health),
        )


@_on(m.MonsterAttack)
def _monster_attack(r: Resolver, e: m.MonsterAttack, q: Queued) -> None:
    r.push(steps.MonsterAttack(e.bonus), steps.MONSTER_ATTACK_DONE)


# ---------------------------------------------------------------- weapons and attacks


def downgrade(r: Resolver, turns: int, source: str) -> None:
    """Downgrade the current weapon (R-WEAPON-4); the bottom weapon stays."""
    s = r.state
    if len(s.weapons) <= 1:
        return
    top = s.weapons[-1]
    if turns:
        r.emit(ev.WeaponSetAside(top, turns, len(s.weapons) - 1))
    else:
        r.emit(ev.WeaponsSet(s.weapons[:-1], "downgraded", top))


@_on(m.Downgrade)
def _downgrade(r: Resolver, e: m.Downgrade, q: Queued) -> None:
    downgrade(r, e.turns, q.source)


@_on(m.GainWeapon)
def _gain_weapon(r: Resolver, e: m.GainWeapon, q: Queued) -> None:
    # R-REWARD-2: never a second copy of a weapon held; the player may decline.
    offered = [w for w in e.choices if not r.holds(w)]
    if offered:
        r.emit(ev.ChoicesOffered(offered))
        r.wait(DecisionKind.CHOOSE_WEAPON)


@_on(m.AttackPower)
def _attack_power(r: Resolver, e: m.AttackPower, q: Queued) -> None:
    r.emit(ev.AttackPowerSet(max(0, r.state.attack_power + e.amount), q.source))


@_on(m.ExtraAttack)
def _extra_attack(r: Resolver, e: m.ExtraAttack, q: Queued) -> None:
    r.push(steps.EXTRA_ATTACK)


# ---------------------------------------------------------------- turns and the flow


@_on(m.SkipTurn)
def _skip_turn(r: Resolver, e: m.SkipTurn, q: Queued) -> None:
    r.emit(ev.SkipTurnSet(True))


@_on(m.ExtraTurn)
def _extra_turn(r: Resolver, e: m.ExtraTurn, q: Queued) -> None:
    r.emit(ev.ExtraTurnsSet(r.state.extra_turns + 1))


@_on(m.RevealMore)
def _reveal_more(r: Resolver, e: m.RevealMore, q: Queued) -> None:
    r.emit(ev.RevealBonus(r.state.reveal_bonus + e.amount))


@_on(m.Commit)
def _commit(r: Resolver, e: m.Commit, q: Queued) -> None:
    r.emit(ev.CommitSet(True))


@_on(m.GainSkill)
def _gain_skill(r: Resolver, e: m.GainSkill, q: Queued) -> None:
    r.push(steps.SkillsGain(e.draw))


@_on(m.ExtraSkillChoice)
def _extra_skill_choice(r: Resolver, e: m.ExtraSkillChoice, q: Queued) -> None:
    for i, queued in r.queued_steps():
        if isinstance(queued, steps.SkillsDraw):
            r.replace(i, steps.SkillsDraw(queued.count + e.amount))
            break


# ---------------------------------------------------------------- handlers


class HandlerContext:
    """What a named effect handler may do: read the game, and act through effects."""

    def __init__(self, run: Resolver, queued: Queued, code: list[tuple[str, int]]) -> None:
        self._run = run
        self.source = queued.source
        self.result = queued.result
        self._code = code  # the handler's own line, to name when it changes the state
        self._copy: GameState | None = None
        self._seen = b""

    @property
    def state(self) -> GameState:
        """A copy of the game state as it is now (read it: changing it is refused)."""
        self.untouched()
        self._seen = msgspec.msgpack.encode(self._run.state)
        self._copy = msgspec.msgpack.decode(self._seen, type=GameState)
        return self._copy

    def untouched(self) -> None:
        """Raise StateChanged when the handler changed the copy of the state it was given."""
        if self._copy is None or msgspec.msgpack.encode(self._copy) == self._seen:
            return
        was = msgspec.msgpack.decode(self._seen, type=GameState)
        fields = [
            f for f in GameState.__struct_fields__ if getattr(was, f) != getattr(self._copy, f)
        ]
        raise StateChanged(fields or ["state"], self._code)

    @property
    def level(self) -> int:
        return self._run.state.level

    def keywords(self) -> tuple[str, ...]:
        """Return the keyword ids of the monster in play (none when no monster is)."""
        mo = self._run.state.monster
        if mo is None:
            return ()
        return tuple(self._run.rules.monsters[mo.id].keywords)

    def tokens(self) -> int:
        """Return the tokens on the source condition (0 if it is not in play)."""
        c = self._run.condition(self.source)
        return c.tokens if c is not None else 0

    def set_tokens(self, tokens: object) -> None:
        """Set the tokens on the source condition; at 0 it leaves play."""
        # `object`, not `int`: a plugin's wrong value is refused here in our words (a
        # compiled build would otherwise refuse an `int` parameter in its own words).
        if not isinstance(tokens, int) or isinstance(tokens, bool):
            raise TypeError(f"ctx.set_tokens takes a whole number, not {tokens!r:.40}")
        c = self._run.condition(self.source)
        if c is None:
            return
        if tokens <= 0:
            self._run.emit(ev.ConditionRemoved(c.id, "no tokens left"))
        else:
            self._run.emit(ev.ConditionChanged(c.id, tokens, c.rounds))

    def lose(self, amounts: object) -> None:
        """Lose resources now, as the source card (effort that cannot be paid kills);
        on a WOUND table row the SE is the row's wound loss, as a printed Lose's."""
        wrong = amounts_problem(amounts)  # (`object`: refused in our words, as set_tokens)
        if wrong or not isinstance(amounts, dict):
            raise ValueError(f"ctx.lose: {wrong}")
        if self.result == "WOUND" and amounts.get("se"):
            wound_loss(self._run, amounts, self.source)
        else:
            lose(self._run, amounts, self.source)

    def apply(self, *effects: m.Effect) -> None:
        """Schedule effect records to run next, as if printed on the source card.

        Anything but an effect record is refused here, inside the handler, so the
        error names the handler and its plugin (HandlerError), not the engine.
        """
        for effect in effects:
            wrong = effect_problem(self._run.rules, effect)
            if wrong:
                raise (ValueError if isinstance(effect, EFFECT_TYPES) else TypeError)(wrong)
        self._run.push_effects(effects, self.source, self.result)

    def roll(self) -> int:
        """Roll the die on the dice stream."""
        return self._run.roll("dice", f"handler:{self.source}")


@_on(m.Handler)
def _handler(r: Resolver, e: m.Handler, q: Queued) -> None:
    handler = r.rules.handlers[e.name]
    try:
        ctx = HandlerContext(r, q, _code_of(handler))
        handler(ctx, dict(e.params))
        ctx.untouched()
    except Death:
        raise
    except Exception as exc:  # a plugin's code: never the engine's crash
        raise HandlerError.of(e.name, q.source, exc) from exc


def _code_of(handler: Any) -> list[tuple[str, int]]:
    """Return [(file, line)] of a handler's own function (through wrappers and effect types)."""
    fn = getattr(handler, "run", handler)  # an effect type: its function
    while hasattr(fn, "__wrapped__"):
        fn = fn.__wrapped__
    code = getattr(fn, "__code__", None)
    return [(code.co_filename, code.co_firstlineno)] if code is not None else []


missing = [t for t in get_args(m.Effect) if t not in EFFECTS]
assert not missing, f"effect types without a function: {missing}"
