"""Pointless decisions (R-DIGI-4): where the engine can prove passing is never worse.

`pointless_answer` looks at the decision waiting now and returns the answer that
spends nothing when every other answer only spends something (money, a use, a
once-per-battle Response) for no effect on the game; else None. Only what is
certain counts: a die not yet rolled is never guessed at.

The cases, each proved from the rules rather than guessed:

* **A Response to the monster's roll** (Dodge, Sidestep, Lucky Break, I've Seen
  Worse) when every result it could lead to, used any number of times and in any
  mix, comes to the same table row as now (or to rows with the same effects, or
  rows doing nothing: `unbroken.core.cannot_help`), and nothing mandatory waits
  between the window and the row being applied.
* **A Response that adds attack power** (Power Through) when the attack already
  defeats the monster, with no die rolled before it falls (found on a fork).
* **A Response to the monster's roll when the monster missed**: the row now does
  nothing, and every row the Response could lead to does nothing or only harms the
  player here (a loss, a negative condition, a guard, a heal; a trade whose loss is
  not held counts as its fallback, one whose gain the cap takes all of as a loss):
  a re-roll or a shift can only do as well or worse (#28 rounds 4 and 5: I've Seen
  Worse and Lucky Break after the Shaman's MISS with no LE held).
* **A Response to the monster's roll whose rows are no better by their effects**: the
  same effects with losses as large or larger, or more that only harm (the Wyvern's
  lose 3 SE lowered to its lose 4 SE, WORSE); a row whose effects do nothing here (a
  HEAL at full health) counts as a miss (IDLE). Both from `cannot_help`.
* **A Response to the monster's roll that can only lead to rows no better**: each
  mix of the Responses on offer (each used at most once per trigger, R-EFFECT-2) is
  paid for on a copy, and every other row it reaches is played out by the forecast
  (`unbroken.core.roll_rows`) and found no better than the row now.
* **Keeping one of two die results** that come to the same row content.
* **A turn that can only be skipped.**
* **A free Response that only gains what is at its cap** (Grave Sense's cunning
  at 7/7): the cap takes all of it (R-RES-2), so using it changes nothing.
* **Any Response that would do nothing here**, whatever its window (Plate
  Splitter's +2 power against a monster that is not Armored, Snare against no
  armor): its forecast, but for the use and its payment, equals Pass's (the events,
  or the state where it stops). When what it does is only attack power, the
  attack-power case above applies to it too.
* **A Response that only breaks armor where armor stops no wound**: a lasting Passive
  makes every wounding weapon attack ignore armor (Weak Spot) and no ability in play
  wounds but past it (`cannot_help`'s ARMOR_IGNORED): armor kept only keeps the
  armor-breaking attacks open, so Snare there only spends its 2 SE and a use.

Every Response window goes through `_useless_response`: each Response on offer is
sorted by what it does, and the window is pointless only when every one of them is
(`pointless_use` asks it of one Response alone). A use is noted in the window-again
step queued after it (R-EFFECT-2); that note is part of the use, as its payment is.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Protocol

import msgspec

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import legality
from unbroken.core import model as m
from unbroken.core.cannot_help import (
    ARMOR_IGNORED,
    ROLL_EFFECTS,
    cannot_help,
    missed,
    reachable,
    row_outcome,
)
from unbroken.core.cannot_help import IDLE as IDLE  # re-exported: the reasons
from unbroken.core.cannot_help import MISSED as MISSED
from unbroken.core.cannot_help import SAME_ROW as SAME_ROW
from unbroken.core.cannot_help import WORSE as WORSE
from unbroken.core.combat import clamp_die
from unbroken.core.forecast import Forecast, forecast
from unbroken.core.reducer import apply_event
from unbroken.core.resolver import Resolver
from unbroken.core.responses import optional_responses
from unbroken.core.roll_rows import rows_no_better
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState, Queued, copy_state


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
ALREADY_DEFEATED = "the attack already defeats the monster"
SAME_RESULT = "both results are the same"
ONLY_SKIP = "you can only skip this turn"
AT_CAP = "what it would gain is at its cap"
NO_EFFECT = "it would do nothing here"
NO_BETTER = "every result it could lead to is no better than this one"
ARMOR_NO_USE = "breaking armor changes none of your wounds"

#: The flow steps that may sit above the one a window leads to without acting.
_WINDOW_STEPS = ("window", "window.close", "window.again", "rewindow")


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


def pointless_use(game: Game, use: act.Use) -> str:
    """Return why the Response `use` alone is pointless now (the window's case with only
    it and Pass on offer: it would do nothing, the roll comes to the same row, …), or ""
    when it might matter. A window is passed for the player only where every Response
    in it is (`pointless_answer`)."""
    if game.decision is None or game.decision.kind != DecisionKind.RESPONSE:
        return ""
    if use not in game.legal_actions():
        return ""
    found = _useless_response(game, Resolver(game.ruleset, game.state), [use, act.Pass()])
    return found[1] if found is not None else ""


def _same_results(r: Resolver, legal: list[act.Action]) -> tuple[act.Action, str] | None:
    """Keep the first die result when every one kept comes to the same row content."""
    picks = [a for a in legal if isinstance(a, act.PickRoll)]
    if len(picks) != len(legal) or r.state.monster is None:
        return None
    bonus = r.state.roll_bonus
    outcomes = {row_outcome(r, clamp_die(a.value + bonus)) for a in picks}
    return (picks[0], SAME_RESULT) if len(outcomes) == 1 else None


def _useless_response(
    game: Game, r: Resolver, legal: list[act.Action]
) -> tuple[act.Action, str] | None:
    """Pass when no Response on offer can change anything for the better: each one is
    sorted by what it does (see the module's cases), and the window is pointless when
    every one is proved useless here, alone or together with the others."""
    if any(not isinstance(a, (act.Use, act.Pass)) for a in legal):
        return None
    offered = {(src, a.id): a for src, a, _ in optional_responses(r, r.state.trigger)}
    uses = [a for a in legal if isinstance(a, act.Use)]
    if not uses or any((a.source, a.ability) not in offered for a in uses):
        return None
    rolls: list[tuple[str, m.Ability]] = []  # the Responses that only change the die
    power = False  # some Response only adds attack power
    why = NO_EFFECT
    passed: Forecast | None = None
    for use in uses:
        ability = offered[(use.source, use.ability)]
        effects = list(ability.effects)
        if effects and all(isinstance(e, ROLL_EFFECTS) for e in effects):
            rolls.append((use.source, ability))
            continue
        if _gains_nothing(r, [ability]):
            why = AT_CAP
            continue
        if effects and cannot_help(r.rules, r.state, effects) == ARMOR_IGNORED:
            why = ARMOR_NO_USE  # Snare with Weak Spot (#28 round 26)
            continue
        if passed is None:
            passed = forecast(game.ruleset, game.state, act.Pass())
        own = _own_events(game.ruleset, game.state, use, passed)
        if own is None:
            continue  # it does nothing certain here (power a wound cap takes, too)
        if effects and all(isinstance(e, m.AttackPower) for e in effects):
            power = True
        elif own and all(isinstance(e, ev.AttackPowerSet) for e in own):
            power = True  # a handler's Response that only adds attack power
        else:
            return None
    if rolls:
        found = _roll_window(r, rolls)
        if found is None:
            return None
        why = found
    if power:
        if r.state.trigger != "after_attack_chosen" or not _falls_anyway(game):
            return None
        why = ALREADY_DEFEATED
    return act.Pass(), why


def _roll_window(r: Resolver, rolls: list[tuple[str, m.Ability]]) -> str | None:
    """Return why Responses that only change the monster's roll (each used at most once at
    this trigger, R-EFFECT-2, in any mix) cannot help now: the row stays the same, or the
    monster missed and every other row only harms, or every other row they lead to
    leaves the player no better off once they are paid for; None when they might help."""
    if r.state.trigger != "after_monster_roll" or _next_step(r) != "monster.resolve":
        return None
    effects = [e for _, ability in rolls for e in ability.effects]
    why = cannot_help(r.rules, r.state, effects)  # SAME_ROW, MISSED, IDLE, WORSE or ""
    if why:
        return why
    mixes = []  # every mix of them, with the rolls it could lead to
    for k in range(1, len(rolls) + 1):
        for mix in itertools.combinations(rolls, k):
            effects = [e for _, ability in mix for e in ability.effects]
            mixes.append((mix, reachable(r, effects, bounded=True)))
    return NO_BETTER if rows_no_better(r, mixes) else None


#: Events a Response's use emits whatever its effects do (the use and its payment).
_USE_ONLY = (ev.AbilityUsed, ev.Spent)


def _own_events(
    rules: Ruleset, state: GameState, use: act.Use, passed: Forecast
) -> list[ev.Event] | None:
    """Return the certain events the Response's own effects emit (the use and its payment
    aside), or None when its forecast but for those equals Pass's (`passed`)."""
    used = forecast(rules, state, use)
    rest = [e for e in used.events if not isinstance(e, _USE_ONLY)]
    where = (used.stops, used.unseen, _but_the_use(used.pending, used)) == (
        passed.stops,
        passed.unseen,
        passed.pending,
    )
    same = where and rest == list(passed.events)
    if same and _but_the_use(used.after.then, used) == tuple(passed.after.then):
        return None
    if where and _same_but_the_use(used, passed):
        return None
    return [
        e
        for e, cause in zip(used.events, used.causes, strict=True)
        if cause is not None and cause.card == use.source and not isinstance(e, _USE_ONLY)
    ]


def after_the_use(
    used: Forecast, passed: Forecast, only: tuple[type, ...] = _USE_ONLY
) -> GameState:
    """Return the state Pass's forecast stops at with only the use added (the events of
    `used` of the kinds `only`: the use and its payment), its use counters as they stand
    after it: what a Response whose effects did nothing would leave (obvious.py too)."""
    expected = copy_state(passed.after)
    for e in used.events:
        if isinstance(e, only):
            apply_event(expected, e)
    expected.decisions = used.after.decisions  # a window passed once more on the way
    for kept in ("used", "used_turn", "used_battle", "used_level"):  # the use, as it stands
        setattr(expected, kept, getattr(used.after, kept))
    if _but_the_use(used.after.then, used) == tuple(passed.after.then):
        expected.then = list(used.after.then)  # the window again, noting the use
    return expected


def _but_the_use(then: Sequence[Queued], used: Forecast) -> tuple[Queued, ...]:
    """Return the queued steps `then` with the Responses `used` used dropped from the
    window-again steps' lists of the Responses used (R-EFFECT-2): the note of the use,
    which Pass's queue lacks (#28 round 17: Snare against the Gutter Wolf's 0 armor)."""
    keys = {f"{e.source}/{e.ability}" for e in used.events if isinstance(e, ev.AbilityUsed)}
    if not keys:
        return tuple(then)
    out = []
    for queued in then:
        name, colon, arg = queued.step.partition(":")
        trigger, bar, listed = arg.partition("|")
        if name == "window.again" and colon and bar:
            left = ",".join(k for k in listed.split(",") if k and k not in keys)
            queued = msgspec.structs.replace(queued, step=f"{name}:{trigger}|{left}")
        out.append(queued)
    return tuple(out)


def _same_but_the_use(used: Forecast, passed: Forecast) -> bool:
    """Return whether the state a Response's forecast stops at is Pass's with only the use
    and its payment added (its effects changed nothing: Warding Sign on a loss already 0)."""
    expected = after_the_use(used, passed)
    return msgspec.json.encode(expected) == msgspec.json.encode(used.after)


def does_nothing(rules: Ruleset, state: GameState, use: act.Use) -> bool:
    """Return whether a legal Response would do nothing certain here (its forecast but for
    the use and its payment is Pass's): Plate Splitter against a monster that is not
    Armored, Snare against one with no armor left."""
    if state.decision != DecisionKind.RESPONSE:
        return False
    if rules.ability(use.source, use.ability) is None:
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
            if isinstance(e, m.GainLevel):  # Rush of Blood: the level's worth
                amounts = {e.resource: e.times * r.state.level}
            elif isinstance(e, m.Gain):
                amounts = dict(e.amounts)
            else:
                return False
            for k, n in amounts.items():
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


def roll_cannot_help(r: Resolver, effects: list[m.Effect], bounded: bool = False) -> bool:
    """Return whether the monster's roll now comes to a row that does nothing (a MISS, or
    a row a Passive ignores) and every row these roll effects could lead to does nothing
    or only harms the player: using them can only do as well or worse (the MISSED case
    of `unbroken.core.cannot_help`, at the monster's roll's window)."""
    if r.state.trigger != "after_monster_roll":
        return False
    return missed(r, effects, bounded)


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
