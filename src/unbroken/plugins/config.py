"""Which plugins are on: UNBROKEN_PLUGINS, or else every installed plugin the user did not disable.

`UNBROKEN_PLUGINS` (a comma list; "base" alone is the base game only)
overrides the user config (`plugins.json` in the config dir:
`{"disabled": [...]}`), where every installed plugin is on unless disabled.
Installed plugins are listed from their entry points without importing them.
"""

from __future__ import annotations

import json
import os
from importlib import metadata
from pathlib import Path

from unbroken.home.paths import config_dir
from unbroken.plugins.reporting import PluginError, _report

#: The entry-point group (and pluggy project name) of Unbroken plugins.
GROUP = "unbroken"
#: The built-in plugin that is the base game; always first, always on.
BASE = "base"
#: The environment variable naming the plugins to use (a comma list).
ENV = "UNBROKEN_PLUGINS"


def config_file() -> Path:
    """Return the user config file that holds the disabled plugins."""

    return config_dir() / "plugins.json"


def disabled_plugins() -> list[str]:
    """Return the plugins the user disabled (from the config file; none if it is unreadable)."""
    path = config_file()
    if not path.is_file():
        return []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return sorted(str(n) for n in data.get("disabled", []))
    except (OSError, ValueError, AttributeError, TypeError):
        _report(f"{path}: not a valid plugin config; every plugin is on")
        return []


def set_enabled(name: str, enabled: bool) -> None:
    """Persist enabling or disabling one plugin in the user config."""
    if name == BASE:
        raise PluginError("the base game cannot be disabled; use UNBROKEN_PLUGINS=base instead")
    disabled = set(disabled_plugins())
    if enabled:
        disabled.discard(name)
    else:
        disabled.add(name)
    config_file().write_text(json.dumps({"disabled": sorted(disabled)}, indent=2) + "\n")


def requested_plugins() -> list[str] | None:
    """Return the plugins named by UNBROKEN_PLUGINS (base first), or None when it is unset."""
    raw = os.environ.get(ENV, "").strip()
    if not raw:
        return None
    names = [n.strip() for n in raw.split(",") if n.strip()]
    return [BASE, *sorted(set(names) - {BASE})]


def installed_entry_points() -> list[metadata.EntryPoint]:
    """Return the installed `unbroken` entry points, sorted by name (not imported)."""
    return sorted(metadata.entry_points(group=GROUP), key=lambda ep: ep.name)


def installed_names() -> set[str]:
    """Return the names of the installed plugins (their entry points, not imported)."""
    return {ep.name for ep in installed_entry_points()}


def plugin_packages(names: list[str] | dict[str, str]) -> dict[str, str]:
    """Return {plugin name: its installed distribution's name} for those of `names` that
    come from an installed package (`unbroken-frostbite`); the base game is the game's own."""
    wanted = set(names) - {BASE}
    found: dict[str, str] = {}
    for ep in installed_entry_points():
        dist = getattr(ep, "dist", None)
        if ep.name in wanted and dist is not None and dist.metadata["Name"]:
            found[ep.name] = str(dist.metadata["Name"])
    return found


def plugins_on() -> tuple[list[str], list[str]]:
    """Return the names of the plugins on now, base first, and those of them the user named
    (they must load): UNBROKEN_PLUGINS's, or else every installed plugin not disabled."""
    requested = requested_plugins()
    if requested is not None:
        return requested, requested[1:]
    disabled = set(disabled_plugins())
    return [BASE, *(ep.name for ep in installed_entry_points() if ep.name not in disabled)], []
