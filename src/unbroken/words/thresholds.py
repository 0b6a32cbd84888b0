"""A Response with a threshold in words: which amount it counts (#28 round 23).

Tough as Nails acts "when a WOUND result would cost you 3 or more effort"; it was offered
at the Vampire's "WOUND lose 2 SE (Armored −1)" and the player wondered whether 3 was
printed. The Passives that change a WOUND's loss act after the Responses (R-EFFECT-3), so
the threshold counts the loss before them (the pending loss, `Ability.min_loss` against
it: core/responses.py). Its option says so where a Passive changes the loss: "Tough as
Nails (once per battle; counts the 3 SE before Armored −1, needs 3 or more): …".
"""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.forecast import Acted, Forecast
from unbroken.core.query import Query
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.words.forecast import rule_name
from unbroken.words.power import MINUS, signed


def threshold_note(action: act.Action, state: GameState, ruleset: Ruleset) -> str:
    """Return the bracketed note of a Response whose threshold counts a WOUND's loss
    before the Passives that change it (" (counts the 3 SE before Armored −1, needs 3 or
    more)"), or "" where no Passive changes it (the numbers said are the ones counted)."""
    if not isinstance(action, act.Use) or not state.pending_loss:
        return ""
    ability = ruleset.ability(action.source, action.ability)
    if ability is None or not ability.min_loss:
        return ""
    query = Query(ruleset, state)
    after = query.loss_after_passives(state.pending_loss)
    if after == state.pending_loss:
        return ""
    why = ", ".join(rule_name(Acted(c, a), ruleset) for c, a in query.loss_passives())
    return (
        f" (counts the {state.pending_loss} SE before {why} {signed(after - state.pending_loss)},"
        f" needs {ability.min_loss} or more)"
    )


def lowered_note(action: act.Action, state: GameState, f: Forecast, ruleset: Ruleset) -> str:
    """Return the bracketed note of a Response that lowers a WOUND's loss where the Passives
    then change what it leaves: " (3 SE − 2 = 1, then Armored's minimum 1)" (#28 round 25:
    Warding Sign's "lose 2 less (it may drop to 0)" saved 1 SE with Armored, and nothing
    said why), " (4 SE − 2 = 2, then Armored −1)"; "" where no Passive changes it."""
    if not isinstance(action, act.Use) or not state.pending_loss:
        return ""
    lowered = next((e.amount for e in f.events if isinstance(e, ev.PendingLossSet)), None)
    if lowered is None or lowered >= state.pending_loss:
        return ""
    said, before = [], lowered
    for card, name, mod, after in Query(ruleset, state).loss_steps(lowered):
        rule = rule_name(Acted(card, name), ruleset)
        if after == before + mod.amount and after != before:
            said.append(f"{rule} {signed(mod.amount)}")
        elif after != before + mod.amount and before > 0:  # held at its minimum
            said.append(f"{rule}'s minimum {mod.minimum}")
        before = after
    if not said:
        return ""
    cut = f"{state.pending_loss} SE {MINUS} {state.pending_loss - lowered} = {lowered}"
    return f" ({cut}, then {', '.join(said)})"


def with_threshold(
    text: str, action: act.Action, state: GameState, ruleset: Ruleset, f: Forecast | None = None
) -> str:
    """Return a Response option's words with its `threshold_note` in the bracket of its
    name ("Tough as Nails (once per battle; counts the 3 SE …): Once per battle, …"), or
    where it has none, with its `f` (its forecast), its `lowered_note` ("Warding Sign [Sage]
    (pay 1 cunning, 1 ability use; 3 SE − 2 = 1, then Armored's minimum 1): …")."""
    note = threshold_note(action, state, ruleset)
    note = note or (lowered_note(action, state, f, ruleset) if f is not None else "")
    if not note:
        return text
    head, sep, tail = text.partition(": ")
    head = f"{head[:-1]}; {note[2:]}" if head.endswith(")") else head + note
    return f"{head}{sep}{tail}"
