"""The note of an encounter that only removes a condition (Healing Herbs), split from
words/actions: no use without one, no use where each one in play has done all it will
this level (#28 round 22: an active Amnesia, its use already taken as the level began,
was not said "no use now"), or that it must remove one that helps you."""

from __future__ import annotations

from unbroken.core import model as m
from unbroken.core.query import acted_for_the_level, still_helps
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
    (its cost is paid), or only ones that have done all they will this level
    (`acted_for_the_level`: an active Amnesia or Blessed, their uses counted as the level
    began, R-ABILITY-1, and gone at its end, R-COND-1); "" otherwise."""
    removes = card.effects and all(isinstance(e, m.RemoveCondition) for e in card.effects)
    if not removes:
        return ""
    held = state.conditions
    if not card.gain and not held:
        return "no condition in play"
    done = [c for c in held if acted_for_the_level(ruleset, c)]
    helps = [c for c in held if still_helps(ruleset, c)]
    if held and len(done) + len(helps) < len(held):
        return ""  # one whose removal is of use
    if done and not card.gain:
        one = len(done) == 1
        has, it = ("has", "it") if one else ("have", "they")
        said = f"{_and(done, ruleset)} {has} done all {it} will"
        if helps:  # it must remove one: Amnesia's removal is harmless, Armored's costs you
            help_ = "helps" if len(helps) == 1 else "help"
            said += f" this level, and {_and(helps, ruleset)} {help_} you"
        else:  # the uses were counted as the level began; it leaves at the level's end
            said += ": the level's ability uses were counted as it began"
        return said
    return ""


def _and(conditions: list[ConditionState], ruleset: Ruleset) -> str:
    return " and ".join(ruleset.card_name(c.id) for c in conditions)
