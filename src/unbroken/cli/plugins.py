"""`unbroken plugins`: list, enable, disable, install or uninstall plugins, or start a new one."""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
from pathlib import Path
from typing import Any

from unbroken.cli.command import add_json

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
        help=(
            "a plugin name (for install, a path, or a name: NAME installs unbroken-NAME; "
            "for new, the new plugin's name)"
        ),
    )
    add_json(parser, "the list as JSON")
    parser.add_argument(
        "--dir",
        type=Path,
        metavar="DIR",
        help="for new: where to write the project unbroken-NAME (default: here)",
    )


def run(args: argparse.Namespace) -> int:
    """Run the plugins command; return the exit status."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.cli.command import CommandError

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

    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.plugins import load_plugins
    from unbroken.plugins.config import BASE, disabled_plugins, requested_plugins

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
                "observers": info.observers,
                "titles": info.titles,
                "records_panels": info.records_panels,
                "help_sections": info.help_sections,
                "problem": info.problem,
            }
        )
    return rows


def _wrapped(label: str, text: str) -> str:
    """Return a listing line ("    adds: …") wrapped at 80 columns, under its text."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.words.vocabulary import wrap

    return wrap(text, f"    {label}: ")


def _list(as_json: bool) -> int:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.plugins import adds_text

    rows = _rows()
    if as_json:
        print(json.dumps(rows, indent=2))
        return 0
    for row in rows:
        state = "on" if row["enabled"] else "off"
        print(f"{row['name']} {row['version']}  [{state}]  {row['origin']}")
        adds = adds_text(row["adds"])
        print(_wrapped("adds", adds or "nothing"))
        titles = row.get("titles", {})
        labels = (
            "scoring_rules",
            "handlers",
            "achievements",
            "bots",
            "observers",
            "records_panels",
            "help_sections",
        )
        for label in labels:
            if row.get(label):
                named = [f"{titles[i]} ({i})" if i in titles else i for i in row[label]]
                print(_wrapped(label.replace("_", " "), ", ".join(named)))
        if row["problem"]:
            print(f"    problem: {row['problem']}")
    return 0


def _switch(name: str, enabled: bool) -> int:
    """Enable or disable an installed plugin, or one already in the disabled list."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.cli.command import CommandError
    from unbroken.plugins import PluginError
    from unbroken.plugins.config import BASE, disabled_plugins, installed_entry_points, set_enabled
    from unbroken.plugins.loading import not_installed

    known = sorted({ep.name for ep in installed_entry_points()})
    # A plugin disabled, then uninstalled, can still be taken off the list.
    listed = name in disabled_plugins()
    if name != BASE and name not in known and not listed:
        raise CommandError(not_installed([name], known))
    try:
        set_enabled(name, enabled)
    except PluginError as exc:
        raise CommandError(str(exc)) from None
    if enabled and name not in known:
        print(f"plugin {name!r} is not installed; taken off the disabled list.")
    else:
        print(f"plugin {name!r} {'enabled' if enabled else 'disabled'}.")
    return 0


def _canonical(name: str) -> str:
    """Return a distribution name as pip compares them (PEP 503: `Unbroken_X` is `unbroken-x`)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def distribution_of(target: str) -> str:
    """Return the distribution to uninstall for a plugin name or a distribution name.

    Raises CommandError for the base game, a name two distributions give, or
    a name no installed plugin has (naming the installed ones).
    """
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.cli.command import CommandError
    from unbroken.plugins.config import BASE, installed_entry_points
    from unbroken.plugins.loading import not_installed

    if target == BASE or _canonical(target) == "unbroken":
        raise CommandError(
            f"{target!r} is the base game, built into unbroken: it cannot be uninstalled "
            "(`plugins disable NAME` turns an expansion off)"
        )
    points = [(ep.name, ep.dist.name) for ep in installed_entry_points() if ep.dist is not None]
    giving = sorted({dist for name, dist in points if name == target})
    if len(giving) > 1:
        raise CommandError(
            f"plugin {target!r} is given by {' and '.join(giving)}; "
            "name the distribution to uninstall"
        )
    giving = giving or sorted({d for _, d in points if _canonical(d) == _canonical(target)})
    if not giving:
        installed = [f"{name} ({dist})" for name, dist in sorted(points)]
        raise CommandError(not_installed([target], installed))
    return giving[0]


def _pip(action: str, target: str) -> int:
    """Run pip in the game's own interpreter, so it installs where the game runs; under pipx,
    `pipx inject`/`uninject`, so pipx knows the plugin (unbroken.plugins.installer).

    uninstall takes a plugin's name (or its distribution's): the installer is
    given the distribution that provides the plugin's entry point. install takes
    a path, or a plugin's name (`gauntlet` is `unbroken-gauntlet`: see
    `installer.install_target`); what it installed that gives no plugin is
    uninstalled again, and said.
    """
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.plugins import installer

    if action == "uninstall":
        return _call(action, distribution_of(target))
    argument, note = installer.install_target(target)
    if note:
        print(f"unbroken: {note}")
    before = installer.distributions()
    status = _call(action, argument)
    if status:
        if not installer.looks_like_path(argument):
            print(
                f"unbroken: {argument} could not be installed. The expansions that come with "
                "the game's source are in its plugins/ folder: "
                "`unbroken plugins install PATH/plugins/unbroken-NAME`"
            )
        return status
    strays = installer.not_plugins(before, installer.distributions())
    for stray in strays:
        _call("uninstall", stray)
    if strays:
        raise _error(
            f"{', '.join(strays)} is not an Unbroken plugin (it gives no `unbroken` entry "
            "point): uninstalled it again"
        )
    return 0


def _call(action: str, argument: str) -> int:
    """Run the installer's command for `action` on `argument`; return its exit status."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.plugins.installer import InstallerError, installer_command

    try:
        command = installer_command(action, argument)
    except InstallerError as exc:
        raise _error(str(exc)) from None
    try:
        return subprocess.call(command)
    except OSError as exc:
        raise _error(f"could not run {' '.join(command)}: {exc}") from None


def _error(message: str) -> Exception:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.cli.command import CommandError

    return CommandError(message)


def _new(name: str, directory: Path) -> int:
    """Write a new plugin project; say what was written and what to run next."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.cli.command import CommandError
    from unbroken.plugins.scaffold import new_plugin

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
