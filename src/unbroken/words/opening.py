"""The monster's rules in the log: its abilities (with its keywords'), and those that act
as the battle starts named on the line of what they do ("Petrifying Gaze (at battle
start): you gain Paralyzed with 2 tokens now.", #28 playtest round 3: it read like an
ambush)."""

from __future__ import annotations

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.ruleset import Ruleset

#: The events each kind of effect a battle-start rule may have shows itself by.
_SHOWN_BY: dict[type, tuple[type, ...]] = {
    m.GainCondition: (ev.ConditionGained, ev.ConditionChanged),
    m.AddTokens: (ev.ConditionGained, ev.ConditionChanged),
    m.Downgrade: (ev.WeaponsSet, ev.WeaponSetAside),
    m.Lose: (ev.Lost,),
    m.MonsterGain: (ev.MonsterChanged,),
    m.MonsterHeal: (ev.MonsterChanged,),
    m.Defend: (ev.MonsterChanged,),
    m.MonsterAttack: (ev.DieRolled,),
}


def monster_abilities(ruleset: Ruleset, monster: str) -> list[m.Ability]:
    """Return a monster's abilities: its sheet's, then its keywords' (Relentless)."""
    sheet = ruleset.monsters.get(monster)
    if sheet is None:
        return []
    abilities = [*sheet.abilities]
    for kw in sheet.keywords:
        keyword = ruleset.keywords.get(kw)
        abilities += keyword.abilities if keyword is not None else []
    return abilities


def rule_shown(ruleset: Ruleset, monster: str, rule: str) -> str:
    """Return a monster's rule by the name every view gives it: a keyword's rule named
    as its keyword is the keyword's one name ("Armored (Gauntlet)" beside the base game's
    Armored condition, #28 item 6); any other rule by its own name."""
    sheet = ruleset.monsters.get(monster)
    for kw in sheet.keywords if sheet is not None else ():
        keyword = ruleset.keywords.get(kw)
        if keyword is not None and keyword.name == rule:
            return ruleset.card_name(kw)
    return rule


class BattleStartRules:
    """Names the monster's battle-start rules (mandatory Responses, R-EFFECT-2) on the
    first line of what each does, between the battle's start and its first round."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rules = ruleset
        #: The rules still to act: each name with the events that show it acting.
        self.waiting: list[tuple[str, tuple[type, ...]]] = []

    def note(self, e: ev.Event, line: str | None, monster: str) -> str | None:
        """Return the log's line of `e`, named after the rule that acts when it is one."""
        if isinstance(e, ev.BattleStarted):
            self.waiting = [
                (a.name, tuple(k for x in a.effects for k in _SHOWN_BY.get(type(x), ())))
                for a in monster_abilities(self.rules, monster)
                if a.type == "response" and a.trigger == "battle_start"
            ]
        elif isinstance(e, ev.RoundStarted):
            self.waiting = []
        if not line or not self.waiting or isinstance(e, ev.BattleStarted):
            return line
        name, shown_by = self.waiting[0]
        if shown_by and not isinstance(e, shown_by):
            return line
        self.waiting.pop(0)
        # "you gain …" goes on in lower case; a line opening with a card's name keeps it.
        said = f"y{line[1:]}" if line.startswith("You ") else line
        return f"{name} (at battle start): {said}"
