"""The note of an encounter that only removes a condition (Healing Herbs), split from
words/actions: no use without one, no use where each one in play has done all it will
this level (#28 round 22: an active Amnesia, its use already taken as the level began,
was not said "no use now"), or that it must remove one that helps you."""

from __future__ import annotations

from unbroken.core import model as m
from unbroken.core.query import Query, still_helps
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import ConditionState, GameState
from unbroken.words.no_use import note_of


def removal_note(card: m.Encounter, state: GameState, ruleset: Ruleset) -> str:
    """Return the note of an encounter that only removes conditions: no use without one
    (its cost is paid) or with only ones that have done all they will this level
    (`removal_no_use`), or that it must remove one that helps you; "" otherwise."""
    why = removal_no_use(card, state, ruleset)
    if why:
        return note_of(why)
    removes = card.effects and all(isinstance(e, m.RemoveCondition) for e in card.effects)
    held = state.conditions
    helps = [c for c in held if still_helps(ruleset, c)]
    if removes and held and helps and len(helps) == len(held):
        # It must remove one of them, and every one in play helps you (Armored); not an
        # active Blessed, whose use the level's start gave (#28 round 22).
        names = ", ".join(ruleset.card_name(c.id) for c in helps)
        which = "which helps" if len(helps) == 1 else "which all help"
        return f" (it would remove {names}, {which} you)"
    return ""


def removal_no_use(card: m.Encounter, state: GameState, ruleset: Ruleset) -> str:
    """Return why an encounter that only removes conditions is of no use: none in play
    (its cost is paid), or only ones that have done all they will this level (an active
    Amnesia or Blessed, their uses counted as the level began, R-ABILITY-1, and gone at
    its end, R-COND-1); "" otherwise. The core decides (`Query.removal_idle`, 34b-6)."""
    idle = Query(ruleset, state).removal_idle(card)
    if idle is None:
        return ""
    done, helps = idle
    if not done:
        return "no condition in play"
    one = len(done) == 1
    has, it = ("has", "it") if one else ("have", "they")
    said = f"{_and(done, ruleset)} {has} done all {it} will"
    if helps:  # it must remove one: Amnesia's removal is harmless, Armored's costs you
        help_ = "helps" if len(helps) == 1 else "help"
        return f"{said} this level, and {_and(helps, ruleset)} {help_} you"
    # The uses were counted as the level began; it leaves at the level's end.
    return f"{said}: the level's ability uses were counted as it began"


def _and(conditions: list[ConditionState], ruleset: Ruleset) -> str:
    return " and ".join(ruleset.card_name(c.id) for c in conditions)
