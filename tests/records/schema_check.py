"""A small JSON Schema checker for docs/records-schema.json (no dependency needed).

It knows the keywords that schema uses: type, const, enum, required,
properties, additionalProperties, items and local $ref.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SCHEMA_FILE = Path(__file__).parents[2] / "docs" / "records-schema.json"

TYPES: dict[str, Any] = {
    "object": dict,
    "array": list,
    "string": str,
    "integer": int,
    "boolean": bool,
    "null": type(None),
}


def schema() -> dict[str, Any]:
    return dict(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))


def problems(value: Any, rule: dict[str, Any], root: dict[str, Any], where: str = "$") -> list[str]:
    """Return what in `value` breaks `rule` (the JSON Schema keywords our schema uses)."""
    if "$ref" in rule:
        rule = root["$defs"][rule["$ref"].rsplit("/", 1)[-1]]
    found: list[str] = []
    if "type" in rule:
        names = rule["type"] if isinstance(rule["type"], list) else [rule["type"]]
        ok = any(
            isinstance(value, TYPES[n]) and not (n == "integer" and isinstance(value, bool))
            for n in names
        )
        if not ok:
            return [f"{where}: {value!r} is not {' or '.join(names)}"]
    if "const" in rule and value != rule["const"]:
        found.append(f"{where}: {value!r} is not {rule['const']!r}")
    if "enum" in rule and value not in rule["enum"]:
        found.append(f"{where}: {value!r} is not one of {rule['enum']}")
    if isinstance(value, dict):
        for key in rule.get("required", []):
            if key not in value:
                found.append(f"{where}: {key!r} is missing")
        properties = rule.get("properties", {})
        extra = rule.get("additionalProperties", True)
        for key, item in value.items():
            if key in properties:
                found += problems(item, properties[key], root, f"{where}.{key}")
            elif extra is False:
                found.append(f"{where}: {key!r} is not allowed")
            elif isinstance(extra, dict):
                found += problems(item, extra, root, f"{where}.{key}")
    if isinstance(value, list) and "items" in rule:
        for i, item in enumerate(value):
            found += problems(item, rule["items"], root, f"{where}[{i}]")
    return found


def validate(document: Any) -> list[str]:
    """Return every way the document breaks docs/records-schema.json (empty: it is valid)."""
    root = schema()
    return problems(document, root, root)
