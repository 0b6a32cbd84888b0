"""Who installs a plugin for `unbroken plugins install/uninstall`: pip, or pipx under pipx.

A game installed with pipx runs in a venv pipx made, with `pipx_metadata.json`
beside its interpreter's prefix. A plugin pip-installed into it would be
unknown to pipx (`pipx list --include-injected` would not show it) and lost by
`pipx reinstall`, so there the plugin is given to `pipx inject` (and taken
away with `pipx uninject`). Anywhere else pip runs in the game's own
interpreter (`sys.executable -m pip`).
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote, urlparse

#: The file pipx writes at the root of each venv it makes.
PIPX_METADATA = "pipx_metadata.json"


class InstallerError(Exception):
    """The installer cannot be run: why, and what to run instead, in one line."""


def pipx_package(prefix: Path | None = None) -> str | None:
    """Return the package pipx installed the game as ("unbroken"), or None when the game
    does not run in a pipx venv."""
    path = Path(sys.prefix if prefix is None else prefix) / PIPX_METADATA
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return "unbroken"  # pipx's file, unreadable: the venv is still pipx's
    main = data.get("main_package") if isinstance(data, dict) else None
    package = main.get("package") if isinstance(main, dict) else None
    return package if isinstance(package, str) and package else "unbroken"


def installer_command(action: str, argument: str, prefix: Path | None = None) -> list[str]:
    """Return the command that installs (`argument`: a name or a path) or uninstalls
    (`argument`: a distribution) a plugin where the game runs. Raises InstallerError."""
    package = pipx_package(prefix)
    if package is None:
        if action == "uninstall":
            return [sys.executable, "-m", "pip", "uninstall", "--yes", argument]
        return [sys.executable, "-m", "pip", "install", argument]
    verb = "inject" if action == "install" else "uninject"
    pipx = shutil.which("pipx")
    if pipx is None:
        raise InstallerError(
            f"the game runs in a pipx venv but pipx is not on PATH: run "
            f"`pipx {verb} {package} {argument}` where pipx is"
        )
    return [pipx, verb, package, argument]


#: A plugin's distribution is named `unbroken-NAME` (what `unbroken plugins new` writes).
PREFIX = "unbroken-"


def _normal(name: str) -> str:
    """A distribution's name as pip compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def looks_like_path(target: str) -> bool:
    """Whether `target` names a folder or an archive rather than a distribution."""
    return (
        "/" in target
        or "\\" in target
        or target.startswith(".")
        or target.endswith((".whl", ".tar.gz", ".zip"))
        or Path(target).exists()
    )


def source_tree() -> Path | None:
    """Return the folder the game was installed from (`pip install .` of a clone records
    it), or None when it came from an index or the folder is gone."""
    try:
        recorded = metadata.distribution("unbroken").read_text("direct_url.json")
        url = json.loads(recorded or "{}").get("url", "")
    except (metadata.PackageNotFoundError, ValueError, AttributeError):
        return None
    if not isinstance(url, str) or not url.startswith("file://"):
        return None
    tree = Path(unquote(urlparse(url).path))
    return tree if tree.is_dir() else None


def install_target(target: str) -> tuple[str, str | None]:
    """Return what to give the installer for `target`, and a line to tell the player first
    (None: nothing to tell).

    A path is given as it is. A bare name is a plugin's: `gauntlet` means the
    distribution `unbroken-gauntlet` (so a name never installs an unrelated
    package that happens to share it), taken from the `plugins/` folder of the
    source the game was installed from when it is there (the expansions that
    come with the game), else from the package index.
    """
    if looks_like_path(target):
        return target, None
    dist = target if _normal(target).startswith(PREFIX) else PREFIX + target
    tree = source_tree()
    if tree is not None:
        for folder in (tree / "plugins").glob("*"):
            if _normal(folder.name) == _normal(dist) and (folder / "pyproject.toml").is_file():
                return str(folder), f"installing {folder.name} from {folder}"
    if dist != target:
        return dist, f"installing {dist} (plugins are published as {PREFIX}NAME)"
    return dist, None


def distributions() -> dict[str, tuple[str, bool]]:
    """Return each installed distribution (pip's name for it): its version, and whether it
    gives an `unbroken` plugin (an entry point in that group)."""
    found: dict[str, tuple[str, bool]] = {}
    for dist in metadata.distributions():
        name = dist.metadata["Name"] if dist.metadata else None
        if name:
            plugin = any(ep.group == "unbroken" for ep in dist.entry_points)
            found[_normal(name)] = (dist.version, plugin)
    return found


def not_plugins(
    before: dict[str, tuple[str, bool]], after: dict[str, tuple[str, bool]]
) -> list[str]:
    """Return the distributions an install added when none of what it added or changed
    gives a plugin (what to take away again); an empty list when it gave one, or changed
    nothing (installed already)."""
    changed = {name for name, seen in after.items() if before.get(name) != seen}
    if not changed or any(after[name][1] for name in changed):
        return []
    return sorted(name for name in changed if name not in before)
