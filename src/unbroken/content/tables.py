"""The tables of a content file: the card kinds, how problems name them, ids and their pack."""

from __future__ import annotations

from typing import Any

import msgspec

from unbroken.core import model

#: The table name in a TOML file -> the Struct of one card of that kind.
KINDS: dict[str, type[msgspec.Struct]] = model.CARD_KINDS

#: How a problem names a card of each table ("class 'x:y'", as the ruleset does).
LABELS: dict[str, str] = {
    "classes": "class",
    "characters": "character",
    "weapons": "weapon",
    "monsters": "monster",
    "skills": "skill",
    "conditions": "condition",
    "encounters": "encounter",
    "difficulties": "difficulty",
    "keywords": "keyword",
}


def qualify(pack: str, ident: str) -> str:
    """Return `ident` namespaced to `pack` unless it already names a pack."""
    return ident if ":" in ident else f"{pack}:{ident}"


def qualify_refs(pack: str, value: Any) -> Any:
    """Namespace every card reference inside effects and modifiers."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if key == "condition" and isinstance(item, str) and item:
                out[key] = qualify(pack, item)
            elif key in ("choices", "keywords") and isinstance(item, list):
                out[key] = [qualify(pack, w) if isinstance(w, str) else w for w in item]
            elif key == "requires" and isinstance(item, dict):
                out[key] = {
                    k: [qualify(pack, c) if isinstance(c, str) else c for c in v]
                    if k in ("conditions", "without", "weapons") and isinstance(v, list)
                    else v
                    for k, v in item.items()
                }
            else:
                out[key] = qualify_refs(pack, item)
        return out
    if isinstance(value, list):
        return [qualify_refs(pack, item) for item in value]
    return value
