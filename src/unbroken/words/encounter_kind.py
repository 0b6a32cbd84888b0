"""An encounter card's kind as its bracket says it ("Sickly Berries (food, time 1)"): its
group when that is one of the base game's kinds, else the kind by what it gives (#28
round 30: Unearthed's cards read "Epitaph (unearthed, time 2)", their content's group
the expansion's name)."""

from __future__ import annotations

from unbroken.core import model as m
from unbroken.core.model import RESOURCE_NAMES

#: The kinds the base game groups its encounters by (content/base/encounters.toml): a
#: resource's, or what its effect gives.
ENCOUNTER_KINDS = frozenset({*RESOURCE_NAMES, "skill", "remedy", "weapon", "unusual"})
#: The kind of a card whose effect gives this, as the base game's cards of it are grouped.
BY_EFFECT: tuple[tuple[type[object], str], ...] = (
    (m.GainWeapon, "weapon"),
    (m.GainSkill, "skill"),
    (m.RemoveCondition, "remedy"),
)


def encounter_kind(card: m.Encounter) -> str:
    """Return the card's kind as its bracket says it ("food", "LE", "weapon"): its group
    when the base game has that kind; else by what it gives: a weapon, a skill, a remedy
    by its effect, one resource gained with no other effect by that resource, and
    "unusual" for the rest (two resources, a condition), as the base game's are."""
    kind = card.group if card.group in ENCOUNTER_KINDS else given_kind(card)
    return RESOURCE_NAMES.get(kind, kind)


def given_kind(card: m.Encounter) -> str:
    """Return the kind of a card by what it gives (`encounter_kind`)."""
    for effect in card.effects:
        for record, kind in BY_EFFECT:
            if isinstance(effect, record):
                return kind
    gained = [r for r, n in card.gain.items() if n > 0]
    return gained[0] if len(gained) == 1 and not card.effects else "unusual"
