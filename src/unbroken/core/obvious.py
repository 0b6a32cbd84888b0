"""Obvious Responses (R-DIGI-4's mirror): where the engine can prove using is never worse.

`obvious_answer` looks at the Response window waiting now and returns the Use to
take for the player when using it costs nothing that could be wanted later and
only gains; else None. It is the other side of `unbroken.core.pointless`: there
Pass is taken because using cannot help, here Use is taken because passing
cannot. Only what is certain counts, and every condition is checked, not assumed:

* **One Response on offer** (the window's answers are that Use and Pass): with two,
  the order they are used in is the player's choice (R-EFFECT-2) and can matter
  (a gain the cap takes before a payment).
* **At a trigger that fires once a level** (`ONCE`: battle start, the ambush, the
  monster defeated, the level's end), and not offered again at a window Pass's forecast
  passes: a gain passed now cannot be had later for more. When it is offered again
  (the window reopens after a monster's rule at the trigger, R-EFFECT-2: the Basilisk's
  Petrifying Gaze at battle start), using it there is played out for each window it
  comes back at before chance decides anything, and using it now must stop in the
  same state with each resource as much or more (#28 round 35: Daring was taken at a
  level-3 battle start and asked at the Basilisk's).
* **It costs nothing but, for a class ability, one of the level's ability uses**
  (R-ABILITY-1): no resource cost and no once-per-turn/battle/level limit.
* **That use cannot be wanted before the pool refills**: no other class ability of
  the player could spend one before the end of the level (`_later_spenders`): a
  Response whose trigger can still fire this level, an action while turns are still
  to come (`unbroken.core.to_come`, the one answer the words' "none left for Dodge"
  asks too). A skill's Response uses no pool.
* **It is a pure gain the caps do not fully take**: its effects are only gains of
  effort (SE, ME, LE), and the forecast of using it stops where Pass's does, in the
  same state but for those resources, each as much or more, one of them more, and
  the use itself. A gain the cap takes entirely is `pointless` (AT_CAP), not obvious.
"""

from __future__ import annotations

import msgspec

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import legality
from unbroken.core import model as m
from unbroken.core.forecast import DECISION, Forecast, forecast
from unbroken.core.pointless import Game, after_the_use
from unbroken.core.resolver import Resolver
from unbroken.core.responses import optional_responses
from unbroken.core.state import DecisionKind, GameState, copy_state
from unbroken.core.to_come import can_still_fire, turns_to_come

#: The resources whose gain is never worse to hold (R-RES-2 caps them; nothing asks for less).
GAINS = ("se", "me", "le")
#: Why a Use was taken for the player, by whether it spends a use of the pool.
NO_USE_SPENT = "it costs nothing, not even an ability use"
NO_OTHER_USE = "no other ability can use this level's uses"
#: The triggers that fire at most once a level, so a Response passed there is not offered
#: again later for more: battle start, the monster defeated, the level's end, and the
#: ambush (R-COMBAT-1: the Travel Phase ends with it; #28 round 20: Light Sleeper's free
#: +4 SE was asked at every ambush).
ONCE = frozenset({"battle_start", "ambush", "monster_defeated", "level_end"})
#: The events that only record a use (no payment: an obvious Use costs nothing).
_USE_ONLY = (ev.AbilityUsed,)


def obvious_answer(game: Game) -> tuple[act.Use, str] | None:
    """Return the Response to use for the player, and why, when using it is never worse
    than passing (see the module's conditions); else None."""
    d = game.decision
    if d is None or d.kind != DecisionKind.RESPONSE:
        return None
    legal = game.legal_actions()
    uses = [a for a in legal if isinstance(a, act.Use)]
    if len(uses) != 1 or len(legal) != 2 or act.Pass() not in legal:
        return None
    use = uses[0]
    r = Resolver(game.ruleset, game.state)
    trigger = r.state.trigger
    if trigger not in ONCE:
        return None
    offered = {(src, a.id): (a, kind) for src, a, kind in optional_responses(r, trigger)}
    found = offered.get((use.source, use.ability))
    if found is None:
        return None
    ability, kind = found
    if ability.cost or ability.limit or not _only_gains(ability):
        return None
    pooled = kind == "class"
    if pooled and _later_spenders(r, use):
        return None
    gained = _pure_gain(game, use)
    if not gained:
        return None
    what = ", ".join(f"+{n} {m.RESOURCE_NAMES.get(k, k)}" for k, n in gained.items())
    return use, f"{what}: {NO_OTHER_USE if pooled else NO_USE_SPENT}"


def _only_gains(ability: m.Ability) -> bool:
    """Return whether every effect of the ability only gains effort."""
    if not ability.effects:
        return False
    for e in ability.effects:
        if isinstance(e, m.GainLevel):
            if e.resource not in GAINS or e.times < 0:
                return False
        elif isinstance(e, m.Gain):
            if any(k not in GAINS or n < 0 for k, n in e.amounts.items()):
                return False
        else:
            return False
    return True


def _later_spenders(r: Resolver, use: act.Use) -> list[str]:
    """Return the player's other class abilities that could spend a use of the pool
    before it refills (their card/ability keys): a Response whose trigger can still fire
    this level, an action while turns are to come (R-LEVEL-1, `core.to_come`)."""
    out = []
    for source, ability, kind in r.hand().in_play:
        if kind != "class" or ability.type == "passive":
            continue
        if (source, ability.id) == (use.source, use.ability):
            continue
        if ability.type == "response":
            if not can_still_fire(r.rules, r.state, ability.trigger):
                continue
        elif not turns_to_come(r.state):
            continue
        out.append(f"{source}/{ability.id}")
    return out


def _pure_gain(game: Game, use: act.Use) -> dict[str, int]:
    """Return what using gains for certain when its forecast is Pass's but for the use and
    those gains (each resource as much or more, some more); else {}."""
    passed = forecast(game.ruleset, game.state, act.Pass(), name_passed=True)
    used = forecast(game.ruleset, game.state, use)
    if use in passed.passed and not _now_no_worse(game, use, used):
        return {}  # offered again further on: the player may want it then
    if (used.stops, used.unseen, used.pending) != (passed.stops, passed.unseen, passed.pending):
        return {}
    if used.stops == "failed":
        return {}
    return _gains_over(used, passed)


#: How many windows further on a Response offered again is followed (each one a forecast).
_AGAIN = 4


def _now_no_worse(game: Game, use: act.Use, used: Forecast) -> bool:
    """Return whether using now is never worse than passing and using it at any window
    further on where it is offered again before chance decides anything: each such use
    stops where using now does, in the same state, holding no resource more (R-EFFECT-2:
    the window reopens after a rule at its trigger acts, so Daring comes back after the
    Basilisk's Petrifying Gaze, with nothing between that a gain made sooner could lose)."""
    state = game.state
    for _ in range(_AGAIN):
        step = forecast(game.ruleset, state, act.Pass(), windows=0)
        if step.stops != DECISION or step.after.decision != DecisionKind.RESPONSE:
            return True  # no window further on before chance: none to use it at
        state = step.after
        if use not in legality.legal(Resolver(game.ruleset, state)):
            return True  # a window further on without it: no later use
        later = forecast(game.ruleset, state, use)
        if not _as_much_or_more(used, later):
            return False
    return False  # offered again more often than followed: not proved


def _as_much_or_more(now: Forecast, later: Forecast) -> bool:
    """Return whether `now` stops where `later` does, in the same state but for the queue
    written at a decision and the decisions counted, holding each resource as much or more."""
    if (now.stops, now.unseen, now.pending) != (later.stops, later.unseen, later.pending):
        return False
    if any(n < later.after.res.get(k, 0) for k, n in now.after.res.items()):
        return False
    if set(later.after.res) - set(now.after.res):
        return False
    return _but_bookkeeping(now.after) == _but_bookkeeping(later.after)


def _but_bookkeeping(state: GameState) -> bytes:
    """Return the state's encoding without its resources, queue and decisions counted."""
    kept = copy_state(state)
    kept.res, kept.then, kept.decisions = {}, [], 0
    return msgspec.json.encode(kept)


def _gains_over(used: Forecast, passed: Forecast) -> dict[str, int]:
    """Return the resources `used` holds more of than `passed`, when that and the use are
    all that differ between the states where they stop (else {})."""
    expected = after_the_use(used, passed, _USE_ONLY)
    more = {
        k: used.after.res.get(k, 0) - expected.res.get(k, 0)
        for k in sorted(set(used.after.res) | set(expected.res))
    }
    if any(n < 0 for n in more.values()) or any(k not in GAINS for k, n in more.items() if n):
        return {}
    expected.res = dict(used.after.res)
    if used.stops != DECISION:  # the queue is written only at a decision (`pending` was compared)
        expected.then = list(used.after.then)
    if msgspec.json.encode(expected) != msgspec.json.encode(used.after):
        return {}
    return {k: n for k, n in more.items() if n > 0}
