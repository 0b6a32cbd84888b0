"""Content packs: TOML files -> model Structs, with file:line errors for bad content."""

from __future__ import annotations

import difflib
import os
import re
import tomllib
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from unbroken.content_files import (
    Unreadable,
    check_depth,
    deep_line,
    nested_message,
    read_text,
    unprintable_message,
    unprintable_strings,
)
from unbroken.core import model
from unbroken.core.model import Pack, Settings

#: The table name in a TOML file -> the Struct of one card of that kind.
KINDS: dict[str, type[msgspec.Struct]] = model.CARD_KINDS


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


def parse_toml(text: str) -> dict[str, Any]:
    """Return a TOML document as a dict, from a cache of earlier parses when possible.

    Parsing the base pack's TOML is most of the game's start-up time; a parse is
    kept (as msgspec JSON, keyed by the text's sha256) in the user cache dir.
    A missing or unwritable cache only costs the parse.
    """
    import hashlib

    from unbroken.paths import cache_dir

    key = hashlib.sha256(text.encode("utf-8")).hexdigest()
    try:
        cached = cache_dir() / "toml" / f"{key}.json"
        return dict(msgspec.json.decode(cached.read_bytes()))
    except (OSError, msgspec.DecodeError, ValueError):
        pass
    data = tomllib.loads(text)
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(msgspec.json.encode(data))
        os.replace(tmp, cached)
    except (OSError, TypeError, UnboundLocalError):
        pass
    return data


def read_toml(path: Path) -> tuple[str, dict[str, Any]]:
    """Return a content file's text and its parse; raise Unreadable naming the line.

    The file is read within the limits of `unbroken.content_files` (a regular
    file, UTF-8, nested at most 64 deep), so no content file raises anything else.
    """
    text = read_text(path)
    try:
        data = parse_toml(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise Unreadable(int(m.group(1)) if m else 0, f"not valid TOML: {exc}") from None
    except RecursionError:  # nesting the checks before parsing could not see
        raise Unreadable(deep_line(text), nested_message()) from None
    check_depth(data, text)
    return text, data


def base_content_dir() -> Path:
    """Return the folder of the base pack: in the wheel, or in a source checkout."""
    # Beside the package in a wheel (no importlib.resources: it is slow to import).
    shipped = Path(__file__).resolve().parent / "content" / "base"
    if shipped.is_dir():
        return shipped
    return Path(__file__).resolve().parents[2] / "content" / "base"


def qualify(pack: str, ident: str) -> str:
    """Return `ident` namespaced to `pack` unless it already names a pack."""
    return ident if ":" in ident else f"{pack}:{ident}"


def _qualify_refs(pack: str, value: Any) -> Any:
    """Namespace every card reference inside effects and modifiers."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if key == "condition" and isinstance(item, str) and item:
                out[key] = qualify(pack, item)
            elif key == "choices" and isinstance(item, list):
                out[key] = [qualify(pack, w) if isinstance(w, str) else w for w in item]
            else:
                out[key] = _qualify_refs(pack, item)
        return out
    if isinstance(value, list):
        return [_qualify_refs(pack, item) for item in value]
    return value


#: A place in a TOML document: table keys and array indices from the top.
Place = tuple[str | int, ...]

#: How a problem names a card of each table ("class 'x:y'", as the ruleset does).
LABELS: dict[str, str] = {
    "classes": "class",
    "characters": "character",
    "weapons": "weapon",
    "monsters": "monster",
    "skills": "skill",
    "conditions": "condition",
    "encounters": "encounter",
}

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_SCALAR = re.compile(r"[^,\]}\n#]*")


class _TomlLines:
    """Walk a TOML text and note the line of every table, key and array element.

    tomllib gives no positions. The text has already parsed, so this walk only
    needs to follow the structure: `[table]` and `[[array.of.tables]]` headers
    (counting the elements of each array of tables), dotted and quoted keys,
    and values (strings of every kind, arrays and inline tables, over several
    lines too).
    """

    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0
        self.line = 1
        self.lines: dict[Place, int] = {}
        self.elements: dict[Place, int] = {}  # an array of tables -> its elements so far

    def walk(self) -> dict[Place, int]:
        table: Place = ()
        try:
            while True:
                self.skip(newlines=True)
                if self.i >= len(self.s):
                    break
                line = self.line
                if self.s.startswith("[[", self.i):
                    self.advance(2)
                    keys = self.key()
                    self.advance(2)
                    array = self.resolve(keys[:-1]) + (keys[-1],)
                    index = self.elements.get(array, 0)
                    self.elements[array] = index + 1
                    table = (*array, index)
                elif self.s.startswith("[", self.i):
                    self.advance(1)
                    table = self.resolve(self.key())
                    self.advance(1)
                else:
                    table_key = (*table, *self.key())
                    self.skip()
                    self.advance(1)  # =
                    self.note(table_key, line)
                    self.value(table_key)
                    continue
                self.note(table, line)
        except (ValueError, IndexError):  # not TOML after all: keep what was found
            pass
        return self.lines

    def note(self, place: Place, line: int) -> None:
        """Note `line` for `place` and for the tables it makes (`a.b.c = 1` makes a, a.b)."""
        for end in range(1, len(place) + 1):
            self.lines.setdefault(place[:end], line)

    def advance(self, n: int) -> None:
        self.line += self.s.count("\n", self.i, self.i + n)
        self.i += n

    def skip(self, newlines: bool = False) -> None:
        """Skip blanks and comments (and line ends, when `newlines`)."""
        while self.i < len(self.s):
            c = self.s[self.i]
            if c in " \t\r" or (newlines and c == "\n"):
                self.advance(1)
            elif c == "#":
                end = self.s.find("\n", self.i)
                self.i = len(self.s) if end < 0 else end
            else:
                break

    def resolve(self, keys: list[str]) -> Place:
        """Return the place a header names: through the last element of arrays of tables."""
        place: Place = ()
        for key in keys:
            place = (*place, key)
            if place in self.elements:
                place = (*place, self.elements[place] - 1)
        return place

    def key(self) -> list[str]:
        """Read a (dotted, maybe quoted) key and return its parts."""
        parts: list[str] = []
        while True:
            self.skip()
            start = self.i
            if self.s[self.i] in "\"'":
                self.string()
                raw = self.s[start : self.i]
                parts.append(tomllib.loads(f"k = {raw}")["k"])
            else:
                match = _BARE_KEY.match(self.s, self.i)
                if match is None:
                    raise ValueError(f"no key at line {self.line}")
                parts.append(match.group())
                self.i = match.end()
            self.skip()
            if self.s[self.i] != ".":
                return parts
            self.advance(1)

    def string(self) -> None:
        """Step over a string of any of TOML's four kinds."""
        quote = self.s[self.i]
        if self.s.startswith(quote * 3, self.i):
            end = self.i + 3
            while True:
                end = self.s.index(quote * 3, end)
                if quote == "'" or not _escaped(self.s, end):
                    break
                end += 1
            while self.s.startswith(quote, end + 3):  # up to two quotes may end the text
                end += 1
            self.advance(end + 3 - self.i)
            return
        end = self.i + 1
        while True:
            end = self.s.index(quote, end)
            if quote == "'" or not _escaped(self.s, end):
                break
            end += 1
        self.advance(end + 1 - self.i)

    def value(self, place: Place) -> None:
        """Step over one value, noting the lines of the elements and keys inside it."""
        self.skip()
        c = self.s[self.i]
        if c in "\"'":
            self.string()
        elif c == "[":
            self.advance(1)
            index = 0
            while True:
                self.skip(newlines=True)
                if self.s[self.i] == "]":
                    self.advance(1)
                    return
                self.lines.setdefault((*place, index), self.line)
                self.value((*place, index))
                index += 1
                self.skip(newlines=True)
                if self.s[self.i] == ",":
                    self.advance(1)
        elif c == "{":
            self.advance(1)
            while True:
                self.skip(newlines=True)
                if self.s[self.i] == "}":
                    self.advance(1)
                    return
                line = self.line
                inner = (*place, *self.key())
                self.skip()
                self.advance(1)  # =
                self.note(inner, line)
                self.value(inner)
                self.skip(newlines=True)
                if self.s[self.i] == ",":
                    self.advance(1)
        else:
            match = _SCALAR.match(self.s, self.i)
            assert match is not None  # the pattern matches the empty string
            if match.end() == self.i:
                raise ValueError(f"no value at line {self.line}")
            self.i = match.end()


def _escaped(text: str, at: int) -> bool:
    """Return whether the character at `at` follows an odd run of backslashes."""
    run = 0
    while at - run - 1 >= 0 and text[at - run - 1] == "\\":
        run += 1
    return run % 2 == 1


def toml_lines(text: str) -> dict[Place, int]:
    """Return the 1-based line of every table, key and array element in a TOML text.

    `("monsters", 0, "table", 4, "effects", 0, "amount")` is the line of that
    key in the first `[[monsters]]` table.
    """
    return _TomlLines(text).walk()


def line_of(lines: dict[Place, int], place: Place) -> int:
    """Return the line of `place`, or of the nearest enclosing place that has one."""
    while place:
        if place in lines:
            return lines[place]
        place = place[:-1]
    return 1


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


def _convert_problem(
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


def load_pack(folder: Path, name: str | None = None) -> Pack:
    """Load every *.toml under `folder` as one pack; raise ContentError listing problems."""
    pack, problems = read_pack(folder, name)
    if problems:
        raise ContentError("\n".join(str(p) for p in problems))
    assert pack is not None
    return pack


def read_pack(folder: Path, name: str | None = None) -> tuple[Pack | None, list[Problem]]:
    """Load a pack and return it with every problem found (the pack is None on errors)."""
    name = name or folder.name
    problems: list[Problem] = []
    cards: dict[str, list[Any]] = {k: [] for k in KINDS}
    settings: Settings | None = None
    seen: dict[str, str] = {}  # card id -> "file:line" of its first definition
    if not folder.exists():
        return None, [Problem(str(folder), 0, "content folder does not exist")]
    if not folder.is_dir():
        return None, [Problem(str(folder), 0, "content folder is a file, not a folder")]
    files = sorted(folder.rglob("*.toml"))
    if not files:
        problems.append(Problem(str(folder), 0, "no .toml files in the content folder"))
    for path in files:
        shown = str(path)
        try:
            text, data = read_toml(path)
        except Unreadable as exc:
            problems.append(Problem(shown, exc.line, exc.message))
            continue
        lines = toml_lines(text)

        def problem(place: Place, message: str, shown: str = shown, lines: Any = lines) -> Problem:
            return Problem(shown, line_of(lines, place), message)

        unsafe = [
            problem(at, unprintable_message(at, text)) for at, text in unprintable_strings(data)
        ]
        if unsafe:  # shown on a terminal, such text could act on it: refuse the file
            problems.extend(unsafe)
            continue

        for key, value in data.items():
            if key == "upgrades":  # upgrade edges onto other packs' weapons: read_upgrades
                continue
            if key == "settings":
                raw = dict(value) if isinstance(value, dict) else value
                try:
                    if isinstance(raw, dict) and isinstance(raw.get("starting_weapon"), str):
                        raw["starting_weapon"] = qualify(name, raw["starting_weapon"])
                    settings = msgspec.convert(raw, Settings)
                except msgspec.ValidationError as exc:
                    place, message = _convert_problem(exc, Settings, raw)
                    problems.append(problem(("settings", *place), f"settings: {message}"))
                continue
            kind = KINDS.get(key)
            if kind is None:
                problems.append(
                    problem(
                        (key,),
                        f"unknown table [[{key}]]; expected one of: settings, {', '.join(KINDS)}",
                    )
                )
                continue
            if not isinstance(value, list):
                problems.append(problem((key,), f"`{key}` must be written as [[{key}]] tables"))
                continue
            for index, raw in enumerate(value):
                at: Place = (key, index)
                local = raw.get("id") if isinstance(raw, dict) else None
                if not isinstance(local, str) or not local:
                    problems.append(problem(at, f"a [[{key}]] entry has no id"))
                    continue
                raw = _qualify_refs(name, dict(raw))
                raw["id"] = qualify(name, local)
                label = f"{LABELS[key]} {raw['id']!r}"
                if key == "characters" and isinstance(raw.get("cls"), str):
                    raw["cls"] = qualify(name, raw["cls"])
                if key == "weapons":
                    for up in raw.get("upgrades", []) or []:
                        if isinstance(up, dict) and isinstance(up.get("to"), str):
                            up["to"] = qualify(name, up["to"])
                try:
                    card = msgspec.convert(raw, kind)
                except msgspec.ValidationError as exc:
                    place, message = _convert_problem(exc, kind, raw)
                    problems.append(problem((*at, *place), f"{label}: {message}"))
                    continue
                if card.id in seen:  # type: ignore[attr-defined]
                    first = seen[card.id]  # type: ignore[attr-defined]
                    problems.append(
                        problem(
                            (*at, "id"),
                            f"duplicate id {card.id!r}; first defined at {first}",  # type: ignore[attr-defined]
                        )
                    )
                    continue
                seen[card.id] = f"{shown}:{line_of(lines, (*at, 'id'))}"  # type: ignore[attr-defined]
                problems.extend(problem((*at, *p), m) for p, m in _check_card(card, label))
                cards[key].append(card)
    if problems:
        return None, problems
    return Pack(name=name, settings=settings, **cards), []


@dataclass(frozen=True)
class UpgradeEdge:
    """One `[[upgrades]]` entry: `upgrade` added to the weapon `weapon`, and where it is written."""

    weapon: str
    upgrade: model.Upgrade
    file: str
    #: The lines of its `from` and `to` keys.
    from_line: int
    to_line: int


def read_upgrades(folder: Path, name: str | None = None) -> tuple[list[UpgradeEdge], list[Problem]]:
    """Return the pack's `[[upgrades]]` edges, each with its file:line, and any problems.

    An edge adds an upgrade to a weapon of this or an earlier pack:
    `[[upgrades]]` with `from` (the weapon, e.g. "base:crossbow"), `to` and `cost`.
    """
    name = name or folder.name
    edges: list[UpgradeEdge] = []
    problems: list[Problem] = []
    for path in sorted(folder.rglob("*.toml")) if folder.is_dir() else []:
        try:
            text, data = read_toml(path)
        except Unreadable:
            continue  # read_pack reports it
        upgrades = data.get("upgrades")
        if not isinstance(upgrades, list):
            continue
        lines = toml_lines(text)
        for index, raw in enumerate(upgrades):
            at: Place = ("upgrades", index)
            if not isinstance(raw, dict) or not isinstance(raw.get("from"), str):
                problems.append(
                    Problem(str(path), line_of(lines, at), "an [[upgrades]] entry has no `from`")
                )
                continue
            label = f"upgrade from {raw['from']!r}"
            item = {k: v for k, v in raw.items() if k != "from"}
            if isinstance(item.get("to"), str):
                item["to"] = qualify(name, item["to"])
            try:
                upgrade = msgspec.convert(item, model.Upgrade)
            except msgspec.ValidationError as exc:
                place, message = _convert_problem(exc, model.Upgrade, item, beside=["from"])
                problems.append(
                    Problem(str(path), line_of(lines, (*at, *place)), f"{label}: {message}")
                )
                continue
            found = _upgrade_problems(upgrade, label)
            if found:
                problems.extend(Problem(str(path), line_of(lines, (*at, *p)), m) for p, m in found)
                continue
            edges.append(
                UpgradeEdge(
                    qualify(name, raw["from"]),
                    upgrade,
                    str(path),
                    line_of(lines, (*at, "from")),
                    line_of(lines, (*at, "to")),
                )
            )
    return edges, problems


def missing_edge_weapons(edge: UpgradeEdge, pack: str, weapons: Collection[str]) -> list[Problem]:
    """Return a problem, at its line, for each end of pack `pack`'s edge not in `weapons`.

    Each names the nearest of `weapons` when one is close (`did_you_mean`).
    """
    out: list[Problem] = []
    if edge.weapon not in weapons:
        out.append(
            Problem(
                edge.file,
                edge.from_line,
                f"pack {pack!r} adds an upgrade to missing weapon {edge.weapon!r}"
                + did_you_mean(edge.weapon, weapons),
            )
        )
    if edge.upgrade.to not in weapons:
        out.append(
            Problem(
                edge.file,
                edge.to_line,
                f"pack {pack!r} adds an upgrade from {edge.weapon!r} "
                f"to missing weapon {edge.upgrade.to!r}" + did_you_mean(edge.upgrade.to, weapons),
            )
        )
    return out


class CardLines:
    """Where a pack's cards are written: each card's file and the line of every key in it.

    Built on toml_lines, for problems found after loading (a duplicate id across
    packs, a reference no pack defines) to be told at their file:line.
    """

    def __init__(self, folders: Iterable[Path], pack: str) -> None:
        self.folders = list(folders)
        self.pack = pack
        # card id ("" for the settings) -> (file, place of its table, lines of the file, raw table)
        self._cards: dict[str, tuple[str, Place, dict[Place, int], Any]] = {}
        for folder in self.folders:
            for path in sorted(folder.rglob("*.toml")) if folder.is_dir() else []:
                try:
                    text, data = read_toml(path)
                except Unreadable:
                    continue  # read_pack reports it
                lines = toml_lines(text)
                if isinstance(data.get("settings"), dict):
                    self._cards.setdefault("", (str(path), ("settings",), lines, data["settings"]))
                for key in KINDS:
                    table = data.get(key)
                    for index, raw in enumerate(table if isinstance(table, list) else []):
                        local = raw.get("id") if isinstance(raw, dict) else None
                        if isinstance(local, str) and local:
                            card = qualify(pack, local)  # written "hyena" or "base:hyena"
                            self._cards.setdefault(card, (str(path), (key, index), lines, raw))

    def where(self, card: str, names: str = "") -> tuple[str, int] | None:
        """Return (file, line) where `card` ("": the settings) names `names`, else of its id.

        None when the card is not one of this pack's.
        """
        found = self._cards.get(card)
        if found is None:
            return None
        path, at, lines, raw = found
        place = self._place_naming(raw, names) if names else None
        return path, line_of(lines, (*at, *(("id",) if place is None else place)))

    def _place_naming(self, value: Any, ident: str) -> Place | None:
        """Return the place of the first value inside `value` that names `ident`, local or not."""
        if isinstance(value, str):
            return () if ident in (value, qualify(self.pack, value)) else None
        if isinstance(value, dict):
            items: Iterable[tuple[str | int, Any]] = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            return None
        for key, item in items:
            if key in ("id", "text"):  # a card's or ability's own id, and prose
                continue
            found = self._place_naming(item, ident)
            if found is not None:
                return (key, *found)
        return None


def _upgrade_problems(upgrade: model.Upgrade, label: str) -> list[tuple[Place, str]]:
    """Return (place, message) for an upgrade's cost: known resources, and time (R-WEAPON-2)."""
    out = _amount_problems("cost", upgrade.cost, label)
    if upgrade.cost.get("time", 0) < 1:
        out.append(
            (("cost",), f"{label}: field `cost` has no `time`; crafting takes time (R-WEAPON-2)")
        )
    return out


def _amount_problems(field: str, value: dict[str, int], label: str) -> list[tuple[Place, str]]:
    """Return (place, message) for unknown resources and negative amounts in `value`."""
    out: list[tuple[Place, str]] = []
    for res, n in value.items():
        if res not in model.RESOURCES:
            out.append(((field, res), f"{label}: field `{field}` names unknown resource {res!r}"))
        elif n < 0:
            out.append(((field, res), f"{label}: field `{field}` has a negative amount"))
    return out


def _check_card(card: Any, label: str) -> list[tuple[Place, str]]:
    """Return (place in the card, message) for problems msgspec's types cannot catch."""
    out: list[tuple[Place, str]] = []

    def within(prefix: Place, found: list[tuple[Place, str]]) -> None:
        out.extend(((*prefix, *place), message) for place, message in found)

    for i, ability in enumerate(getattr(card, "abilities", [])):
        at: Place = ("abilities", i)
        if ability.type == "response" and ability.trigger not in model.TRIGGERS:
            out.append(
                (
                    (*at, "trigger"),
                    f"{label}: ability {ability.id!r} field `trigger` is {ability.trigger!r}; "
                    f"expected one of {', '.join(model.TRIGGERS)}",
                )
            )
        if ability.type == "action" and ability.timing not in model.ACTION_TIMINGS:
            out.append(
                (
                    (*at, "timing"),
                    f"{label}: ability {ability.id!r} field `timing` is {ability.timing!r}; "
                    f"expected travel, combat or general",
                )
            )
        within(at, _amount_problems("cost", ability.cost, label))
    if isinstance(card, model.Monster):
        if len(card.table) != 6:
            out.append(
                (("table",), f"{label}: field `table` has {len(card.table)} rows; expected 6")
            )
        if not 1 <= card.level <= 4:
            out.append((("level",), f"{label}: field `level` must be 1-4"))
        if card.number < 1:
            out.append((("number",), f"{label}: field `number` must be 1 or more"))
        for i, row in enumerate(card.table):
            if row.result not in model.RESULTS:
                out.append(
                    (
                        ("table", i, "result"),
                        f"{label}: unknown combat result {row.result!r}; "
                        f"expected one of {', '.join(model.RESULTS)}",
                    )
                )
    if isinstance(card, model.Encounter):
        out.extend(_amount_problems("spend", card.spend, label))
        out.extend(_amount_problems("gain", card.gain, label))
        if not 1 <= card.time <= 5:
            out.append((("time",), f"{label}: field `time` must be 1-5"))
    if isinstance(card, model.Weapon):
        for i, atk in enumerate(card.attacks):
            within(("attacks", i), _amount_problems("cost", atk.cost, label))
        for i, up in enumerate(card.upgrades):
            within(("upgrades", i), _upgrade_problems(up, label))
    return out
