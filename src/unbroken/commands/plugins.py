"""`unbroken plugins`: list, enable, disable, install or uninstall plugins, or start a new one."""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

HELP = "list, enable, disable, install or uninstall plugins (expansions), or start a new one"

ACTIONS = ("list", "enable", "disable", "install", "uninstall", "new")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the plugins command's arguments."""
    parser.add_argument(
        "action",
        nargs="?",
        default="list",
        choices=ACTIONS,
        help="what to do (default: list)",
    )
    parser.add_argument(
        "target",
        nargs="?",
        help="a plugin name (for install, a name or a path; for new, the new plugin's name)",
    )
    parser.add_argument("--json", action="store_true", help="list as JSON")
    parser.add_argument(
        "--dir",
        type=Path,
        metavar="DIR",
        help="for new: where to write the project unbroken-NAME (default: here)",
    )


def run(args: argparse.Namespace) -> int:
    """Run the plugins command; return the exit status."""
    from unbroken.cli import CommandError

    action: str = args.action
    if args.dir is not None and action != "new":
        raise CommandError(f"--dir is for `plugins new`, not `plugins {action}`")
    if action == "list":
        if args.target:
            raise CommandError(f"`plugins list` takes no name (got {args.target!r})")
        return _list(as_json=args.json)
    if not args.target:
        raise CommandError(f"`plugins {action}` needs a plugin name")
    if action in ("enable", "disable"):
        return _switch(args.target, action == "enable")
    if action == "new":
        return _new(args.target, args.dir or Path("."))
    return _pip(action, args.target)


def _rows() -> list[dict[str, Any]]:
    """Return one row per plugin: every installed one is loaded to say what it adds."""
    import warnings

    from unbroken.plugins import BASE, disabled_plugins, load_plugins, requested_plugins

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loaded = load_plugins(None)
    requested = requested_plugins()
    disabled = set(disabled_plugins())
    rows = []
    for info in loaded.infos:
        on = info.name == BASE or (
            info.name in requested if requested is not None else info.name not in disabled
        )
        rows.append(
            {
                "name": info.name,
                "version": info.version,
                "origin": info.origin,
                "enabled": on,
                "adds": info.adds,
                "scoring_rules": info.scoring_rules,
                "handlers": info.handlers,
                "achievements": info.achievements,
                "bots": info.bots,
                "problem": info.problem,
            }
        )
    return rows


def _list(as_json: bool) -> int:
    from unbroken.plugins import adds_text

    rows = _rows()
    if as_json:
        print(json.dumps(rows, indent=2))
        return 0
    for row in rows:
        state = "on" if row["enabled"] else "off"
        print(f"{row['name']} {row['version']}  [{state}]  {row['origin']}")
        adds = adds_text(row["adds"])
        print(f"    adds: {adds or 'nothing'}")
        for label in ("scoring_rules", "handlers", "achievements", "bots"):
            if row[label]:
                print(f"    {label.replace('_', ' ')}: {', '.join(row[label])}")
        if row["problem"]:
            print(f"    problem: {row['problem']}")
    return 0


def _switch(name: str, enabled: bool) -> int:
    from unbroken.cli import CommandError
    from unbroken.plugins import PluginError, installed_entry_points, set_enabled

    known = [ep.name for ep in installed_entry_points()]
    if enabled and name not in known:
        raise CommandError(
            f"plugin {name!r} is not installed; installed: {', '.join(known) or 'none'}"
        )
    try:
        set_enabled(name, enabled)
    except PluginError as exc:
        raise CommandError(str(exc)) from None
    print(f"plugin {name!r} {'enabled' if enabled else 'disabled'}.")
    return 0


def _pip(action: str, target: str) -> int:
    """Run pip in the game's own interpreter, so it installs where the game runs."""
    from unbroken.cli import CommandError

    command = [sys.executable, "-m", "pip", action]
    if action == "uninstall":
        command.append("--yes")
    command.append(target)
    try:
        return subprocess.call(command)
    except OSError as exc:
        raise CommandError(f"could not run pip ({' '.join(command)}): {exc}") from None


def _new(name: str, directory: Path) -> int:
    """Write a new plugin project; say what was written and what to run next."""
    from unbroken.cli import CommandError
    from unbroken.scaffold import new_plugin

    try:
        root = new_plugin(name, directory)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    shown = str(root) if root.is_absolute() or str(root).startswith(".") else f"./{root}"
    print(f"Wrote the plugin project {shown}:")
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        print(f"  {path.relative_to(root).as_posix()}")
    where = shlex.quote(shown)
    print("Next:")
    print(f"  unbroken content check {where}   # check it from source")
    print(f"  pip install -e {where} pytest   # into the game's environment")
    print(f"  pytest {where}   # its tests")
    print(f"  unbroken --plugins {name} sim --games 20   # play it")
    return 0
