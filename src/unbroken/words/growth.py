"""The rules that make the monster grow, named on the log's line ("The monster grows
(Paranoid: +2 health)").

A `MonsterChanged("gain")` event says what the monster has after growing, not
which rule made it grow: the condition held at the battle's start (Paranoid), the
monster's rolled row (a ROAR), or one of its own rules. `Growth` follows the
events that say which could act, and names them.
"""

from __future__ import annotations

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.ruleset import Ruleset
from unbroken.words.monster import danger_gains
from unbroken.words.opening import monster_abilities


def _grows(abilities: list[m.Ability], trigger: str = "") -> bool:
    """Return whether one of the abilities makes the monster grow (on `trigger`, if given)."""
    return any(
        any(isinstance(x, m.MonsterGain) for x in a.effects)
        for a in abilities
        if not trigger or a.trigger == trigger
    )


class Growth:
    """Follows the conditions held and the monster's rolled row, to name what grows it."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rules = ruleset
        #: The conditions in play: True when active (R-COND-1).
        self.held: dict[str, bool] = {}
        #: The monster's row being applied ("Wyvern's ROAR"), "" outside one.
        self.row = ""
        #: The rules still to act as the battle starts, in the order they act.
        self.opening: list[str] = []

    def see(self, e: ev.Event, monster: str) -> None:
        """Follow one event (before its line is said)."""
        if isinstance(e, ev.ConditionGained):
            self.held[e.condition] = e.active
        elif isinstance(e, ev.ConditionRemoved):
            self.held.pop(e.condition, None)
        elif isinstance(e, ev.ConditionsAdvanced):
            self.held = {c: True for c, active in self.held.items() if not active}
            self.held.update(dict.fromkeys(e.activated, True))
        elif isinstance(e, ev.CombatResult):
            sheet = self.rules.monsters.get(monster)
            row = sheet.table[e.roll - 1] if sheet is not None and 1 <= e.roll <= 6 else None
            grows = row is not None and any(isinstance(x, m.MonsterGain) for x in row.effects)
            self.row = f"{self.rules.card_name(monster)}'s {e.result}" if grows else ""
        elif isinstance(e, ev.TurnStarted | ev.RoundStarted):
            self.row, self.opening = "", []
        elif isinstance(e, ev.BattleStarted):
            self.row = ""
            # Mandatory Responses run monster first, then conditions in the order gained.
            mine = [
                a.name
                for a in monster_abilities(self.rules, monster)
                if _grows([a], "battle_start")
            ]
            self.opening = mine + [
                self.rules.card_name(c)
                for c, active in self.held.items()
                if active and _grows(self._abilities(c), "battle_start")
            ]

    def _abilities(self, condition: str) -> list[m.Ability]:
        card = self.rules.conditions.get(condition)
        return list(card.abilities) if card is not None else []

    def why(self, e: ev.MonsterChanged, armor: int, health: int, monster: str) -> str:
        """Return the rule behind a growth and what it gave, "(Paranoid: +2 health)", from
        the monster's `armor` and `health` before it; "" when no rule is known."""
        gave = danger_gains(m.DangerSpace("", max(0, e.armor - armor), max(0, e.health - health)))
        if self.row:
            name = self.row
        elif self.opening:
            name = self.opening.pop(0)
        else:  # a rule acting elsewhere: every one in play that could
            names = [a.name for a in monster_abilities(self.rules, monster) if _grows([a])]
            names += [
                self.rules.card_name(c)
                for c, active in self.held.items()
                if active and _grows(self._abilities(c))
            ]
            name = ", ".join(dict.fromkeys(names))
        return f" ({name}: {gave})" if name else f" ({gave})"
