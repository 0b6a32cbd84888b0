"""Paying: what a cost takes from the display, with effort substitution; gains and losses.

`can_pay` and `payment` read the state only; `spend`, `lose` and `gain` change
it through a Resolver's events.
"""

from __future__ import annotations

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.resolver import Death, Resolver
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState, copy_state

#: Why an action or ability cannot be taken now (see legality.options).
CANNOT_PAY = "cannot pay"
#: What effort substitution pays for (R-RES-3/4, R-RES-8).
_EFFORT_OR_TIME = frozenset({*m.EFFORT, "time"})
_EFFORT = m.EFFORT


def can_pay(state: GameState, amounts: dict[str, int]) -> bool:
    """Return whether a cost can be paid, with effort substitution (R-RES-3/4)."""
    res = state.res
    need_se = need_me = need_le = 0
    for k, n in amounts.items():
        if k == "se":
            need_se += n
        elif k == "me":
            need_me += n
        elif k == "le":
            need_le += n
        elif k == "time":
            if not state.time_track:
                need_se += n
            elif res.get("time", 0) < n:  # R-TRAVEL-9: time is paid in full
                return False
        elif res.get(k, 0) < n:
            return False
    se, me, le = res.get("se", 0), res.get("me", 0), res.get("le", 0)
    le -= need_le
    if le < 0:
        return False
    me -= need_me
    if me < 0:
        le += me
        me = 0
        if le < 0:
            return False
    se -= need_se
    if se < 0:
        short = -se
        take = min(me, short)
        short -= take
        return short <= le
    return True


def why_not_pay(state: GameState, amounts: dict[str, int]) -> str:
    """Return why a cost cannot be paid now ("needs 2 time, 1 left" when the time track
    is short, R-TRAVEL-9, with what else is short: "needs 2 time, 1 left; short of wood
    and metal", #28 round 26; else CANNOT_PAY), or "" when it can."""
    if can_pay(state, amounts):
        return ""
    time = time_short(state, amounts)
    if not time:
        return CANNOT_PAY
    others = {k: n for k, n in amounts.items() if k != "time"}
    short = [k for k, n in others.items() if k not in _EFFORT and state.res.get(k, 0) < n]
    if not can_pay(state, {k: n for k, n in others.items() if k in _EFFORT}):
        short.append(min((k for k in others if k in _EFFORT), key=_EFFORT.index))
    names = [m.RESOURCE_NAMES.get(k, k) for k in short]
    said = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)
    return f"{time}; short of {said}" if names else time


def time_short(state: GameState, amounts: dict[str, int]) -> str:
    """Return "needs N time, M left" when a cost asks more time than the track has
    (R-TRAVEL-9), else ""."""
    need = amounts.get("time", 0)
    left = state.res.get("time", 0)
    if state.time_track and need > left:
        return f"needs {need} time, {max(left, 0)} left"
    return ""


def payment(
    state: GameState, amounts: dict[str, int], *, loss: bool = False
) -> dict[str, int] | None:
    """Return what paying these amounts takes from the display, or None if unpayable.

    Other resources are paid in the order given: time in full for a cost
    (R-TRAVEL-9), and only down to 0 for a `loss` (R-RES-8); without the time
    track, time is paid as SE. Then SE, ME and LE, each from itself or a higher
    effort when it runs out (R-RES-3/4).
    """
    res = state.res
    paid: dict[str, int] = {}
    se = amounts.get("se", 0)
    me = amounts.get("me", 0)
    le = amounts.get("le", 0)
    for k, n in amounts.items():
        if n == 0 or k == "se" or k == "me" or k == "le":
            continue
        if k == "time":
            if not state.time_track:
                se += n
                continue
            if not loss and res.get("time", 0) < n:
                return None  # R-TRAVEL-9: a cost's time is paid in full
            n = min(n, res.get("time", 0))  # R-RES-8: a loss drops what is below 0
            if n:
                paid["time"] = n
            continue
        if res.get(k, 0) < n:
            return None
        paid[k] = n
    if se or me or le:
        have = [res.get("se", 0), res.get("me", 0), res.get("le", 0)]
        if se and not _substitute(paid, have, 0, se):
            return None
        if me and not _substitute(paid, have, 1, me):
            return None
        if le and not _substitute(paid, have, 2, le):
            return None
    return paid


def _substitute(paid: dict[str, int], have: list[int], first: int, n: int) -> bool:
    """Take `n` of effort `first` (0 SE, 1 ME, 2 LE) into `paid`: from itself, then from the
    higher ones when it runs out (R-RES-3/4); return False when they run out too."""
    for j in range(first, 3):
        take = min(have[j], n)
        if take:
            have[j] -= take
            key = _EFFORT[j]
            paid[key] = paid.get(key, 0) + take
            n -= take
            if not n:
                return True
    return n <= 0


def spend(r: Resolver, amounts: dict[str, int], source: str) -> None:
    """Pay a voluntary cost (already checked affordable)."""
    if not amounts:
        return
    paid = payment(r.state, amounts)
    if paid is None:
        raise AssertionError(f"unaffordable cost {amounts} from {source}")
    if paid:
        r.emit(ev.Spent(paid, source))


def lose(r: Resolver, amounts: dict[str, int], source: str, cause: str = "") -> bool:
    """Lose resources (mandatory); return False when a non-effort part was missing.

    Effort that cannot be paid even with substitution kills (R-RES-5).
    """
    res = r.state.res
    effort: dict[str, int] = {}
    other: dict[str, int] = {}
    ok = True
    for k, n in amounts.items():
        if k in _EFFORT_OR_TIME:
            effort[k] = n
        else:
            other[k] = n
            if res.get(k, 0) < n:
                ok = False
    paid = payment(r.state, effort, loss=True)
    if paid is None:
        raise Death(cause or r.rules.card_name(source), source)
    # When what is paid differs from what was asked (substitution, R-RES-4; time
    # without the track, R-RES-8), the event says what was asked too.
    # (paid holds effort and time only here, and no 0: what the payment took.)
    asked = {} if paid == effort else {k: n for k, n in effort.items() if n}
    if asked == paid:
        asked = {}
    if ok:  # R-RES-6: no partial loss of what is not held in full.
        for k, n in other.items():
            if n:
                paid[k] = n
    if paid:
        r.emit(ev.Lost(paid, source, asked))
    return ok


def gain(r: Resolver, amounts: dict[str, int], source: str) -> None:
    """Gain resources; the caps take the excess (R-RES-2)."""
    caps = r.rules.settings.caps
    s = r.state
    res = s.res
    got: dict[str, int] = {}
    capped: dict[str, int] = {}
    for k, n in amounts.items():
        if n <= 0:
            continue
        if k == "time" and not s.time_track:
            capped[k] = n
            continue
        room = max(caps.get(k, 99) - res.get(k, 0), 0)
        if n > room:
            capped[k] = n - room
        if min(n, room):
            got[k] = min(n, room)
    if got or capped:
        r.emit(ev.Gained(got, capped, source))


#: A payment of no use (`payment_wasted`): what is paid, what the caps leave of each gain
#: once paid for, and what the payment takes beyond the printed cost of the effort it is
#: made to gain or a dearer one.
Waste = tuple[dict[str, int], dict[str, int], dict[str, int]]


def payment_wasted(
    ruleset: Ruleset,
    state: GameState,
    cost: dict[str, int],
    gained: dict[str, int],
    converts: bool = True,
) -> Waste | None:
    """Return how paying `cost` to gain `gained` is of no use (`Waste`): substitution pays
    with the effort it gains or a dearer one, at least what it keeps (R-RES-4, R-RES-2;
    #28 rounds 18-19: Focus paid as 1 SE + 3 ME to gain 1 ME). Only for an option that
    `converts` (gains effort and nothing else); None where the payment is of use."""
    paid = payment(state, cost) if cost else None
    if not paid or paid == cost or not converts:
        return None
    if not all(k in m.EFFORT for k, n in gained.items() if n):
        return None
    # What the caps leave of each gain once paid for (R-RES-2): the room now, and what
    # the payment frees of the same effort.
    room = _room(ruleset, state, gained)
    kept = {k: min(n, room.get(k, 0) + paid.get(k, 0)) for k, n in gained.items()}
    back = wasted_conversion(paid, cost, gained, kept)
    return (paid, kept, back) if back else None


def _room(ruleset: Ruleset, state: GameState, gained: dict[str, int]) -> dict[str, int]:
    """Return what gaining `gained` now would add, the caps counted (R-RES-2)."""
    r = Resolver(ruleset, copy_state(state))
    before = len(r.emitted)
    gain(r, gained, "")
    found = [e for e in r.emitted[before:] if isinstance(e, ev.Gained)]
    return dict(found[0].amounts) if found else {}


def wasted_conversion(
    paid: dict[str, int], cost: dict[str, int], gained: dict[str, int], kept: dict[str, int]
) -> dict[str, int]:
    """Return what a payment takes, beyond the printed cost, of the effort it is made to
    gain or of a more valuable one, when that is at least what it keeps of the gain (3 ME
    when Focus is paid as 1 SE + 3 ME to gain 1 ME, 2 LE when paid as 2 SE + 2 LE: #28
    round 18, as Inspiration's "1 ME + 1 LE to gain 1 LE"), {} when it gains something net.

    By amounts (#28 round 19: Second Breath paid as 1 LE to gain 5 SE was marked no use):
    a unit of effort pays for a unit of any less valuable one (R-RES-4), so paying n of the
    same or a dearer effort to keep at most n is no use; `kept` is what the caps leave of
    each gain (R-RES-2: 5 SE at the cap keeps 0). Paying less than that is a trade."""
    ranks = {k: m.EFFORT.index(k) for k, n in gained.items() if k in m.EFFORT and n > 0}
    extra = {k: paid.get(k, 0) - cost.get(k, 0) for k in m.EFFORT}
    back = {
        k: n
        for k, n in extra.items()
        if n > 0 and m.EFFORT.index(k) >= min(ranks.values(), default=99)
    }
    if not back:
        return {}
    for k, rank in ranks.items():
        dearer = sum(n for j, n in back.items() if m.EFFORT.index(j) >= rank)
        if dearer < kept.get(k, 0):
            return {}  # it keeps more than it pays of this effort or a dearer one
    return back
