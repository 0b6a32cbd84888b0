"""Content packs: TOML files -> model Structs, with file:line errors for bad content."""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from unbroken.core import model
from unbroken.core.model import Pack, Settings

#: The table name in a TOML file -> the Struct of one card of that kind.
KINDS: dict[str, type[msgspec.Struct]] = {
    "classes": model.ClassCard,
    "characters": model.Character,
    "weapons": model.Weapon,
    "monsters": model.Monster,
    "skills": model.Skill,
    "conditions": model.Condition,
    "encounters": model.Encounter,
}


class ContentError(Exception):
    """Content that cannot be loaded; the message names file, line, card and field."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a content file."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


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


def _field_line(text: str, card_id: str | None, path: str) -> int:
    """Best-effort line of `path` (a msgspec error path) inside the card `card_id`."""
    lines = text.splitlines()
    start = 0
    if card_id:
        pat = re.compile(r"^\s*id\s*=\s*[\"']" + re.escape(card_id) + r"[\"']")
        for i, line in enumerate(lines):
            if pat.match(line):
                start = i
                break
    names = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", path)
    if names:
        field = names[-1]
        fpat = re.compile(r"^\s*(\[\[?[^\]]*\.)?" + re.escape(field) + r"\b")
        for i in range(start, len(lines)):
            if fpat.match(lines[i]) or re.search(r"[{,]\s*" + re.escape(field) + r"\s*=", lines[i]):
                return i + 1
    return start + 1


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
    seen: dict[str, str] = {}
    if not folder.is_dir():
        return None, [Problem(str(folder), 0, "content folder not found")]
    files = sorted(folder.rglob("*.toml"))
    if not files:
        problems.append(Problem(str(folder), 0, "no .toml files in the content folder"))
    for path in files:
        shown = str(path)
        text = path.read_text(encoding="utf-8")
        try:
            data = parse_toml(text)
        except tomllib.TOMLDecodeError as exc:
            m = re.search(r"line (\d+)", str(exc))
            problems.append(Problem(shown, int(m.group(1)) if m else 0, f"not valid TOML: {exc}"))
            continue
        for key, value in data.items():
            if key == "upgrades":  # upgrade edges onto other packs' weapons: read_upgrades
                continue
            if key == "settings":
                try:
                    raw = dict(value)
                    if "starting_weapon" in raw:
                        raw["starting_weapon"] = qualify(name, raw["starting_weapon"])
                    settings = msgspec.convert(raw, Settings)
                except msgspec.ValidationError as exc:
                    line = _field_line(text, None, str(exc))
                    problems.append(Problem(shown, line, f"settings: {exc}"))
                continue
            kind = KINDS.get(key)
            if kind is None:
                problems.append(
                    Problem(
                        shown,
                        _field_line(text, None, key),
                        f"unknown table [[{key}]]; expected one of: settings, {', '.join(KINDS)}",
                    )
                )
                continue
            if not isinstance(value, list):
                problems.append(Problem(shown, 1, f"`{key}` must be written as [[{key}]] tables"))
                continue
            for raw in value:
                local = raw.get("id") if isinstance(raw, dict) else None
                if not isinstance(local, str) or not local:
                    problems.append(
                        Problem(shown, _field_line(text, None, key), f"a [[{key}]] entry has no id")
                    )
                    continue
                raw = _qualify_refs(name, dict(raw))
                raw["id"] = qualify(name, local)
                if key == "characters" and isinstance(raw.get("cls"), str):
                    raw["cls"] = qualify(name, raw["cls"])
                if key == "weapons":
                    for up in raw.get("upgrades", []) or []:
                        if isinstance(up, dict) and isinstance(up.get("to"), str):
                            up["to"] = qualify(name, up["to"])
                try:
                    card = msgspec.convert(raw, kind)
                except msgspec.ValidationError as exc:
                    line = _field_line(text, local, str(exc).rsplit("`$", 1)[-1])
                    problems.append(Problem(shown, line, f"{key[:-1]} {raw['id']!r}: {exc}"))
                    continue
                if card.id in seen:  # type: ignore[attr-defined]
                    problems.append(
                        Problem(
                            shown,
                            _field_line(text, local, "id"),
                            f"duplicate id {card.id!r} (also in {seen[card.id]})",  # type: ignore[attr-defined]
                        )
                    )
                    continue
                seen[card.id] = shown  # type: ignore[attr-defined]
                problems.extend(
                    Problem(shown, _field_line(text, local, f), m) for f, m in _check_card(card)
                )
                cards[key].append(card)
    if problems:
        return None, problems
    return Pack(name=name, settings=settings, **cards), []


def read_upgrades(
    folder: Path, name: str | None = None
) -> tuple[list[tuple[str, model.Upgrade]], list[Problem]]:
    """Return the pack's `[[upgrades]]` edges as (weapon id, Upgrade), with any problems.

    An edge adds an upgrade to a weapon of this or an earlier pack:
    `[[upgrades]]` with `from` (the weapon, e.g. "base:crossbow"), `to` and `cost`.
    """
    name = name or folder.name
    edges: list[tuple[str, model.Upgrade]] = []
    problems: list[Problem] = []
    for path in sorted(folder.rglob("*.toml")) if folder.is_dir() else []:
        text = path.read_text(encoding="utf-8")
        try:
            data = parse_toml(text)
        except tomllib.TOMLDecodeError:
            continue  # read_pack reports it
        for raw in data.get("upgrades", []) if isinstance(data.get("upgrades"), list) else []:
            line = _field_line(text, None, "upgrades")
            if not isinstance(raw, dict) or not isinstance(raw.get("from"), str):
                problems.append(Problem(str(path), line, "an [[upgrades]] entry has no `from`"))
                continue
            item = {k: v for k, v in raw.items() if k != "from"}
            if isinstance(item.get("to"), str):
                item["to"] = qualify(name, item["to"])
            try:
                upgrade = msgspec.convert(item, model.Upgrade)
            except msgspec.ValidationError as exc:
                problems.append(Problem(str(path), line, f"upgrade from {raw['from']!r}: {exc}"))
                continue
            edges.append((qualify(name, raw["from"]), upgrade))
    return edges, problems


def _check_card(card: Any) -> list[tuple[str, str]]:
    """Return (field, message) for semantic problems msgspec's types cannot catch."""
    out: list[tuple[str, str]] = []
    label = f"{type(card).__name__.lower()} {card.id!r}"

    def amounts(fieldname: str, value: dict[str, int]) -> None:
        for res, n in value.items():
            if res not in model.RESOURCES:
                out.append(
                    (fieldname, f"{label}: field `{fieldname}` names unknown resource {res!r}")
                )
            elif n < 0:
                out.append((fieldname, f"{label}: field `{fieldname}` has a negative amount"))

    for ability in getattr(card, "abilities", []):
        if ability.type == "response" and ability.trigger not in model.TRIGGERS:
            out.append(
                (
                    "trigger",
                    f"{label}: ability {ability.id!r} field `trigger` is {ability.trigger!r}; "
                    f"expected one of {', '.join(model.TRIGGERS)}",
                )
            )
        if ability.type == "action" and ability.timing not in model.ACTION_TIMINGS:
            out.append(
                (
                    "timing",
                    f"{label}: ability {ability.id!r} field `timing` is {ability.timing!r}; "
                    f"expected travel, combat or general",
                )
            )
        amounts("cost", ability.cost)
    if isinstance(card, model.Monster):
        if len(card.table) != 6:
            out.append(("table", f"{label}: field `table` has {len(card.table)} rows; expected 6"))
        if not 1 <= card.level <= 4:
            out.append(("level", f"{label}: field `level` must be 1-4"))
        if card.number < 1:
            out.append(("number", f"{label}: field `number` must be 1 or more"))
        for row in card.table:
            if row.result not in model.RESULTS:
                out.append(("result", f"{label}: unknown combat result {row.result!r}"))
    if isinstance(card, model.Encounter):
        amounts("spend", card.spend)
        amounts("gain", card.gain)
        if not 1 <= card.time <= 5:
            out.append(("time", f"{label}: field `time` must be 1-5"))
    if isinstance(card, model.Weapon):
        for atk in card.attacks:
            amounts("cost", atk.cost)
        for up in card.upgrades:
            amounts("cost", up.cost)
    return out
