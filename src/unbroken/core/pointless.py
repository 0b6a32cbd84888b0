"""Pointless decisions (R-DIGI-4): where the engine can prove passing is never worse.

`pointless_answer` looks at the decision waiting now and returns the answer that
spends nothing when every other answer only spends something (money, a use, a
once-per-battle Response) for no effect on the game; else None. Only what is
certain counts: a die not yet rolled is never guessed at.

The cases, each proved from the rules rather than guessed:

* **A Response to the monster's roll** (Dodge, Sidestep, Lucky Break, I've Seen
  Worse) when every result it could lead to, used any number of times and in any
  mix, comes to the same table row as now (or to rows with the same result and
  effects, or rows a Passive ignores), and nothing mandatory waits between the
  window and the row being applied.
* **A Response that adds attack power** (Power Through) when the attack already
  defeats the monster, with no die rolled before it falls (found on a fork).
* **A Response to the monster's roll when the monster missed**: the row now does
  nothing, and every row the Response could lead to does nothing or only harms the
  player (a loss, a negative condition, a guard, a heal): a re-roll or a shift can
  only do as well or worse (#28 round 4: I've Seen Worse offered after a MISS).
* **Keeping one of two die results** that come to the same row content.
* **A turn that can only be skipped.**
* **A free Response that only gains what is at its cap** (Grave Sense's cunning
  at 7/7): the cap takes all of it (R-RES-2), so using it changes nothing.
* **A Response run by a plugin's handler that would do nothing here** (Plate
  Splitter's +2 power against a monster that is not Armored): its forecast, but
  for the use and its payment, equals Pass's. When what it does is only attack
  power, the attack-power case above applies to it too.
"""

from __future__ import annotations

from typing import Protocol

import msgspec

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import legality
from unbroken.core import model as m
from unbroken.core.card_effects import Handler
from unbroken.core.combat import clamp_die
from unbroken.core.forecast import Forecast, forecast
from unbroken.core.resolver import Resolver
from unbroken.core.responses import optional_responses
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState


class Asked(Protocol):
    """What this module reads of a decision (`unbroken.core.game.Decision`)."""

    @property
    def kind(self) -> str: ...


class Game(Protocol):
    """What this module reads of a game (`unbroken.core.game.Game`, which imports it)."""

    ruleset: Ruleset
    state: GameState

    @property
    def decision(self) -> Asked | None: ...

    def legal_actions(self) -> list[act.Action]: ...

    def fork(self, resample: int | None = None) -> Game: ...

    def apply(self, action: act.Action) -> list[ev.Event]: ...


#: Why an answer was taken for the player, by case (the session's log line says it).
SAME_ROW = "the roll comes to the same result whatever you do"
ALREADY_DEFEATED = "the attack already defeats the monster"
SAME_RESULT = "both results are the same"
ONLY_SKIP = "you can only skip this turn"
AT_CAP = "what it would gain is at its cap"
MISSED = "the monster missed: a new roll can only do as well or worse"
NO_EFFECT = "it would do nothing here"

#: The Response effects that only change the monster's die roll.
_ROLL_EFFECTS = (m.ModifyRoll, m.Reroll)
#: The flow steps that may sit above the one a window leads to without acting.
_WINDOW_STEPS = ("window", "window.close", "window.again", "rewindow")
#: How far repeated roll changes are followed (a die result is 1..6).
_ROLL_SPAN = 12


def pointless_answer(game: Game) -> tuple[act.Action, str] | None:
    """Return the answer that spends nothing and why it is the only sensible one, when
    the decision waiting now is pointless (R-DIGI-4); else None."""
    d = game.decision
    if d is None:
        return None
    legal = game.legal_actions()
    if d.kind == DecisionKind.PLAYER_TURN and legal == [act.Skip()]:
        return act.Skip(), ONLY_SKIP  # Paralyzed, or nothing to attack with
    if len(legal) < 2:
        return None  # one answer: the single-answer setting's case
    r = Resolver(game.ruleset, game.state)
    if d.kind == DecisionKind.PICK_ROLL:
        return _same_results(r, legal)
    if d.kind == DecisionKind.RESPONSE and act.Pass() in legal:
        return _useless_response(game, r, legal)
    return None


def _same_results(r: Resolver, legal: list[act.Action]) -> tuple[act.Action, str] | None:
    """Keep the first die result when every one kept comes to the same row content."""
    picks = [a for a in legal if isinstance(a, act.PickRoll)]
    if len(picks) != len(legal) or r.state.monster is None:
        return None
    bonus = r.state.roll_bonus
    outcomes = {_row_outcome(r, clamp_die(a.value + bonus)) for a in picks}
    return (picks[0], SAME_RESULT) if len(outcomes) == 1 else None


def _useless_response(
    game: Game, r: Resolver, legal: list[act.Action]
) -> tuple[act.Action, str] | None:
    """Pass when no Response on offer can change anything (see the module's cases)."""
    if any(not isinstance(a, (act.Use, act.Pass)) for a in legal):
        return None
    offered = {(src, a.id): a for src, a, _ in optional_responses(r, r.state.trigger)}
    effects: list[m.Effect] = []
    for action in legal:
        if isinstance(action, act.Use):
            ability = offered.get((action.source, action.ability))
            if ability is None:
                return None
            effects.extend(ability.effects)
    if not effects:
        return None
    if _gains_nothing(r, [offered[(a.source, a.ability)] for a in legal if isinstance(a, act.Use)]):
        return act.Pass(), AT_CAP
    trigger = r.state.trigger
    if trigger == "after_monster_roll" and all(isinstance(e, _ROLL_EFFECTS) for e in effects):
        if _next_step(r) != "monster.resolve":
            return None
        if _roll_cannot_change(r, effects):
            return act.Pass(), SAME_ROW
        return (act.Pass(), MISSED) if roll_cannot_help(r, effects) else None
    if trigger == "after_attack_chosen" and all(isinstance(e, m.AttackPower) for e in effects):
        return (act.Pass(), ALREADY_DEFEATED) if _falls_anyway(game) else None
    if any(isinstance(e, Handler) for e in effects):
        return _handler_response(game, legal)
    return None


#: Events a Response's use emits whatever its effects do (the use and its payment).
_USE_ONLY = (ev.AbilityUsed, ev.Spent)


def _handler_response(game: Game, legal: list[act.Action]) -> tuple[act.Action, str] | None:
    """Pass when every Response on offer, a plugin handler's among them, would do nothing
    certain (its forecast but for the use and its payment equals Pass's), or only add
    attack power to an attack that already defeats the monster."""
    rules, state = game.ruleset, game.state
    passed = forecast(rules, state, act.Pass())
    power = False  # some Response on offer only adds attack power
    for action in legal:
        if not isinstance(action, act.Use):
            continue
        own = _own_events(rules, state, action, passed)
        if own is None:
            continue  # it does nothing certain here
        if state.trigger != "after_attack_chosen" or not own:
            return None
        if not all(isinstance(e, ev.AttackPowerSet) for e in own):
            return None
        power = True
    if power:
        return (act.Pass(), ALREADY_DEFEATED) if _falls_anyway(game) else None
    return act.Pass(), NO_EFFECT


def _own_events(
    rules: Ruleset, state: GameState, use: act.Use, passed: Forecast
) -> list[ev.Event] | None:
    """Return the certain events the Response's own effects emit (the use and its payment
    aside), or None when its forecast but for those equals Pass's (`passed`)."""
    used = forecast(rules, state, use)
    rest = [e for e in used.events if not isinstance(e, _USE_ONLY)]
    same = (used.stops, used.unseen, rest) == (passed.stops, passed.unseen, list(passed.events))
    if same and used.after.then == passed.after.then:
        return None
    return [
        e
        for e, cause in zip(used.events, used.causes, strict=True)
        if cause is not None and cause.card == use.source and not isinstance(e, _USE_ONLY)
    ]


def does_nothing(rules: Ruleset, state: GameState, use: act.Use) -> bool:
    """Return whether a legal Response run by a handler would do nothing certain here (its
    forecast but for the use and its payment is Pass's): Plate Splitter against a
    monster that is not Armored. False for a Response without a handler."""
    if state.decision != DecisionKind.RESPONSE:
        return False
    abilities = [a for a in rules.card_abilities(use.source) if a.id == use.ability]
    if not abilities or not any(isinstance(e, Handler) for e in abilities[0].effects):
        return False
    if use not in legality.legal(Resolver(rules, state)):
        return False
    return _own_events(rules, state, use, forecast(rules, state, act.Pass())) is None


def _gains_nothing(r: Resolver, abilities: list[m.Ability]) -> bool:
    """Return whether every ability is free and only gains resources already at their caps
    (R-RES-2: the caps take the excess), so using any of them changes nothing."""
    caps = r.rules.settings.caps
    res = r.state.res
    for ability in abilities:
        if ability.cost or not ability.effects:
            return False
        for e in ability.effects:
            if not isinstance(e, m.Gain):
                return False
            for k, n in e.amounts.items():
                lost = k == "time" and not r.state.time_track  # no track: no time to gain
                if n > 0 and not lost and res.get(k, 0) < caps.get(k, 99):  # as payment.gain
                    return False
    return True


def _next_step(r: Resolver) -> str:
    """Return the name of the next flow step that acts, past the Response windows ("" when
    a card's effect comes first: something mandatory may still change things)."""
    for queued in reversed(r.state.then):
        if queued.effect is not None:
            return ""
        name = queued.step.partition(":")[0]
        if name not in _WINDOW_STEPS:
            return name
    return ""


def _reachable(r: Resolver, effects: list[m.Effect]) -> set[int]:
    """Return every final roll (after the bonus, clamped) these roll effects could lead to,
    used any number of times in any order, the roll now among them."""
    s = r.state
    shifts = {e.amount for e in effects if isinstance(e, m.ModifyRoll)}
    raws = {s.roll}
    if any(isinstance(e, m.Reroll) for e in effects):
        raws |= set(range(1, 7))
    for _ in range(_ROLL_SPAN):
        more = {x + a for x in raws for a in shifts if -_ROLL_SPAN <= x + a <= 6 + _ROLL_SPAN}
        if more <= raws:
            break
        raws |= more
    return {clamp_die(x + s.roll_bonus) for x in raws}


def _roll_cannot_change(r: Resolver, effects: list[m.Effect]) -> bool:
    """Return whether every roll these effects could lead to (any number of uses, any
    order) comes to the same row content as the roll now."""
    if r.state.monster is None:
        return False
    outcomes = {_row_outcome(r, roll) for roll in _reachable(r, effects)}
    return len(outcomes) == 1


def roll_cannot_help(r: Resolver, effects: list[m.Effect]) -> bool:
    """Return whether the monster's roll now comes to a row that does nothing (a MISS, or
    a row a Passive ignores) and every row these roll effects could lead to does nothing
    or only harms the player: using them can only do as well or worse."""
    s = r.state
    if s.monster is None or not s.roll or not effects:
        return False
    if not all(isinstance(e, _ROLL_EFFECTS) for e in effects):
        return False
    now = clamp_die(s.roll + s.roll_bonus)
    if not _does_nothing(r, now):
        return False
    return all(_does_nothing(r, x) or _only_harms(r, x) for x in _reachable(r, effects))


def _does_nothing(r: Resolver, roll: int) -> bool:
    assert r.state.monster is not None
    row = r.rules.monsters[r.state.monster.id].table[roll - 1]
    return not row.effects or r.ignores(row.result)


#: Row effects that can only cost the player (a loss, a guard, the monster's health back).
_HARMS = (m.Lose, m.Downgrade, m.MonsterGain, m.MonsterHeal, m.Defend)


def _only_harms(r: Resolver, roll: int) -> bool:
    """Return whether every effect of the row can only cost the player (a Reduce that
    gains something, a handler, a positive condition: not proved)."""
    assert r.state.monster is not None
    row = r.rules.monsters[r.state.monster.id].table[roll - 1]
    for e in row.effects:
        if isinstance(e, m.Reduce) and not e.gain:
            continue
        if isinstance(e, m.GainCondition | m.AddTokens):
            card = r.rules.conditions.get(e.condition)
            if card is not None and not card.positive:
                continue
            return False
        if not isinstance(e, _HARMS):
            return False
    return True


def _row_outcome(r: Resolver, roll: int) -> bytes:
    """Return what the monster's table row for a final roll does, as comparable bytes:
    rows with the same result and effects do the same; an ignored row does nothing."""
    s = r.state
    assert s.monster is not None
    row = r.rules.monsters[s.monster.id].table[roll - 1]
    if r.ignores(row.result):
        return b"ignored"
    return msgspec.json.encode(row)


def _falls_anyway(game: Game) -> bool:
    """Return whether passing lets the attack defeat the monster before any die is rolled
    (tried on a fork: the game itself is not touched)."""
    fork = game.fork()
    try:
        events = fork.apply(act.Pass())
    except Exception:  # a plugin's handler failed on the fork: nothing is proved
        return False
    for event in events:
        if isinstance(event, ev.DieRolled):
            return False
        if isinstance(event, ev.MonsterDefeated):
            return True
    return False
