"""Every decision a player can make, as a msgspec tagged union (tag field `type`).

Tags are explicit and stable: renaming a class must never break a saved game.
"""

from __future__ import annotations

from typing import Union

import msgspec


class ActionBase(msgspec.Struct, frozen=True, tag_field="type", omit_defaults=True):
    """Base of every action."""


class Focus(ActionBase, frozen=True, tag="focus"):
    """General action: spend 4 SE, gain 1 ME (R-TRAVEL-2)."""


class Inspiration(ActionBase, frozen=True, tag="inspiration"):
    """General action: spend 2 ME, gain 1 LE (R-TRAVEL-2)."""


class Plan(ActionBase, frozen=True, tag="plan"):
    """General action: spend 4 SE, gain 1 cunning (R-TRAVEL-2)."""


class Craft(ActionBase, frozen=True, tag="craft"):
    """General action: take an upgrade listed on the current weapon (R-WEAPON-3)."""

    weapon: str


class Downgrade(ActionBase, frozen=True, tag="downgrade"):
    """General action: return the current weapon to the supply (R-TRAVEL-2)."""


class Orienteer(ActionBase, frozen=True, tag="orienteer"):
    """Travel action: spend 1 SE, the next Exploration reveals 2 more cards."""


class Scout(ActionBase, frozen=True, tag="scout"):
    """Travel action: pay the level's cost and reveal the monster (R-TRAVEL-3)."""


class Use(ActionBase, frozen=True, tag="use"):
    """Use an ability printed on a card: an action, or an optional Response."""

    source: str
    ability: str


class Explore(ActionBase, frozen=True, tag="explore"):
    """Decision step: go to the Exploration step (R-TRAVEL-4)."""


class Fight(ActionBase, frozen=True, tag="fight"):
    """Decision step: fight now; Trickery step: fight rather than trick."""


class ChooseEncounter(ActionBase, frozen=True, tag="choose_encounter"):
    """Exploration: keep this revealed card, discard the others."""

    card: str


class Resolve(ActionBase, frozen=True, tag="resolve"):
    """Exploration: perform the kept card's exchange."""


class Rest(ActionBase, frozen=True, tag="rest"):
    """Exploration: gain SE equal to the kept card's time value."""


class Forfeit(ActionBase, frozen=True, tag="forfeit"):
    """Exploration: a committed card that cannot be paid gives nothing (R-TRAVEL-7)."""


class Trick(ActionBase, frozen=True, tag="trick"):
    """Trickery step: pay the trickery cost and skip the battle (R-COMBAT-2)."""


class Attack(ActionBase, frozen=True, tag="attack"):
    """Battle: attack with one option of the current weapon (R-BATTLE-3)."""

    attack: str


class Skip(ActionBase, frozen=True, tag="skip"):
    """Battle: skip the turn (R-BATTLE-2)."""


class Pass(ActionBase, frozen=True, tag="pass"):
    """Use no (more) Responses at this trigger."""


class PickRoll(ActionBase, frozen=True, tag="pick_roll"):
    """Keep one of the rolled results (I've Seen Worse)."""

    value: int


class PayInstead(ActionBase, frozen=True, tag="pay_instead"):
    """Pay the listed cost instead of rolling for a condition."""


class Roll(ActionBase, frozen=True, tag="roll"):
    """Roll the die (for a condition) rather than paying instead."""


class ChooseSkill(ActionBase, frozen=True, tag="choose_skill"):
    """Keep this skill of the ones drawn."""

    skill: str


class ChooseWeapon(ActionBase, frozen=True, tag="choose_weapon"):
    """Take this weapon of the ones offered."""

    weapon: str


class ChooseCondition(ActionBase, frozen=True, tag="choose_condition"):
    """Remove this condition."""

    condition: str


class Eat(ActionBase, frozen=True, tag="eat"):
    """Hunger step: eat this much food (R-HUNGER-2)."""

    food: int


Action = Union[
    Focus,
    Inspiration,
    Plan,
    Craft,
    Downgrade,
    Orienteer,
    Scout,
    Use,
    Explore,
    Fight,
    ChooseEncounter,
    Resolve,
    Rest,
    Forfeit,
    Trick,
    Attack,
    Skip,
    Pass,
    PickRoll,
    PayInstead,
    Roll,
    ChooseSkill,
    ChooseWeapon,
    ChooseCondition,
    Eat,
]
