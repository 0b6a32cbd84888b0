"""Rows of the monster's table compared: is another row no better for the player?

`rows_no_better` answers it for the Responses that only change the monster's roll
(Dodge, Sidestep, I've Seen Worse, Lucky Break), R-DIGI-4: each row they could lead
to is played out on a copy of the state with them paid for first, by the same code
`Game.apply` runs (the forecast), every answer tried at the Response windows it opens,
and compared with the row now played out with its windows passed. "No better" means
nothing the player holds is more, the monster is no weaker, no good condition is
gained and no bad one lost, and the rest of the state is the same. A row that rolls
the die again, or that takes more windows than a few, is not proved.
"""

from __future__ import annotations

import msgspec

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import legality, payment
from unbroken.core import model as m
from unbroken.core.combat import clamp_die
from unbroken.core.forecast import CHANCE, DECISION, OVER, Forecast, forecast
from unbroken.core.resolver import Resolver
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import ConditionState, DecisionKind, GameState, copy_state

#: Responses used together: each as (card id, ability).
Mix = tuple[tuple[str, m.Ability], ...]


def rows_no_better(r: Resolver, mixes: list[tuple[Mix, set[int]]]) -> bool:
    """Return whether, for every mix of Responses to the monster's roll (with the final
    rolls it could lead to), every other row leaves the player no better off than the
    row now, each played out from this state with the mix paid for (the row now's
    Responses passed: using them could only make it better; every answer tried at the
    windows another row opens)."""
    s = r.state
    now_roll = clamp_die(s.roll + s.roll_bonus)
    now = _row_forecast(r, now_roll)
    if now is None:
        return False
    point = (now.stops, now.unseen)
    for mix, rolls in mixes:
        paid = _paid_for(r, mix)
        if paid is None:
            continue  # the mix cannot be paid for together: not an answer
        for roll in rolls - {now_roll}:
            others = _row_outcomes(r, paid, roll)
            if others is None:
                return False
            for where, other in others:
                if other.outcome is not None and not other.outcome.won:
                    continue  # lost: never better
                if where != point or not _no_better(r, other, now.after):
                    return False
    return True


def _paid_for(r: Resolver, mix: Mix) -> GameState | None:
    """Return a copy of the state with the Responses of `mix` paid for (their costs, with
    effort substitution, and the level's ability uses of the class ones); None when
    they cannot all be paid."""
    paid = copy_state(r.state)
    for source, ability in mix:
        took = payment.payment(paid, dict(ability.cost)) if ability.cost else {}
        if took is None or (source in r.rules.classes and paid.ability_uses < 1):
            return None
        for k, n in took.items():
            paid.res[k] = paid.res.get(k, 0) - n
        if source in r.rules.classes:
            paid.ability_uses -= 1
    return paid


def _row_forecast(r: Resolver, roll: int) -> Forecast | None:
    """Return the forecast of passing when the monster's roll comes to `roll` (None when
    it stops before the row is played out)."""
    state = copy_state(r.state)
    state.roll, state.roll_bonus = roll, 0
    f = forecast(r.rules, state, act.Pass())
    return f if _played_out(f) else None


def _played_out(f: Forecast) -> bool:
    """Return whether a forecast stops past the row: at a decision that is not a Response
    window, at the end, or at a die rolled once the next turn has begun (Paralyzed's
    check: the same die whichever row came)."""
    if f.stops == OVER or (f.stops == DECISION and f.after.decision != DecisionKind.RESPONSE):
        return True
    return f.stops == CHANCE and any(isinstance(e, ev.TurnStarted) for e in f.events)


#: Where a row's play stops ((stops, unseen): compared rows must stop at the same point),
#: and the state there.
Outcome = tuple[tuple[str, str], GameState]


def _row_outcomes(r: Resolver, paid: GameState, roll: int) -> list[Outcome] | None:
    """Return where the monster's roll coming to `roll` in `paid` may lead, past the row,
    one for every way of answering the windows on the way (None when chance or a
    failure comes first, or too many windows)."""
    state = copy_state(paid)
    state.roll, state.roll_bonus = roll, 0
    return _answered(r.rules, state, act.Pass(), _WINDOWS_DEEP)


#: How many Response windows in a row `_row_outcomes` answers every way (then: not proved).
_WINDOWS_DEEP = 3


def _answered(
    rules: Ruleset, state: GameState, action: act.Action, deep: int
) -> list[Outcome] | None:
    f = forecast(rules, state, action, windows=0)
    if _played_out(f):
        return [((f.stops, f.unseen), f.after)]
    if f.stops != DECISION or deep <= 0:
        return None
    out: list[Outcome] = []
    for answer in legality.legal(Resolver(rules, f.after)):
        found = _answered(rules, f.after, answer, deep - 1)
        if found is None:
            return None
        out.extend(found)
    return out


def _no_shorter(bad: ConditionState, now: ConditionState) -> bool:
    """Return whether a bad condition is held at least as long and as strong as now."""
    same = msgspec.structs.replace(bad, tokens=now.tokens, rounds=now.rounds) == now
    return same and bad.tokens >= now.tokens and bad.rounds >= now.rounds


#: The state's fields that must be the same for two rows to be compared by their numbers.
_SAME_FIELDS: tuple[str, ...] = ("level", "phase", "step", "decision", "weapons", "skills")
_SAME_FIELDS += ("extra_turns", "skip_turn", "attack", "attack_power", "pending_loss", "turn")


def _no_better(r: Resolver, other: GameState, now: GameState) -> bool:
    """Return whether `other` is no better for the player than `now`: not alive where it
    died, no resource or ability use more, the monster no weaker, no good condition more
    and no bad one fewer, and the rest the same."""
    if now.outcome is not None:
        return other.outcome is not None and other.outcome.won == now.outcome.won
    if other.outcome is not None:
        return not other.outcome.won
    if any(getattr(other, f) != getattr(now, f) for f in _SAME_FIELDS):
        return False
    if any(n > now.res.get(k, 0) for k, n in other.res.items()):
        return False
    if other.ability_uses > now.ability_uses or other.time_track != now.time_track:
        return False
    mo, mn = other.monster, now.monster
    if mo is None or mn is None:
        return mo == mn
    if (mo.health, mo.armor, mo.defend) < (mn.health, mn.armor, mn.defend):
        return False
    if (mo.max_health, mo.max_armor) < (mn.max_health, mn.max_armor):
        return False
    theirs = {c.id: c for c in other.conditions}
    mine = {c.id: c for c in now.conditions}
    for cid in theirs.keys() | mine.keys():
        card = r.rules.conditions.get(cid)
        if theirs.get(cid) == mine.get(cid):
            continue
        if card is None or card.positive or cid not in theirs:
            return False  # a good one changed, or a bad one gone
        if cid in mine and not _no_shorter(theirs[cid], mine[cid]):
            return False
    return True
