"""The log's lines of the die result being resolved: set, re-rolled, kept, applied.

Kept apart from `words.event_lines` (its table takes these in, `ROLL_WORDS`). `Rerolls`
watches the events for the one decision the engine takes for the player by itself: a
re-roll that lets the player keep either result ("Keep which result?", Lucky Break)
and comes up the same asks nothing (`core.effects`), and the log says that choice was
taken for them as it says the session's ("Taken for you: Keep the 5 — both results are
the same.", #28 round 20: only "The roll is now 5 [Lucky]." was said).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.game import SAME_RESULT
from unbroken.core.ruleset import Ruleset
from unbroken.words.table import words_for

if TYPE_CHECKING:
    from unbroken.words.events import Narrator

#: The lines of the die result's events: fn(narrator, event) -> text, or None for none.
ROLL_WORDS: dict[type, Callable[[Narrator, Any], str | None]] = {}


class Rerolls:
    """What the log needs to know of the die result being resolved: its value before the
    latest change, and whether a change was a keep-either re-roll that came up the same."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rules = ruleset
        #: The result being resolved, as the last RollSet left it (0 before any).
        self.roll = 0
        #: The cards whose ability used in this decision re-rolls with a choice.
        self.choosing: set[str] = set()
        #: The die was just rolled again (a DieRolled for a re-roll, not yet set).
        self.rerolled = False
        #: The RollSet seen last kept the same result without asking (see the module).
        self.same = False

    def see(self, e: ev.Event) -> None:
        """Note what `e` changes (called before its line is said)."""
        if isinstance(e, ev.AbilityUsed):
            ability = self.rules.ability(e.source, e.ability)
            effects = ability.effects if ability is not None else ()
            if any(isinstance(x, m.Reroll) and x.choose for x in effects):
                self.choosing.add(e.source)
        elif isinstance(e, ev.DieRolled):
            self.rerolled = e.purpose == "reroll"
        elif isinstance(e, ev.RollSet):
            self.same = (
                self.rerolled and not e.rolls and e.why in self.choosing and e.value == self.roll
            )
            self.roll, self.rerolled = e.value, False
        elif isinstance(e, ev.Awaiting):
            self.choosing.clear()


@words_for(ROLL_WORDS, ev.RollSet)
def _roll_set(nr: Narrator, e: ev.RollSet) -> str | None:
    if e.rolls:
        return "Rolled again: keep " + " or ".join(str(r) for r in e.rolls) + "?"
    if e.why == "combat roll":
        return None
    if nr.rerolls.same:  # the choice asked nothing: said as one taken for the player
        return f"Taken for you: Keep the {e.value} [{nr.tag(e.why)}] — {SAME_RESULT}."
    if not 1 <= e.value <= 6:  # R-EFFECT-4 keeps the final result within 1-6
        return f"The roll is now {e.value}, kept within 1-6 [{nr.tag(e.why)}]."
    return f"The roll is now {e.value} [{nr.tag(e.why)}]."


@words_for(ROLL_WORDS, ev.RollBonusSet)
def _roll_bonus_set(_: Narrator, e: ev.RollBonusSet) -> str | None:
    # Said before the die shows: what it will add (#28 round 11).
    return f"The monster's roll will get +{e.bonus}." if e.bonus else None


@words_for(ROLL_WORDS, ev.CombatResult)
def _combat_result(_: Narrator, e: ev.CombatResult) -> str | None:
    if e.ignored:
        return f"{e.roll}: {e.result} - ignored."
    if e.rerolled:
        return f"{e.roll}: {e.result} - you already have that condition; re-roll."
    return f"The monster's action ({e.roll}): {e.result}."
