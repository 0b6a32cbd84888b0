"""An attack's power in words: each Passive that changed it with its own figure
("Weakened −1, Thick Hide −1"), never one total after several names, which read as the
last name's alone ("Weakened, Thick Hide −2", #28 playtest round 10).

The engine takes the order of Passives best for the player (R-EFFECT-3,
`core.combat.best_power`); this module replays that choice to say what each did. The
option lines (`words.forecast`) and the log (`words.events`) both say it from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.ruleset import Ruleset
from unbroken.words.opening import monster_abilities, rule_shown

#: The minus sign of a lowered number ("Armored −1").
MINUS = "−"


def signed(n: int) -> str:
    """Return a change as a player reads it: "+1", "−2"."""
    return f"+{n}" if n > 0 else f"{MINUS}{-n}"


def power_abilities(ruleset: Ruleset, card: str) -> list[m.Ability]:
    """Return the Passives printed on a card (a monster's keywords' too) that change a
    wounding attack's power."""
    printed = (
        monster_abilities(ruleset, card)
        if card in ruleset.monsters
        else ruleset.card_abilities(card)
    )
    return [
        a
        for a in printed
        if a.type == "passive" and any(isinstance(x, m.WoundPower) for x in a.modifiers)
    ]


def power_changes(
    printed: int, passives: Sequence[tuple[str, m.Ability]]
) -> tuple[int, list[tuple[str, int]]]:
    """Return the power a wounding attack of `printed` power comes to after the Passives
    (each named, with its ability) in the order the engine takes (the one leaving the
    most, the first such), and what each did: (name, its own change), in the order given,
    leaving out those that did not apply (Thick Hide to an attack above 4). A change is
    the Passive's printed amount even where the power stopped at 0."""
    mods = [
        (name, mod) for name, a in passives for mod in a.modifiers if isinstance(mod, m.WoundPower)
    ]
    best, applied = -1, dict[str, int]()
    for order in permutations(mods):
        p, done = printed, dict[str, int]()
        for name, mod in order:
            if mod.up_to == 0 or p <= mod.up_to:
                p = max(0, p + mod.amount)
                done[name] = done.get(name, 0) + mod.amount
        if p > best:
            best, applied = p, done
    names = dict.fromkeys(n for n, _ in passives)
    return max(best, printed if not mods else 0), [(n, applied[n]) for n in names if n in applied]


def power_reason(changes: Iterable[tuple[str, int]]) -> str:
    """Return the changes as a reason: "Weakened −1, Thick Hide −1" ("" for none)."""
    return ", ".join(f"{name} {signed(n)}" for name, n in changes if n)


class PowerSources:
    """Follows the cards in play whose Passives may change attack power (the skills kept,
    the active conditions), for the log's "Attack power is now 3 (Weakened −1, Thick Hide
    −1)"; the monster's rules are the Narrator's."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rules = ruleset
        self.cards: dict[str, None] = {}

    def see(self, e: ev.Event) -> None:
        """Note a card entering or leaving play."""
        if isinstance(e, ev.GameStarted):
            self.cards = {e.cls: None}
        elif isinstance(e, ev.SkillKept):
            self.cards[e.skill] = None
        elif isinstance(e, ev.ConditionGained) and e.active:
            self.cards[e.condition] = None
        elif isinstance(e, ev.ConditionRemoved):
            self.cards.pop(e.condition, None)
        elif isinstance(e, ev.ConditionsAdvanced):
            for c in e.discarded:
                self.cards.pop(c, None)
            self.cards.update(dict.fromkeys(e.activated))

    def reason(self, printed: int, power: int, monster: str) -> str:
        """Return each Passive's change to an attack of `printed` power that came to
        `power`, named: a monster's rule by its own name (Thick Hide), a player's card by
        the card's; "" when the cards followed do not come to `power` (a card put in play
        before the events said)."""
        passives = []
        for card in (*self.cards, monster):
            for a in power_abilities(self.rules, card) if card else ():
                # A keyword's rule by the keyword's one name: "Armored (Gauntlet)".
                monster_rule = card in self.rules.monsters
                name = (
                    rule_shown(self.rules, card, a.name)
                    if monster_rule
                    else self.rules.card_name(card)
                )
                passives.append((name, a))
        comes_to, changes = power_changes(printed, passives)
        return power_reason(changes) if comes_to == power else ""
