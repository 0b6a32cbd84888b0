"""`unbroken content check [PATH...]`: validate content packs and summarise them."""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from unbroken.core import model as m

if TYPE_CHECKING:
    from unbroken.content import CardLines, Problem
    from unbroken.core.model import Pack


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
KINDS = tuple(m.CARD_KINDS)


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
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.cli.command import CommandError
    from unbroken.content import base_content_dir

    paths: list[Path] = list(args.paths) or [base_content_dir()]
    for folder in paths:  # a mistyped path is a bad argument, not a broken pack
        if not folder.exists():
            raise CommandError(f"{folder} does not exist; name a pack folder or a plugin project")
        if not folder.is_dir():
            raise CommandError(
                f"{folder} is a file, not a folder; name a pack folder or a plugin project"
            )
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

    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.plugins import (
        HookError,
        PluginError,
        get_plugin_manager,
        load_plugins,
        plugin_content_folders,
        plugin_handlers,
        project_plugins,
    )

    unmet = _requirement_problems(project)
    if unmet:  # the game would skip it before importing it: so does the check
        return [], unmet
    try:
        found = project_plugins(project)
    except PluginError as exc:
        return [], [str(exc)]
    names = {name for name, _ in found}
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
            # Its installed copy, if any, is left out: its problems would be told twice.
            lines, pack_problems = check_pack(folder, name, handlers, leave_out=names)
            summary.extend(lines)
            messages.extend(str(p) for p in pack_problems)
        if handlers:
            summary.append(f"  handlers: {', '.join(sorted(handlers))}")
        summary.extend(_wordless(handlers))
    if messages:
        return [], messages
    # Then as the game loads it, beside the other installed plugins (ids, faces, upgrades).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loaded = load_plugins(None, extra=found)
    messages = [i.problem for i in loaded.infos if i.name in names and i.problem]
    return ([], messages) if messages else (summary, [])


def _requirement_problems(project: Path) -> list[str]:
    """Return why the game would skip the project's plugins: a requirement on unbroken it fails.

    Read from `[project].dependencies` in its pyproject.toml, told at the line
    of the requirement in the plugin host's words. A pyproject that cannot be
    read gives none here (project_plugins says what is wrong with it).
    """
    import tomllib
    from types import SimpleNamespace

    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.content import Problem, line_of, toml_lines
    from unbroken.plugins import GROUP, requirement_problem
    from unbroken.plugins.requirements import unmet_requirement

    pyproject = project / "pyproject.toml"
    try:
        text = pyproject.read_text(encoding="utf-8")
        table = tomllib.loads(text).get("project")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return []
    if not isinstance(table, dict):
        return []
    dependencies = table.get("dependencies")
    entry_points = table.get("entry-points")
    points = entry_points.get(GROUP) if isinstance(entry_points, dict) else None
    if not isinstance(dependencies, list) or not isinstance(points, dict):
        return []
    lines = [r if isinstance(r, str) else "" for r in dependencies]
    # Shaped as the installed distribution the host reads `Requires-Dist` from.
    dist = SimpleNamespace(
        name=str(table.get("name", project.name)),
        version=str(table.get("version", "?")),
        requires=[r for r in lines if r],
    )
    failing = next((i for i, r in enumerate(lines) if unmet_requirement([r])[0]), None)
    line = line_of(toml_lines(text), ("project", "dependencies", failing or 0))
    problems: list[str] = []
    for name in sorted(points):
        message = requirement_problem(name, f"{dist.name} (project)", dist)
        if message:
            problems.append(str(Problem(str(pyproject), line, message)))
    return problems


def check_pack(
    folder: Path,
    name: str | None = None,
    handlers: dict[str, Any] | None = None,
    leave_out: Collection[str] = (),
) -> tuple[list[str], list[Problem]]:
    """Return the summary lines of the pack at `folder` and every problem found in it.

    `handlers` are effect handlers its cards may name beyond those of the
    engine and the enabled plugins (a plugin project's own, not installed);
    the plugins `leave_out` names are not loaded for theirs (the project's
    installed copy).
    """
    # lazy: `--help` imports this module: loaded on the path that runs
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
        missing = missing_edge_weapons(edge, pack.name, weapons)
        problems.extend(missing)
        if not missing:  # joined as the game joins it, so a circle through it is seen
            packs = _with_upgrade(packs, edge.weapon, edge.upgrade)
    problems.extend(_reference_problems(packs, written, handlers or {}, leave_out))
    if pack.settings is not None:
        problems.extend(_count_problems(pack, files, written))
    if problems:
        return [], problems
    return _summary(folder, pack) + _name_clashes(pack, packs[:-1]), []


def _wordless(handlers: dict[str, Any]) -> list[str]:
    """Return a warning for each handler without words (`handler_words`): its cards
    would read as its name and params ("grave chill (heal 1, 1 SE)")."""
    return [
        f"  warning: handler {key!r} has no words: cards read it as its name and params; "
        "give it words with `handler_words` (docs/plugins.md)"
        for key, handler in sorted(handlers.items())
        if not callable(getattr(handler, "describe", None))
        and not isinstance(getattr(handler, "text", None), str)
    ]


def _name_clashes(pack: Pack, others: list[Pack]) -> list[str]:
    """Return a warning for each card of `pack` named as a card of the other packs is
    (the game then shows it with its expansion: "Armored (Gauntlet)")."""
    named: dict[str, str] = {}
    for other in others:
        for kind in KINDS:
            for card in getattr(other, kind):
                named.setdefault(str(card.name).casefold(), f"{other.name}:{_local(card.id)}")
    lines = []
    for kind in KINDS:
        for card in getattr(pack, kind):
            same = named.get(str(card.name).casefold())
            if same is not None:
                shown = f"{card.name} ({pack.name.replace('-', ' ').title()})"
                one = {"classes": "class", "difficulties": "difficulty"}.get(kind, kind[:-1])
                lines.append(
                    f"  warning: {one} {_local(card.id)!r} has the name of {same!r}, "
                    f"{card.name!r}: it is shown as {shown!r}; another name avoids it"
                )
    return lines


def _with_upgrade(packs: list[Pack], weapon: str, upgrade: Any) -> list[Pack]:
    """Return `packs` with `upgrade` added to the weapon `weapon` (an `[[upgrades]]` edge)."""
    import msgspec

    out = []
    for p in packs:
        if any(w.id == weapon for w in p.weapons):
            weapons = [
                msgspec.structs.replace(w, upgrades=[*w.upgrades, upgrade]) if w.id == weapon else w
                for w in p.weapons
            ]
            p = msgspec.structs.replace(p, weapons=weapons)
        out.append(p)
    return out


def _local(ident: str) -> str:
    return ident.split(":", 1)[-1]


def _at(written: CardLines, card: str, names: str = "") -> tuple[str, int]:
    """Return (file, line) where the checked pack's `card` names `names` (or of the card)."""
    return written.where(card, names) or (", ".join(str(f) for f in written.folders), 0)


def _reference_problems(
    packs: list[Pack],
    written: CardLines,
    handlers: dict[str, Any],
    leave_out: Collection[str] = (),
) -> list[Problem]:
    """Return duplicate ids across packs and broken references, each at its file:line.

    A broken reference names the nearest id of its kind when one is close.
    """
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.content import Problem, did_you_mean, ids_of_kind_named
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
    known_handlers = {**_known_handlers(leave_out), **handlers}
    ruleset = Ruleset(
        settings=settings,
        classes=tables["classes"],
        characters=tables["characters"],
        weapons=tables["weapons"],
        monsters=tables["monsters"],
        skills=tables["skills"],
        conditions=tables["conditions"],
        encounters=tables["encounters"],
        handlers=known_handlers,
        difficulties=tables["difficulties"],
        keywords=tables["keywords"],
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
        handler = "unknown handler" in message
        if handler and missing.startswith(f"{checked}:"):
            message += f" (plugin {checked!r} gives no handler {_local(missing)!r})"
        else:
            known = known_handlers if handler else ids_of_kind_named(message, missing, tables)
            hint = did_you_mean(missing, known)
            if not hint and handler:
                hint = " (is the plugin that registers it installed and enabled?)"
            message += hint
        problems.append(Problem(*where, message))
    return problems


def _known_handlers(leave_out: Collection[str] = ()) -> dict[str, Any]:
    """Return the effect handlers of the built-in engine and of the enabled plugins.

    The plugins in `leave_out` are not loaded (a project checked from source
    is not loaded again as installed). Raises CommandError when the user named
    a plugin that is not installed.
    """
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.cli.command import CommandError
    from unbroken.content import ContentError
    from unbroken.core.handlers import BUILTIN_HANDLERS
    from unbroken.core.ruleset import RulesetError
    from unbroken.plugins import PluginError, load_plugins, load_ruleset, plugins_on

    names, strict = plugins_on()  # as the game picks them
    kept = [n for n in names if n not in leave_out]
    try:
        if kept == names:
            return {**BUILTIN_HANDLERS, **load_ruleset().handlers}
        kept_strict = [n for n in strict if n in kept]
        return {**BUILTIN_HANDLERS, **load_plugins(kept, kept_strict).ruleset.handlers}
    except (ContentError, RulesetError):
        return dict(BUILTIN_HANDLERS)
    except PluginError as exc:
        raise CommandError(str(exc)) from None


def _count_problems(pack: Pack, files: list[Path], written: CardLines) -> list[Problem]:
    """Return every way a complete pack differs from the boxed game's card counts."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.content import LABELS, Problem
    from unbroken.words.vocabulary import plural

    problems: list[Problem] = []
    for kind, expected in BOX_COUNTS.items():
        cards = getattr(pack, kind)
        found = sum(c.copies for c in cards) if kind == "encounters" else len(cards)
        if found != expected:
            where = _kind_file(files, kind)
            counted = " (counting copies)" if kind == "encounters" else ""
            noun = kind if found != 1 else LABELS[kind]
            problems.append(
                Problem(
                    *where,
                    f"{found} {noun}{counted}; the base game has {expected}",
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
                    f"level {level} has {plural(len(monsters), 'monster')}; "
                    f"expected {MONSTERS_PER_LEVEL}",
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
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.words.encounter_kind import encounter_kind
    from unbroken.words.vocabulary import plural

    copies = sum(e.copies for e in pack.encounters)
    lines = [f"{folder}: pack {pack.name!r} is valid"]
    for kind in KINDS:
        cards = getattr(pack, kind)
        if kind in ("difficulties", "keywords") and not cards:
            continue  # a plugin's own kinds: listed when it has some
        extra = f" ({plural(copies, 'card')} counting copies)" if kind == "encounters" else ""
        if len(kind) <= 11:
            lines.append(f"  {kind:<11} {len(cards):>3}{extra}")
        else:  # a longer name: the number still ends at the same column
            lines.append(f"  {kind} {len(cards):>{max(1, 14 - len(kind))}}{extra}")
    levels = Counter(m.level for m in pack.monsters)
    if levels:
        per_level = ", ".join(f"level {lv}: {levels[lv]}" for lv in sorted(levels))
        lines.append(f"  monsters per level: {per_level}")
    # By kind, as the cards say it (the team's notes, #28: Unearthed's read "unearthed 8").
    kinds = Counter(encounter_kind(e) for e in pack.encounters for _ in range(e.copies))
    if kinds:
        said = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items(), key=lambda kn: kn[0].lower()))
        lines.append(f"  encounter copies by kind: {said}")
    return lines
