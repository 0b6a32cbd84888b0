"""`unbroken content check [PATH...]`: validate content packs and summarise them."""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from unbroken.content import CardLines, Problem
    from unbroken.core.model import Pack

HELP = "check content packs (schema, references, ids, card counts)"

#: The boxed game's card counts, checked for every complete pack (one with settings).
BOX_COUNTS: dict[str, int] = {
    "classes": 4,
    "characters": 8,
    "weapons": 7,
    "monsters": 24,
    "skills": 24,
    "conditions": 10,
    "encounters": 88,
}

MONSTERS_PER_LEVEL = 6
KINDS = ("classes", "characters", "weapons", "monsters", "skills", "conditions", "encounters")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = sub.add_parser("check", help="validate packs; print a summary or every problem")
    check.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="a pack folder, or a plugin project (the folder of its pyproject.toml), "
        "checked from source without installing it (default: the base pack)",
    )
    check.add_argument(
        "--name",
        help="the pack's name, as its plugin loads it (default: the folder's name)",
    )


def run(args: argparse.Namespace) -> int:
    from unbroken.content import base_content_dir

    paths: list[Path] = list(args.paths) or [base_content_dir()]
    failed = False
    for folder in paths:
        if (folder / "pyproject.toml").is_file():
            summary, messages = check_project(folder)
        else:
            summary, problems = check_pack(folder, args.name)
            messages = [str(p) for p in problems]
        if messages:
            failed = True
            for message in dict.fromkeys(messages):
                print(message)
        else:
            print("\n".join(summary))
    return 1 if failed else 0


def check_project(project: Path) -> tuple[list[str], list[str]]:
    """Check a plugin project from its source: its hooks, its content and how it loads.

    Returns the summary lines, or the problems (each naming a file, or the plugin).
    """
    import warnings

    from unbroken.plugins import (
        HookError,
        PluginError,
        get_plugin_manager,
        load_plugins,
        plugin_content_folders,
        plugin_handlers,
        project_plugins,
    )

    try:
        found = project_plugins(project)
    except PluginError as exc:
        return [], [str(exc)]
    problems: list[str] = []
    pm = get_plugin_manager(None, found, problems)
    if problems:
        return [], problems
    summary: list[str] = []
    messages: list[str] = []
    for name, _ in found:
        try:
            folders = plugin_content_folders(pm, name)
            handlers = plugin_handlers(pm, name)
        except HookError as exc:  # names the hook, the error and the plugin's file:line
            messages.append(f"plugin {name!r}: {exc}")
            continue
        for folder in folders:
            lines, pack_problems = check_pack(folder, name, handlers)
            summary.extend(lines)
            messages.extend(str(p) for p in pack_problems)
        if handlers:
            summary.append(f"  handlers: {', '.join(sorted(handlers))}")
    if messages:
        return [], messages
    # Then as the game loads it, beside the other installed plugins (ids, faces, upgrades).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loaded = load_plugins(None, extra=found)
    names = {name for name, _ in found}
    messages = [i.problem for i in loaded.infos if i.name in names and i.problem]
    return ([], messages) if messages else (summary, [])


def check_pack(
    folder: Path, name: str | None = None, handlers: dict[str, Any] | None = None
) -> tuple[list[str], list[Problem]]:
    """Return the summary lines of the pack at `folder` and every problem found in it.

    `handlers` are effect handlers its cards may name beyond those of the
    engine and the enabled plugins (a plugin project's own, not installed).
    """
    from unbroken.content import (
        CardLines,
        base_content_dir,
        missing_edge_weapons,
        read_pack,
        read_upgrades,
    )

    pack, problems = read_pack(folder, name)
    edges, edge_problems = read_upgrades(folder, name)
    problems.extend(edge_problems)
    if pack is None:
        return [], problems
    files = sorted(folder.rglob("*.toml"))
    written = CardLines([folder], pack.name)
    packs = [pack]
    if pack.settings is None:
        # An expansion leans on the base game for its settings and shared cards.
        base, base_problems = read_pack(base_content_dir(), "base")
        if base is None:
            return [], base_problems
        packs = [base, pack]
    weapons = {w.id for p in packs for w in p.weapons}
    for edge in edges:
        problems.extend(missing_edge_weapons(edge, pack.name, weapons))
    problems.extend(_reference_problems(packs, written, handlers or {}))
    if pack.settings is not None:
        problems.extend(_count_problems(pack, files, written))
    if problems:
        return [], problems
    return _summary(folder, pack), []


def _local(ident: str) -> str:
    return ident.split(":", 1)[-1]


def _at(written: CardLines, card: str, names: str = "") -> tuple[str, int]:
    """Return (file, line) where the checked pack's `card` names `names` (or of the card)."""
    return written.where(card, names) or (", ".join(str(f) for f in written.folders), 0)


def _reference_problems(
    packs: list[Pack], written: CardLines, handlers: dict[str, Any]
) -> list[Problem]:
    """Return duplicate ids across packs and broken references, each at its file:line."""
    from unbroken.content import Problem
    from unbroken.core.ruleset import Ruleset, broken_references

    problems: list[Problem] = []
    tables: dict[str, dict[str, Any]] = {k: {} for k in KINDS}
    owner: dict[str, str] = {}
    checked = packs[-1].name
    for pack in packs:
        for kind in KINDS:
            for card in getattr(pack, kind):
                if card.id in owner:
                    problems.append(
                        Problem(
                            *_at(written, card.id),
                            f"duplicate id {card.id!r}: defined by pack {owner[card.id]!r} "
                            f"and by pack {pack.name!r}",
                        )
                    )
                owner[card.id] = pack.name
                tables[kind][card.id] = card
    settings = next((p.settings for p in reversed(packs) if p.settings is not None), None)
    if settings is None:
        return problems
    ruleset = Ruleset(
        settings=settings,
        classes=tables["classes"],
        characters=tables["characters"],
        weapons=tables["weapons"],
        monsters=tables["monsters"],
        skills=tables["skills"],
        conditions=tables["conditions"],
        encounters=tables["encounters"],
        handlers={**_known_handlers(), **handlers},
    )
    for broken in broken_references(ruleset):
        message, missing = broken.message, broken.names
        if broken.card:
            mine = owner.get(broken.card) == checked
        else:  # the settings: the checked pack's own, or the base game's
            mine = packs[-1].settings is not None
        if not mine:
            continue  # a problem of the base pack, not of the pack being checked
        where = _at(written, broken.card, missing)
        if "unknown handler" in message and missing.startswith(f"{checked}:"):
            message += f" (plugin {checked!r} gives no handler {_local(missing)!r})"
        elif "unknown handler" in message and f"{checked}:{missing}" in handlers:
            message += f" (did you mean {checked + ':' + missing!r}?)"
        elif "unknown handler" in message:
            message += " (is the plugin that registers it installed and enabled?)"
        problems.append(Problem(*where, message))
    return problems


def _known_handlers() -> dict[str, Any]:
    """Return the effect handlers of the built-in engine and of the enabled plugins."""
    from unbroken.content import ContentError
    from unbroken.core.flow import BUILTIN_HANDLERS
    from unbroken.core.ruleset import RulesetError
    from unbroken.plugins import load_ruleset

    try:
        return {**BUILTIN_HANDLERS, **load_ruleset().handlers}
    except (ContentError, RulesetError):
        return dict(BUILTIN_HANDLERS)


def _count_problems(pack: Pack, files: list[Path], written: CardLines) -> list[Problem]:
    """Return every way a complete pack differs from the boxed game's card counts."""
    from unbroken.content import Problem

    problems: list[Problem] = []
    for kind, expected in BOX_COUNTS.items():
        cards = getattr(pack, kind)
        found = sum(c.copies for c in cards) if kind == "encounters" else len(cards)
        if found != expected:
            where = _kind_file(files, kind)
            counted = " (counting copies)" if kind == "encounters" else ""
            problems.append(
                Problem(
                    *where,
                    f"{found} {kind}{counted}; the base game has {expected}",
                )
            )
    by_level: dict[int, list[Any]] = {}
    for monster in pack.monsters:
        by_level.setdefault(monster.level, []).append(monster)
    for level in range(1, 5):
        monsters = by_level.get(level, [])
        if len(monsters) != MONSTERS_PER_LEVEL:
            problems.append(
                Problem(
                    *_kind_file(files, "monsters"),
                    f"level {level} has {len(monsters)} monsters; expected {MONSTERS_PER_LEVEL}",
                )
            )
        numbers = Counter(m.number for m in monsters)
        for monster in monsters:
            if numbers[monster.number] > 1:
                problems.append(
                    Problem(
                        *_at(written, monster.id),
                        f"monster {monster.id!r}: number {monster.number} is used by "
                        f"{numbers[monster.number]} monsters of level {level}",
                    )
                )
    return problems


def _kind_file(files: list[Path], kind: str) -> tuple[str, int]:
    """Return (file, line) of the first [[kind]] table in the pack."""
    for path in files:
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            if line.strip() == f"[[{kind}]]":
                return str(path), i + 1
    return (str(files[0]) if files else "?"), 1


def _summary(folder: Path, pack: Pack) -> list[str]:
    """Return the lines that describe a valid pack."""
    copies = sum(e.copies for e in pack.encounters)
    lines = [f"{folder}: pack {pack.name!r} is valid"]
    for kind in KINDS:
        cards = getattr(pack, kind)
        extra = f" ({copies} cards counting copies)" if kind == "encounters" else ""
        lines.append(f"  {kind:<11} {len(cards):>3}{extra}")
    levels = Counter(m.level for m in pack.monsters)
    if levels:
        per_level = ", ".join(f"level {lv}: {levels[lv]}" for lv in sorted(levels))
        lines.append(f"  monsters per level: {per_level}")
    groups = Counter[str]()
    for e in pack.encounters:
        groups[e.group or "other"] += e.copies
    if groups:
        lines.append(
            "  encounter copies by group: "
            + ", ".join(f"{g} {n}" for g, n in sorted(groups.items()))
        )
    return lines
