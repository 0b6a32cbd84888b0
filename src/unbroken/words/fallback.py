"""Fallbacks said as fallbacks: a monster row's "lose 1 ME, gain 2 SE (lose 2 SE if
unable)" taken as its fallback reads "You lose 2 SE [Wight] (unable to lose 1 ME: lose 2
SE instead)." (R-RES-6), not a bare "You lose 2 SE" (#28 playtest round 8).

The events say only what was lost; which of the row's effects took it is read from the
row of the last combat result, heard until the next turn, round, attack or step begins.
"""

from __future__ import annotations

from collections.abc import Sequence

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.ruleset import Ruleset
from unbroken.words.vocabulary import amounts

#: Events after which a loss is no longer the last combat result's row's doing.
_ROW_OVER = (ev.TurnStarted, ev.RoundStarted, ev.AttackChosen, ev.StepEntered)


def _asked(values: dict[str, int]) -> dict[str, int]:
    return {k: n for k, n in values.items() if n}


def fallback_note(effects: Sequence[m.Effect], lost: ev.Lost) -> str:
    """Return " (unable to lose 1 ME: lose 2 SE instead)" when `lost` is what the fallback
    (`alt`) of one of `effects` asks and not what that effect itself asks, else ""."""
    took = _asked(lost.asked or lost.amounts)
    for effect in effects:
        if isinstance(effect, m.Lose):
            first = _asked(effect.amounts)
        elif isinstance(effect, m.Reduce):
            first = _asked(effect.lose)
        else:
            continue
        for alt in effect.alt:
            if isinstance(alt, m.Lose) and _asked(alt.amounts) == took != first:
                return f" (unable to lose {amounts(first)}: lose {amounts(took)} instead)"
    return ""


class Fallbacks:
    """Hears the events to say which monster losses were a row's fallback."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rules = ruleset
        #: The effects of the row the last combat result applied ([] once it is over).
        self.row: list[m.Effect] = []

    def note(self, e: ev.Event, line: str | None, monster: str) -> str | None:
        """Return the event's `line`, with the fallback said on a loss that was one."""
        sheet = self.rules.monsters.get(monster)
        if isinstance(e, ev.CombatResult):
            applied = sheet and not (e.ignored or e.rerolled) and 1 <= e.roll <= len(sheet.table)
            self.row = list(sheet.table[e.roll - 1].effects) if sheet and applied else []
        elif isinstance(e, _ROW_OVER):
            self.row = []
        elif isinstance(e, ev.Lost) and line and e.source == monster and self.row:
            said = fallback_note(self.row, e)
            if said and line.endswith("."):
                return f"{line[:-1]}{said}."
        return line
