"""`unbroken plugins`: list plugins, enable or disable them, install or uninstall them."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from typing import Any

HELP = "list, enable, disable, install or uninstall plugins (expansions)"

ACTIONS = ("list", "enable", "disable", "install", "uninstall")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the plugins command's arguments."""
    parser.add_argument(
        "action",
        nargs="?",
        default="list",
        choices=ACTIONS,
        help="what to do (default: list)",
    )
    parser.add_argument("target", nargs="?", help="a plugin name (or, for install, a path)")
    parser.add_argument("--json", action="store_true", help="list as JSON")


def run(args: argparse.Namespace) -> int:
    """Run the plugins command; return the exit status."""
    from unbroken.cli import CommandError

    action: str = args.action
    if action == "list":
        if args.target:
            raise CommandError(f"`plugins list` takes no name (got {args.target!r})")
        return _list(as_json=args.json)
    if not args.target:
        raise CommandError(f"`plugins {action}` needs a plugin name")
    if action in ("enable", "disable"):
        return _switch(args.target, action == "enable")
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
