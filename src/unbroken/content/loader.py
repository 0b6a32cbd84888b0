"""Content packs: TOML files -> model Structs, with file:line errors for bad content."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from unbroken.content.checks import check_card, upgrade_problems
from unbroken.content.files import Unreadable, read_toml, unprintable_message, unprintable_strings
from unbroken.content.lines import Place, line_of, toml_lines
from unbroken.content.problems import ContentError, Problem, convert_problem, did_you_mean
from unbroken.content.tables import KINDS, LABELS, qualify, qualify_refs
from unbroken.core import model
from unbroken.core.model import Pack, Settings
from unbroken.words.printable import printable


def base_content_dir() -> Path:
    """Return the folder of the base pack: in the wheel, or in a source checkout."""
    # unbroken/data/base in a wheel (no importlib.resources: it is slow to import);
    # not unbroken/content/, which is this package.
    shipped = Path(__file__).resolve().parents[1] / "data" / "base"
    if shipped.is_dir():
        return shipped
    return Path(__file__).resolve().parents[3] / "content" / "base"


def load_pack(folder: Path, name: str | None = None) -> Pack:
    """Load every *.toml under `folder` as one pack; raise ContentError listing problems."""
    pack, problems = read_pack(folder, name)
    if problems:
        raise ContentError("\n".join(str(p) for p in problems))
    assert pack is not None
    return pack


#: What a card id may be: letters, digits, `-` and `_` (at most 64), after an optional
#: `pack:` — ids name files (recordings) and show on terminals, so nothing else.
SAFE_ID = re.compile(r"(?:[A-Za-z0-9][A-Za-z0-9_-]{0,63}:)?[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def unsafe_id_message(key: str, ident: str) -> str:
    """Return the problem of a card id outside the safe alphabet, with how to fix it."""
    suggestion = re.sub(r"[^a-z0-9]+", "-", ident.lower()).strip("-")[:64] or "my-card"
    return (
        f"a [[{key}]] id {printable(ident)!r} is not allowed: an id is letters, digits, "
        f"'-' and '_' (at most 64), like {suggestion!r}"
    )


def read_pack(folder: Path, name: str | None = None) -> tuple[Pack | None, list[Problem]]:
    """Load a pack and return it with every problem found (the pack is None on errors)."""
    if not folder.exists():
        return None, [Problem(str(folder), 0, "content folder does not exist")]
    if not folder.is_dir():
        return None, [Problem(str(folder), 0, "content folder is a file, not a folder")]
    reading = _PackReading(name or folder.name)
    files = sorted(folder.rglob("*.toml"))
    if not files:
        reading.problems.append(Problem(str(folder), 0, "no .toml files in the content folder"))
    for path in files:
        reading.read_file(path)
    if reading.problems:
        return None, reading.problems
    return Pack(name=reading.name, settings=reading.settings, **reading.cards), []


class _PackReading:
    """One pack being read, file by file: its cards, its settings, the problems found."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.problems: list[Problem] = []
        self.cards: dict[str, list[Any]] = {k: [] for k in KINDS}
        self.settings: Settings | None = None
        self.seen: dict[str, str] = {}  # card id -> "file:line" of its first definition

    def read_file(self, path: Path) -> None:
        """Read one TOML file of the pack: its settings and its tables of cards."""
        shown = str(path)
        try:
            text, data = read_toml(path)
        except Unreadable as exc:
            self.problems.append(Problem(shown, exc.line, exc.message))
            return
        where = _Where(shown, toml_lines(text))
        unsafe = [
            where.at(at, unprintable_message(at, text)) for at, text in unprintable_strings(data)
        ]
        if unsafe:  # shown on a terminal, such text could act on it: refuse the file
            self.problems.extend(unsafe)
            return
        for key, value in data.items():
            if key == "upgrades":  # upgrade edges onto other packs' weapons: read_upgrades
                continue
            if key == "settings":
                self._read_settings(value, where)
                continue
            kind = KINDS.get(key)
            if kind is None:
                self.problems.append(
                    where.at(
                        (key,),
                        f"unknown table [[{key}]]; expected one of: settings, {', '.join(KINDS)}",
                    )
                )
                continue
            if not isinstance(value, list):
                self.problems.append(
                    where.at((key,), f"`{key}` must be written as [[{key}]] tables")
                )
                continue
            for index, raw in enumerate(value):
                self._read_card(key, kind, index, raw, where)

    def _read_settings(self, value: Any, where: _Where) -> None:
        raw = dict(value) if isinstance(value, dict) else value
        try:
            if isinstance(raw, dict) and isinstance(raw.get("starting_weapon"), str):
                raw["starting_weapon"] = qualify(self.name, raw["starting_weapon"])
            self.settings = msgspec.convert(raw, Settings)
        except msgspec.ValidationError as exc:
            place, message = convert_problem(exc, Settings, raw)
            self.problems.append(where.at(("settings", *place), f"settings: {message}"))

    def _read_card(self, key: str, kind: type[Any], index: int, raw: Any, where: _Where) -> None:
        """Read entry `index` of a `[[key]]` table as a card of `kind`, or say what is wrong."""
        at: Place = (key, index)
        local = raw.get("id") if isinstance(raw, dict) else None
        if not isinstance(local, str) or not local:
            self.problems.append(where.at(at, f"a [[{key}]] entry has no id"))
            return
        if not SAFE_ID.fullmatch(local):
            self.problems.append(where.at((*at, "id"), unsafe_id_message(key, local)))
            return
        raw = _qualified(self.name, key, local, raw)
        label = f"{LABELS[key]} {raw['id']!r}"
        try:
            card = msgspec.convert(raw, kind)
        except msgspec.ValidationError as exc:
            place, message = convert_problem(exc, kind, raw)
            self.problems.append(where.at((*at, *place), f"{label}: {message}"))
            return
        if card.id in self.seen:
            first = self.seen[card.id]
            self.problems.append(
                where.at((*at, "id"), f"duplicate id {card.id!r}; first defined at {first}")
            )
            return
        self.seen[card.id] = f"{where.file}:{line_of(where.lines, (*at, 'id'))}"
        self.problems.extend(where.at((*at, *p), m) for p, m in check_card(card, label))
        self.cards[key].append(card)


@dataclass(frozen=True)
class _Where:
    """A file of the pack as its problems name it, and the lines its places are on."""

    file: str
    lines: dict[Place, int]

    def at(self, place: Place, message: str) -> Problem:
        """Return the problem `message` at `place` of this file."""
        return Problem(self.file, line_of(self.lines, place), message)


def _qualified(pack: str, key: str, local: str, raw: dict[str, Any]) -> dict[str, Any]:
    """Return a `[[key]]` entry with its id and the ids it names qualified by `pack`."""
    raw = qualify_refs(pack, dict(raw))
    raw["id"] = qualify(pack, local)
    if key == "characters":
        for ref in ("cls", "weapon"):
            if isinstance(raw.get(ref), str) and raw[ref]:
                raw[ref] = qualify(pack, raw[ref])
        for refs in ("skills", "conditions"):
            if isinstance(raw.get(refs), list):
                raw[refs] = [qualify(pack, c) if isinstance(c, str) else c for c in raw[refs]]
    if key == "weapons":
        for up in raw.get("upgrades", []) or []:
            if isinstance(up, dict) and isinstance(up.get("to"), str):
                up["to"] = qualify(pack, up["to"])
    return raw


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
                place, message = convert_problem(exc, model.Upgrade, item, beside=["from"])
                problems.append(
                    Problem(str(path), line_of(lines, (*at, *place)), f"{label}: {message}")
                )
                continue
            found = upgrade_problems(upgrade, label)
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
