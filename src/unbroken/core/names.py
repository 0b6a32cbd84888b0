"""Card names as every view shows them: the printed name, and the expansion beside it when
a card of another pack has the same name ("Armored (Gauntlet)", one name per card).

The functions take the ruleset's tables of cards (id -> card), in the order names are
looked up in (`Ruleset.card_name`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

Tables = Iterable[Mapping[str, Any]]


def pack_of(card_id: str) -> str:
    """Return the pack a card id is from ("unearthed" for "unearthed:scavenger")."""
    return card_id.split(":", 1)[0]


def name_clashes(tables: Tables) -> dict[str, list[str]]:
    """Return each expansion card whose printed name a card of another pack has too,
    with the ids of those cards (the base game's cards keep their plain names)."""
    by_name: dict[str, dict[str, None]] = {}
    for table in tables:
        for card_id, card in table.items():
            by_name.setdefault(str(card.name).casefold(), {})[card_id] = None
    return {
        i: [o for o in ids if pack_of(o) != pack_of(i)]
        for ids in by_name.values()
        if len({pack_of(x) for x in ids}) > 1
        for i in ids
        if pack_of(i) != "base"
    }


def shown_names(tables: Tables) -> dict[str, str]:
    """Return every card's name as shown: printed, with its expansion on a clash."""
    tables = list(tables)
    shown: dict[str, str] = {}
    for table in tables:
        for card_id, card in table.items():
            shown.setdefault(card_id, str(card.name))
    for clash in name_clashes(tables):
        shown[clash] = f"{shown[clash]} ({pack_of(clash).replace('-', ' ').title()})"
    return shown
