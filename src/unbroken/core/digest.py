"""The content digest: the sha256 of the packs that recordings name as their `ruleset`."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

import msgspec

from unbroken.core.model import Pack

#: Fields added to the content schema's Structs after its digest was first pinned: while they
#: hold their default they are left out of the digest, so content that does not use
#: them keeps the digest (and the recordings) it had. {Struct name: {field: default}}.
LATER_FIELDS: dict[str, dict[str, Any]] = {
    "Pack": {"difficulties": [], "keywords": []},
    "Monster": {"keywords": []},
    "Difficulty": {"danger": [], "skip": []},
    "Ability": {"requires": None},
    "Character": {
        "weapon": "",
        "resources": {},
        "skills": [],
        "conditions": [],
        "ability_uses": 1,
        "setup": [],
    },
}

#: The Structs _digest_form walks: those with LATER_FIELDS and those that hold them.
WALKED = {*LATER_FIELDS, "Settings", "ClassCard", "Skill", "Condition", "Keyword"}


def _digest_form(value: Any) -> Any:
    """Return `value` as builtins for the digest, without LATER_FIELDS at their default.

    The Structs that gained fields, and those holding them, are walked here (their
    fields in order, as msgspec encodes them); everything else is msgspec's own
    builtins form.
    """
    if isinstance(value, (list, tuple)):
        return [_digest_form(item) for item in value]
    if isinstance(value, msgspec.Struct) and type(value).__name__ in WALKED:
        later = LATER_FIELDS.get(type(value).__name__, {})
        return {
            name: _digest_form(getattr(value, name))
            for name in value.__struct_fields__
            if not (name in later and getattr(value, name) == later[name])
        }
    return msgspec.to_builtins(value, order="deterministic")


def content_digest(packs: Iterable[Pack]) -> str:
    """Return the sha256 of the packs' content (what recordings name as `ruleset`)."""
    return hashlib.sha256(msgspec.json.encode(_digest_form(list(packs)))).hexdigest()
