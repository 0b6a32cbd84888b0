"""The plugin manager: hookspecs, the base game, then the installed plugins that are on, checked.

Plugins are pluggy plugins found through the `unbroken` entry-point group;
the base game is the built-in plugin `base` (unbroken.plugins.base), registered
through the same hooks. A plugin whose distribution needs another version of
the game (`Requires-Dist: unbroken>=...`) is left out before it is imported;
one that fails to import or to register is left out too, each with the
problem named.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pluggy

# Called through the module, so that a test's stand-in for config.installed_entry_points is seen.
import unbroken.plugins.config as config
import unbroken.plugins.time_limits as limits
from unbroken import __version__
from unbroken.plugins import base, hookspecs
from unbroken.plugins.config import BASE, GROUP
from unbroken.plugins.reporting import PluginError, _module_of, _report, _say, _where
from unbroken.plugins.requirements import unmet_requirement


@dataclass
class PluginInfo:
    """What one plugin is and adds, for `unbroken plugins` and the new-game screen."""

    name: str
    version: str
    origin: str
    enabled: bool = True
    loaded: bool = False
    adds: dict[str, int] = field(default_factory=dict)
    scoring_rules: list[str] = field(default_factory=list)
    handlers: list[str] = field(default_factory=list)
    achievements: list[str] = field(default_factory=list)
    bots: list[str] = field(default_factory=list)
    #: Its game observers (`unbroken_game_event`), as module.function.
    observers: list[str] = field(default_factory=list)
    #: Display names of its scoring rules and bots that have one: {id: name}.
    titles: dict[str, str] = field(default_factory=dict)
    #: Its Records-screen panels (`unbroken_records_panels`), as `<plugin>:<name>`.
    records_panels: list[str] = field(default_factory=list)
    #: The titles of its sections of the help screen (`unbroken_help_sections`).
    help_sections: list[str] = field(default_factory=list)
    problem: str = ""


def project_plugins(project: Path) -> list[tuple[str, object]]:
    """Import the plugins a plugin project declares, from its source, not installed.

    `project` is the folder of its pyproject.toml; each entry point of the
    `unbroken` group is imported from `src/` or the project folder. Returns
    (name, module) pairs for `get_plugin_manager(extra=...)`. Raises
    PluginError naming the file and what is wrong.
    """
    import tomllib

    pyproject = project / "pyproject.toml"
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except OSError as exc:
        raise PluginError(f"{pyproject}: cannot read it ({exc.strerror})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise PluginError(f"{pyproject}: not valid TOML ({exc})") from None
    points = data.get("project", {}).get("entry-points", {}).get(GROUP, {})
    if not isinstance(points, dict) or not points:
        raise PluginError(
            f"{pyproject}: no [project.entry-points.{GROUP}] table: "
            "a plugin declares its name and module there"
        )
    found: list[tuple[str, object]] = []
    for name, ref in sorted(points.items()):
        module_name, _, attr = str(ref).partition(":")
        top = module_name.split(".")[0]
        roots = [
            r
            for r in (project / "src", project)
            if (r / top).exists() or (r / f"{top}.py").exists()
        ]
        if not roots:
            raise PluginError(
                f"{pyproject}: plugin {name!r}: module {module_name!r} not found under {project}"
            )
        sys.path.insert(0, str(roots[0]))
        try:
            for loaded in [m for m in sys.modules if m == top or m.startswith(top + ".")]:
                del sys.modules[loaded]  # an installed copy must not stand in for the source
            module: object = limits.bounded(limits.LOAD_LIMIT, importlib.import_module, module_name)
            for part in filter(None, attr.split(".")):
                module = getattr(module, part)
        except (Exception, SystemExit) as exc:
            raise PluginError(
                f"{pyproject}: plugin {name!r} failed to import: "
                f"{_say(exc)}{_where(exc, module_name)}"
            ) from None
        finally:
            sys.path.remove(str(roots[0]))
        found.append((name, module))
    return found


def requirement_problem(name: str, origin: str, dist: Any) -> str:
    """Return why plugin `name` cannot run on this version of the game ("" when it can).

    A requirement that cannot be checked is warned about in one line, and
    the plugin loads.
    """
    if dist is None:
        return ""
    unmet, unchecked = unmet_requirement(getattr(dist, "requires", None))
    if unmet:
        return (
            f"plugin {name!r} ({origin}): {dist.name} {dist.version} needs {unmet}, "
            f"this is unbroken {__version__}; upgrade unbroken or install an older {dist.name}"
        )
    if unchecked:
        _report(
            f"plugin {name!r} ({origin}): cannot check its requirement {unchecked!r} "
            f"against unbroken {__version__}; loading it anyway"
        )
    return ""


def get_plugin_manager(
    names: Sequence[str] | None = None,
    extra: Sequence[tuple[str, object]] = (),
    problems: list[str] | None = None,
    infos: list[PluginInfo] | None = None,
) -> pluggy.PluginManager:
    """Return a fresh manager: hookspecs, the base plugin, then the plugins on, checked.

    `names` limits the entry points loaded (None: all installed); `extra` registers
    (name, plugin object) pairs as if installed (tests, scratch plugins, a plugin
    project being checked), in place of an installed plugin of the same name.
    Plugins that fail are left out and described in `problems`.
    """
    problems = [] if problems is None else problems
    infos = [] if infos is None else infos
    pm = pluggy.PluginManager(GROUP)
    pm.add_hookspecs(hookspecs)
    pm.register(base, name=BASE)
    infos.append(PluginInfo(BASE, __version__, "built-in"))
    candidates: list[tuple[str, str, str, str, Callable[[], object], Any]] = []
    replaced = {name for name, _ in extra}
    for ep in config.installed_entry_points():
        if ep.name in replaced:
            continue
        dist = ep.dist
        version = dist.version if dist is not None else "?"
        origin = f"{dist.name} (entry point)" if dist is not None else "entry point"
        module = ep.value.partition(":")[0].strip()
        candidates.append((ep.name, origin, version, module, ep.load, dist))
    for name, plugin in extra:
        version = str(getattr(plugin, "__version__", "0"))
        module = _module_of(plugin)
        candidates.append((name, "registered", version, module, _returning(plugin), None))
    # By name, then by distribution: of two distributions giving one name, the
    # same one wins on every machine.
    holder = {BASE: "the base game"}
    for name, origin, version, module, load, dist in sorted(candidates, key=lambda c: c[:2]):
        info = PluginInfo(name, version, origin, enabled=names is None or name in names)
        infos.append(info)
        if not info.enabled:
            continue
        if name == BASE or pm.has_plugin(name):
            info.problem = (
                f"plugin {name!r} ({origin}): the name is already taken by {holder[name]}; "
                "skipped (uninstall one of them)"
            )
            problems.append(info.problem)
            continue
        # Checked before importing it: a plugin for a newer game may not even import.
        info.problem = requirement_problem(name, origin, dist)
        if info.problem:
            problems.append(info.problem)
            continue
        try:
            loaded = limits.bounded(limits.LOAD_LIMIT, load)
            pm.register(loaded, name=name)
            pm.check_pending()
        except (Exception, SystemExit) as exc:  # sys.exit() at import ends nothing but it
            if pm.has_plugin(name):
                pm.unregister(name=name)
            where = "" if isinstance(exc, SyntaxError) else _where(exc, module)
            info.problem = f"plugin {name!r} ({origin}) failed to load: {_say(exc)}{where}"
            problems.append(info.problem)
            continue
        holder[name] = origin
    return pm


def _returning(plugin: object) -> Callable[[], object]:
    """Return a loader that gives `plugin` (as an entry point's load() would)."""
    return lambda: plugin
