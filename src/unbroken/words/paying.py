"""Paying in words: why a cost is paid otherwise than printed, and why it cannot be paid.

Effort substitution (R-RES-4) is forced, never chosen: when SE runs short, ME pays
the rest, then LE; when ME runs short, LE. The option lines, the dimmed reasons
and the log say so, so that "paid as 1 ME" or "cannot pay" is never a riddle
(#28 playtest round 3).
"""

from __future__ import annotations

from unbroken.core import model as m
from unbroken.core.query import Query
from unbroken.core.state import GameState
from unbroken.words.no_use import note_of
from unbroken.words.vocabulary import amounts


def _name(key: str) -> str:
    return m.RESOURCE_NAMES.get(key, key)


def substitution(asked: dict[str, int], paid: dict[str, int], track: bool = True) -> str:
    """Return why `paid` differs from `asked` in a few words ("short of SE, ME pays the
    rest", "no time track, time is paid in SE", "time stops at 0"; R-RES-4/7/8, whose ids
    a player does not know: #28 round 24), "" when it does not."""
    said = []
    if asked.get("time", 0) > paid.get("time", 0):
        if not track:
            said.append("no time track, time is paid in SE")
        else:
            said.append("time stops at 0")
    effort = list(m.EFFORT)
    for i, k in enumerate(effort[:-1]):
        need = asked.get(k, 0) + (asked.get("time", 0) if k == "se" and not track else 0)
        if need > paid.get(k, 0):
            higher = [_name(h) for h in effort[i + 1 :] if paid.get(h, 0) > asked.get(h, 0)]
            if higher:
                rest = ", then ".join(higher)
                # Where none of the asked effort pays, "the rest" is all of it (31a-10:
                # Brute Force at 0 ME read "short of ME, LE pays the rest" paid as 1 LE).
                share = "the rest" if paid.get(k, 0) else "it all"
                said.append(f"short of {_name(k)}, {rest} pays {share}")
            break
    return "; ".join(said)


def paid_note(
    state: GameState,
    query: Query,
    cost: dict[str, int],
    gained: dict[str, int],
    converts: bool = True,
) -> str:
    """Return an option line's note on how its cost is paid, "" when as printed: "(paid
    as 1 ME: short of SE)", or, when the substitution pays with what the option gains,
    "(no use now: needs 4 SE, you have 1, so ME pays the rest: 1 SE + 3 ME to gain 1 ME)". That is
    said only of an option that `converts` (gains effort and nothing else): an attack
    wounds, and a gain of more than effort (a reward's treasure) is of use (#28 round 9: a
    finishing blow read "no use now"). `paid_sentence` says it in full for the detail line."""
    why, note = _paid(state, query, cost, gained, converts)
    return note_of(why) or note


def paid_no_use(
    state: GameState,
    query: Query,
    cost: dict[str, int],
    gained: dict[str, int],
    converts: bool = True,
) -> str:
    """Return why an option is of no use by how its cost is paid, as `paid_note` says it
    ("needs 4 SE, you have 1, so ME pays the rest: 1 SE + 3 ME to gain 1 ME"); "" for none."""
    return _paid(state, query, cost, gained, converts)[0]


def _paid(
    state: GameState,
    query: Query,
    cost: dict[str, int],
    gained: dict[str, int],
    converts: bool,
) -> tuple[str, str]:
    """Return why the payment makes the option of no use ("" for none) and otherwise its
    note, for `paid_note` and `paid_no_use`."""
    paid = query.payment(cost) if cost else None
    if not paid or paid == cost:
        return "", ""
    # Whether it is of no use is the core's (R-RES-4, R-RES-2; 34b-6): what it keeps of
    # each gain once paid for, and what it takes back of the effort it gains.
    waste = query.payment_wasted(cost, gained, converts)
    kept, back = (waste[1], amounts(waste[2])) if waste is not None else ({}, "")
    why = substitution(cost, paid, state.time_track).partition(",")[0]
    if back:
        # What it keeps (round 19: "1 LE to gain 5 SE" at 19 SE read as a good trade).
        gets = amounts({k: n for k, n in kept.items() if k in m.EFFORT})
        if any(kept.get(k, 0) < n for k, n in gained.items() if k in m.EFFORT):
            some = any(kept.values())
            gets = f"{gets}, the cap takes the rest" if some else "nothing, at the cap"
        # All it takes, not only the part it gives back (round 11: with 3 SE, Focus read "it
        # pays 1 ME to gain 1 ME" and took the 3 SE too).
        # What is missing first, then what that makes it take (round 16: "short of ME, it
        # takes 1 ME + 1 LE to gain 1 LE" read slowly).
        why = shortfall(state, cost) or why or "paid otherwise"
        # Which effort pays what is short, said first (31a-8: at 80x24 the row read only
        # "(no use now)", and 1 ME against 2 ME read as "cannot pay"): the row keeps it
        # when the rest does not fit (tui.row_keeps.brief_reason: "LE pays the rest").
        pays = substitution(cost, paid, state.time_track).partition(", ")[2]
        return f"{why}, so {pays or 'it takes'}: {amounts(paid)} to gain {gets}", ""
    return "", f" (paid as {amounts(paid)}: {why})" if why else f" (paid as {amounts(paid)})"


def shortfall(state: GameState, cost: dict[str, int]) -> str:
    """Return the first effort a cost asks more of than is held, as "needs 2 ME, you have
    1" (time with no track counted as SE, R-RES-7), "" when every effort is held."""
    for k in m.EFFORT:
        need = cost.get(k, 0) + (cost.get("time", 0) if k == "se" and not state.time_track else 0)
        have = state.res.get(k, 0)
        if need > have:
            return f"needs {need} {_name(k)}, you have {have}"
    return ""


def paid_sentence(
    state: GameState,
    query: Query,
    cost: dict[str, int],
    gained: dict[str, int] | None = None,
    converts: bool = False,
) -> str:
    """Return how a cost is paid when not as printed, in full for the detail line: "Paid
    as 3 SE + 1 ME: short of SE, ME pays the rest." ("" when as printed). Where
    the option's line calls the payment no use (`paid_note` of `gained`, `converts`), the
    sentence gives that reason whole, the rule after it (#28 round 20: the line's "(no use
    now:…" was cut and the detail said only "Paid as 2 SE + 2 ME: …")."""
    paid = query.payment(cost) if cost else None
    if not paid or paid == cost:
        return ""
    why = substitution(cost, paid, state.time_track)
    reason = paid_no_use(state, query, cost, gained, converts) if gained is not None else ""
    if reason:
        return f"No use now: {reason}."
    return f"Paid as {amounts(paid)}" + (f": {why}." if why else ".")


def cannot_pay(state: GameState, cost: dict[str, int]) -> str:
    """Return why an effort cost cannot be paid while higher effort is held: "cannot pay
    4 SE: you have 3 ME, which pay only 3 SE" (ME and LE pay what SE lacks, R-RES-4: a player read a
    bare "cannot pay" at 0 SE and 3 ME as "attacks take SE only"); "" otherwise (a bare
    "cannot pay" says it: the cost is on the line, and nothing else could pay it)."""
    res = state.res
    effort = {k: n for k, n in cost.items() if k in m.EFFORT and n}
    if not state.time_track and cost.get("time"):
        effort["se"] = effort.get("se", 0) + cost["time"]
    others = {k: n for k, n in cost.items() if k not in m.EFFORT and k != "time"}
    if not effort or any(res.get(k, 0) < n for k, n in others.items()):
        return ""
    lowest = min(m.EFFORT.index(k) for k in effort)
    higher = {k: res.get(k, 0) for k in m.EFFORT[lowest + 1 :] if res.get(k, 0)}
    if not higher:
        return ""
    if len(effort) > 1:  # a cost of two efforts: what else could pay what it lacks
        return _cannot_pay_two(effort, res)
    # What it all pays, in the effort asked (#28 round 28: "cannot pay 2 ME even with your 1
    # LE" read as if LE could fund Inspiration's trade): "cannot pay 2 ME: you have 1 LE,
    # which pays only 1 ME".
    (kind,) = effort
    held = {k: res.get(k, 0) for k in m.EFFORT[lowest:] if res.get(k, 0)}
    total = sum(held.values())
    pays = f"{'pays' if total == 1 else 'pay'} only {amounts({kind: total})}"
    return f"cannot pay {amounts(effort)}: you have {amounts(held)}, which {pays}"


def _cannot_pay_two(effort: dict[str, int], res: dict[str, int]) -> str:
    """Return why a cost of two efforts cannot be paid, naming only held effort that could
    pay what it lacks, above the effort lacking (R-RES-4: higher pays lower, never lower
    higher; #28 round 30, 30a-5: "cannot pay 2 SE + 1 LE even with your 1 ME", but an ME
    never pays an LE): "cannot pay 2 SE + 1 LE: you have no LE"."""
    short = [k for k in m.EFFORT if res.get(k, 0) < effort.get(k, 0)]
    if not short:  # each effort pays itself: it can be paid
        return ""
    first = m.EFFORT.index(short[0])
    could = {k: res.get(k, 0) for k in m.EFFORT[first + 1 :] if res.get(k, 0)}
    if could:
        return f"cannot pay {amounts(effort)} even with your {amounts(could)}"
    have = res.get(short[0], 0)
    held = f"only {amounts({short[0]: have})}" if have else f"no {_name(short[0])}"
    return f"cannot pay {amounts(effort)}: you have {held}"
