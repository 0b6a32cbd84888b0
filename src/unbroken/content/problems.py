"""Problems with content: what they say, and msgspec's validation errors in our words."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import msgspec

from unbroken.content.lines import Place
from unbroken.content.tables import LABELS


class ContentError(Exception):
    """Content that cannot be loaded; the message names file, line, card and field."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a content file."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        # Line 0: the problem is the file or folder itself, not a line in it.
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.message}"


def error_place(message: str) -> Place:
    """Return the place (below the converted value) a msgspec ValidationError names.

    "Object contains unknown field `amonut` - at `$.table[4].effects[0]`" ->
    ("table", 4, "effects", 0, "amonut"); "Object contains unknown field
    `helth`" -> ("helth",). A dict value (`[...]`) ends the place.
    """
    place: list[str | int] = []
    at = re.search(r" - at `\$([^`]*)`", message)
    if at:
        for name, index in re.findall(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]", at.group(1)):
            if index == "...":
                return tuple(place)
            place.append(int(index) if index else name)
    unknown = re.match(r"Object contains unknown field `([^`]+)`", message)
    if unknown:
        place.append(unknown.group(1))
    return tuple(place)


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """Return ` (did you mean 'base:sneak'?)` for the ids of `known` closest to `name`, or "".

    Ids are matched on their local part, so a local `sneak` (read as
    `molehill:sneak`) finds `base:sneak`, and so do `base:sneek` and
    `molehill:sneek`. Of several ids with that local part, those of `name`'s
    own pack come first, then the base game's. Plain names (a table's keys)
    are matched whole.
    """
    namespace, _, local = name.rpartition(":")
    by_local: dict[str, list[str]] = {}
    for ident in sorted(set(known) - {name}):
        by_local.setdefault(ident.rpartition(":")[2], []).append(ident)
    close = difflib.get_close_matches(local, by_local, n=1)
    if not close:
        return ""

    def order(ident: str) -> tuple[bool, bool, str]:
        pack = ident.rpartition(":")[0]
        return pack != namespace, pack != "base", ident

    found = sorted(by_local[close[0]], key=order)[:3]
    return f" (did you mean {' or '.join(repr(i) for i in found)}?)"


def ids_of_kind_named(message: str, missing: str, tables: Mapping[str, Iterable[str]]) -> list[str]:
    """Return the ids of the kind a broken reference names: "missing class 'x'" -> the classes."""
    noun = re.search(rf"(\w+) {re.escape(repr(missing))}", message)
    kind = {label: kind for kind, label in LABELS.items()}.get(noun.group(1) if noun else "")
    return list(tables.get(kind or "", ()))


def _member(info: Any, value: Any) -> Any:
    """Return the struct of a union of structs that `value` is (by its tag), else `info`."""
    if not isinstance(info, msgspec.inspect.UnionType):
        return info
    members = [t for t in info.types if isinstance(t, msgspec.inspect.StructType)]
    if len(members) == 1:  # `Trickery | None`
        return members[0]
    tagged = value if isinstance(value, dict) else {}
    return next((t for t in members if t.tag_field and tagged.get(t.tag_field) == t.tag), None)


def _type_at(kind: type[Any], raw: Any, place: Place) -> tuple[Any, Any]:
    """Return the msgspec type info at `place` in `raw` read as `kind`, and the value there.

    A union of structs on the way is read as the member its tag names; (None,
    None) when the place is not in the type.
    """
    info: Any = msgspec.inspect.type_info(kind)
    value = raw
    for step in place:
        info = _member(info, value)
        if isinstance(step, int) and isinstance(info, msgspec.inspect.ListType):
            info = info.item_type
            value = value[step] if isinstance(value, list) and step < len(value) else None
        elif isinstance(step, str) and isinstance(info, msgspec.inspect.StructType):
            info = next((f.type for f in info.fields if f.encode_name == step), None)
            value = value.get(step) if isinstance(value, dict) else None
        else:
            return None, None
    return info, value


def _expected_values(kind: type[Any], raw: Any, place: Place) -> list[str]:
    """Return the values allowed at `place` in `raw` read as `kind`: tags or a Literal's."""
    if not place:
        return []
    outer, _ = _type_at(kind, raw, place[:-1])
    if isinstance(outer, msgspec.inspect.UnionType):
        members = [t for t in outer.types if isinstance(t, msgspec.inspect.StructType)]
        if place[-1] in {t.tag_field for t in members}:
            return [str(t.tag) for t in members]
    info, _ = _type_at(kind, raw, place)
    if isinstance(info, msgspec.inspect.LiteralType):
        return [str(v) for v in info.values]
    return []


def _keys_at(kind: type[Any], raw: Any, place: Place) -> list[str]:
    """Return the keys the table at `place` in `raw` read as `kind` may hold, in order."""
    info, value = _type_at(kind, raw, place)
    info = _member(info, value)
    if not isinstance(info, msgspec.inspect.StructType):
        return []
    tag = [info.tag_field] if info.tag_field else []
    return [*tag, *(f.encode_name for f in info.fields)]


def convert_problem(
    exc: msgspec.ValidationError, kind: type[Any], raw: Any, beside: Iterable[str] = ()
) -> tuple[Place, str]:
    """Return the place of a validation error and its message, with the valid values if few.

    An unknown key is told in our words, with the nearest valid key or else
    all of them; `beside` are keys the top table may hold that `kind` has not.
    """
    message = str(exc)
    place = error_place(message)
    unknown = re.match(r"Object contains unknown field `([^`]+)`(?: - at `\$\.?([^`]*)`)?", message)
    if unknown and place and place[-1] == unknown.group(1):
        key, at = unknown.groups()
        keys = _keys_at(kind, raw, place[:-1]) + ([] if at else list(beside))
        where = f" in {at}" if at else ""
        hint = did_you_mean(key, keys) or (f"; expected one of: {', '.join(keys)}" if keys else "")
        return place, f"unknown key {key!r}{where}{hint}"
    if re.match(r"Invalid (enum )?value ", message):
        expected = _expected_values(kind, raw, place)
        if expected:
            message += f"; expected one of {', '.join(expected)}"
    return place, message
