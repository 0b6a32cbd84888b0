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
import shutil
import sys
from pathlib import Path

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
