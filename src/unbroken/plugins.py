"""Building the Ruleset the game plays with from the base game and enabled plugins.

Plugins are pluggy plugins found through the `unbroken` entry-point group;
the base game is the built-in plugin `base` (unbroken.base), registered
through the same hooks. Load order is deterministic: `base` first, then the
other plugins by name; a plugin whose content needs another plugin's cards is
placed after it. A plugin whose distribution needs another version of the
game (`Requires-Dist: unbroken>=...`), fails to import, has bad content,
defines a duplicate id, needs a missing card or raises is reported (a
`PluginWarning` naming it, and the file:line of the content at fault, or the
hook and file:line when code failed) and skipped: it contributes nothing. When the
user named it (`UNBROKEN_PLUGINS`, `--plugins`) that is a `PluginError`
instead.

Which plugins are on: `UNBROKEN_PLUGINS` (a comma list; "base" alone is the
base game only) overrides the user config (`plugins.json` in the config dir:
`{"disabled": [...]}`), where every installed plugin is on unless disabled.

How plugin content joins the base game:

* its cards are namespaced `<plugin>:<id>` and added to the decks;
* a monster takes the die face (`level`, `number`) it names: it replaces the
  monster an earlier pack has on that face while the plugin is on;
* `[[upgrades]]` tables (`from`, `to`, `cost`) add upgrade edges to weapons of
  earlier packs, so a new weapon line joins the upgrade tree.

With no plugin enabled, the packs are exactly the base pack: the ruleset (and
its digest) is the base game's, byte for byte.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
import traceback
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

import msgspec
import pluggy

from unbroken import __version__, base, hookspecs
from unbroken.content import (
    CardLines,
    ContentError,
    Problem,
    UpgradeEdge,
    base_content_dir,
    did_you_mean,
    ids_of_kind_named,
    load_pack,
    missing_edge_weapons,
    read_pack,
    read_upgrades,
)
from unbroken.core.model import CARD_KINDS, Pack, Weapon
from unbroken.core.ruleset import EffectHandler, Ruleset, RulesetError, build_ruleset
from unbroken.core.state import GameState
from unbroken.hookspecs import AchievementPredicate, ScoringRule
from unbroken.requirements import unmet_requirement

#: The entry-point group (and pluggy project name) of Unbroken plugins.
GROUP = "unbroken"
#: The built-in plugin that is the base game; always first, always on.
BASE = "base"
#: The environment variable naming the plugins to use (a comma list).
ENV = "UNBROKEN_PLUGINS"
#: The card kinds a pack holds, in the order listings show them.
KINDS = tuple(CARD_KINDS)
_ONE = {"classes": "class", "upgrades": "upgrade"}
_T = TypeVar("_T")


def adds_text(adds: dict[str, int]) -> str:
    """Return what a plugin adds as words: `1 monster, 2 weapons, 1 upgrade`."""
    return ", ".join(
        f"{n} {kind if n != 1 else _ONE.get(kind, kind.removesuffix('s'))}"
        for kind, n in adds.items()
        if n
    )


class PluginError(Exception):
    """A plugin the user asked for by name cannot be used; the message says which and why."""


class PluginWarning(UserWarning):
    """An optional plugin was skipped; the message names it and says why."""


class HookError(Exception):
    """A plugin's hook raised or returned something unusable; the message names the hook.

    It reads `unbroken_bots raised RuntimeError: boom (__init__.py:12)`:
    the hook, the error, and the innermost line of the plugin's own code.
    """


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
    problem: str = ""


@dataclass
class Plugins:
    """The result of loading plugins: the ruleset and everything else they add."""

    ruleset: Ruleset
    infos: list[PluginInfo]
    problems: list[str]
    scoring_rules: list[ScoringRule]
    achievements: list[tuple[Any, AchievementPredicate]]
    bots: dict[str, Any]
    observers: list[tuple[str, Callable[..., Any]]]

    def alternative_scores(
        self, events: list[Any], state: GameState, ruleset: Ruleset | None = None
    ) -> dict[str, int]:
        """Return {scoring rule name: points} for a finished game (rules that apply only)."""
        out: dict[str, int] = {}
        for rule in self.scoring_rules:
            try:
                points = rule.score(ruleset or self.ruleset, events, state)
            except Exception as exc:  # a broken rule must not lose the player's game
                where = _where(exc, getattr(rule.score, "__module__", "") or "")
                _report(f"scoring rule {rule.name!r} raised {_say(exc)}{where}")
                continue
            if points is not None:
                out[rule.name] = int(points)
        return out

    def observe(self, event: Any, state: GameState) -> None:
        """Show one event to every `unbroken_game_event` observer; a raising one is dropped.

        A game goes through unbroken.session.Observers instead, which does the
        same for one game (and also switches off a slow observer).
        """
        for name, observer in list(self.observers):
            try:
                observer(event=event, state=state)
            except Exception as exc:
                _report(observer_failure(name, observer, exc))
                self.observers.remove((name, observer))


def observer_failure(name: str, observer: Callable[..., Any], exc: BaseException) -> str:
    """Return the one line that names a plugin whose observer raised, and where it raised."""
    where = _where(exc, getattr(observer, "__module__", "") or "")
    return f"plugin {name!r}: unbroken_game_event raised {_say(exc)}{where}"


def report(message: str) -> None:
    """Warn, in one `unbroken: warning:` line, about what a plugin did (a PluginWarning)."""
    _report(message)


def _report(message: str) -> None:
    """Warn about a skipped plugin; shown as one line `unbroken: warning: plugin 'x': ...`.

    It is a PluginWarning (filters and `pytest.warns` see it as one); only the
    printed form is ours, so it does not pose as a `file:line`.
    """
    shown = warnings.formatwarning

    def one_line(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        line: Any = None,
    ) -> str:
        if issubclass(category, PluginWarning):
            return f"unbroken: warning: {message}\n"
        return shown(message, category, filename, lineno, line)

    warnings.formatwarning = one_line
    try:
        warnings.warn_explicit(message, PluginWarning, filename="unbroken", lineno=0)
    finally:
        warnings.formatwarning = shown


# --------------------------------------------------------------------------- which plugins are on


def config_file() -> Path:
    """Return the user config file that holds the disabled plugins."""
    from unbroken.paths import config_dir

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
            module: object = importlib.import_module(module_name)
            for part in filter(None, attr.split(".")):
                module = getattr(module, part)
        except Exception as exc:
            raise PluginError(
                f"{pyproject}: plugin {name!r} failed to import: "
                f"{_say(exc)}{_where(exc, module_name)}"
            ) from None
        finally:
            sys.path.remove(str(roots[0]))
        found.append((name, module))
    return found


# --------------------------------------------------------------------------- what a plugin needs


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


# --------------------------------------------------------------------------- the manager


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
    for ep in installed_entry_points():
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
            loaded = load()
            pm.register(loaded, name=name)
            pm.check_pending()
        except Exception as exc:
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


def _say(exc: BaseException) -> str:
    """Return `Type: first line of the message` (a HookError: its message alone)."""
    text = str(exc).strip().splitlines()
    first = re.sub(r" in plugin <.*>$", "", text[0]) if text else ""  # pluggy's module repr
    if isinstance(exc, HookError):
        return first
    return f"{type(exc).__name__}: {first}".rstrip(": ")


def _module_of(plugin: object) -> str:
    """Return the name of the module that defines `plugin` (a module, or an object's class)."""
    if isinstance(plugin, ModuleType):
        return plugin.__name__
    return str(getattr(type(plugin), "__module__", ""))


def _code_root(module: str) -> Path | None:
    """Return the folder of `module`'s top-level package (or its file), without importing it."""
    top = module.split(".")[0]
    if not top:
        return None
    origin = getattr(sys.modules.get(top), "__file__", None)
    if origin is None:
        try:
            spec = importlib.util.find_spec(top)
        except (ImportError, ValueError):
            return None
        origin = spec.origin if spec is not None else None
    if not origin or not os.path.isfile(origin):
        return None
    path = Path(origin).resolve()
    return path.parent if path.name == "__init__.py" else path


def _where(exc: BaseException, module: str) -> str:
    """Return ` (file.py:line)` of the innermost traceback frame in `module`'s package, or ""."""
    root = _code_root(module)
    if root is None:
        return ""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        path = Path(frame.filename).resolve()
        if path == root or root in path.parents:
            return f" ({path.name}:{frame.lineno})"
    return ""


def _hook_error(hook: str, exc: Exception, plugin: object) -> HookError:
    """Return a HookError naming `hook`, what it raised and where in the plugin."""
    return HookError(f"{hook} raised {_say(exc)}{_where(exc, _module_of(plugin))}")


# --------------------------------------------------------------------------- loading


@dataclass
class _Contribution:
    """Everything one plugin brings: packs, upgrade edges, handlers, rules, bots, observers.

    It is gathered whole before the plugin is accepted, so a plugin that fails
    anywhere contributes nothing.
    """

    name: str
    folders: list[Path] = field(default_factory=list)
    packs: list[Pack] = field(default_factory=list)
    upgrades: list[UpgradeEdge] = field(default_factory=list)
    handlers: dict[str, EffectHandler] = field(default_factory=dict)
    scoring_rules: list[ScoringRule] = field(default_factory=list)
    achievements: list[tuple[Any, AchievementPredicate]] = field(default_factory=list)
    bots: dict[str, Any] = field(default_factory=dict)
    observers: list[Callable[..., Any]] = field(default_factory=list)


def _contribution(pm: pluggy.PluginManager, name: str) -> _Contribution:
    """Return all plugin `name` brings; raise ContentError or HookError on a fault."""
    got = _Contribution(name, plugin_content_folders(pm, name))
    for folder in got.folders:
        pack, problems = read_pack(folder, name)
        edges, edge_problems = read_upgrades(folder, name)
        if problems or edge_problems:
            raise ContentError("\n".join(str(p) for p in [*problems, *edge_problems]))
        assert pack is not None
        got.packs.append(pack)
        got.upgrades.extend(edges)
    got.handlers.update(plugin_handlers(pm, name))

    def scoring(rules: list[ScoringRule]) -> list[ScoringRule]:
        return [ScoringRule(_named(name, r.name), r.text, r.score) for r in rules]

    def achievements(
        pairs: list[tuple[Any, AchievementPredicate]],
    ) -> list[tuple[Any, AchievementPredicate]]:
        return [(achievement, predicate) for achievement, predicate in pairs if str(achievement.id)]

    def bots(given: dict[str, Any]) -> dict[str, Any]:
        return {_named(name, key): bot for key, bot in given.items()}

    got.scoring_rules = _shaped(pm, name, "unbroken_scoring_rules", [], scoring)
    got.achievements = _shaped(pm, name, "unbroken_achievements", [], achievements)
    got.bots = _shaped(pm, name, "unbroken_bots", {}, bots)
    got.observers = [impl for owner, impl in _impls(pm, "unbroken_game_event") if owner == name]
    return got


def _named(plugin: str, key: str) -> str:
    """Return `key` under plugin's namespace: `plugin:key` (a given namespace is replaced)."""
    return f"{plugin}:{str(key).split(':')[-1]}"


def plugin_handlers(pm: pluggy.PluginManager, name: str) -> dict[str, EffectHandler]:
    """Return plugin `name`'s effect handlers under the names cards use (`name:key`).

    Raises HookError when its `unbroken_effect_handlers` raises or returns no dict.
    """

    def named(handlers: dict[str, EffectHandler]) -> dict[str, EffectHandler]:
        return {key if name == BASE else _named(name, key): h for key, h in handlers.items()}

    return _shaped(pm, name, "unbroken_effect_handlers", {}, named)


def plugin_content_folders(pm: pluggy.PluginManager, name: str) -> list[Path]:
    """Return the content folders plugin `name` gives (its `unbroken_content_packs`).

    Raises HookError when the hook raises or returns no list of paths.
    """
    return _shaped(pm, name, "unbroken_content_packs", [], lambda got: [Path(f) for f in got])


def _shaped(
    pm: pluggy.PluginManager, name: str, hook: str, default: Any, shape: Callable[[Any], _T]
) -> _T:
    """Return `shape` of what plugin `name`'s `hook` returns; a HookError when either fails."""
    value = _call(pm, name, hook, default)
    try:
        return shape(value)
    except Exception as exc:
        raise HookError(
            f"{hook} returned an unusable {type(value).__name__} ({_say(exc)})"
        ) from exc


def _call(pm: pluggy.PluginManager, name: str, hook: str, default: Any) -> Any:
    """Return what plugin `name`'s implementation of `hook` returns (`default` if none)."""
    for owner, impl in _impls(pm, hook):
        if owner == name:
            try:
                return impl()
            except Exception as exc:  # a plugin's hook is untrusted code
                raise _hook_error(hook, exc, pm.get_plugin(name)) from exc
    return default


def compose(contributions: Sequence[_Contribution]) -> list[Pack]:
    """Return the packs in load order with monster faces replaced and upgrade edges added.

    Raises RulesetError naming the file:line of each edge whose `from` or `to`
    is no weapon of its own or an earlier pack.
    """
    packs: list[Pack] = []
    for contribution in contributions:
        for pack in contribution.packs:
            faces = {(m.level, m.number) for m in pack.monsters}
            packs = [
                msgspec.structs.replace(
                    p, monsters=[m for m in p.monsters if (m.level, m.number) not in faces]
                )
                if any((m.level, m.number) in faces for m in p.monsters)
                else p
                for p in packs
            ]
            packs.append(pack)
        known = {w.id for p in packs for w in p.weapons}
        problems: list[Problem] = []
        for edge in contribution.upgrades:
            found = missing_edge_weapons(edge, contribution.name, known)
            if found:
                problems.extend(found)
            else:
                packs = _add_upgrade(packs, edge)
        if problems:
            raise RulesetError("\n".join(str(p) for p in problems))
    return packs


def _add_upgrade(packs: list[Pack], edge: UpgradeEdge) -> list[Pack]:
    """Return `packs` with the edge's upgrade appended to the upgrades of its weapon."""
    for i, pack in enumerate(packs):
        weapons: list[Weapon] = list(pack.weapons)
        for j, weapon in enumerate(weapons):
            if weapon.id == edge.weapon:
                upgrades = [*weapon.upgrades, edge.upgrade]
                weapons[j] = msgspec.structs.replace(weapon, upgrades=upgrades)
                return [*packs[:i], msgspec.structs.replace(pack, weapons=weapons), *packs[i + 1 :]]
    return packs


def load_plugins(
    names: Sequence[str] | None = None,
    strict: Sequence[str] = (),
    extra: Sequence[tuple[str, object]] = (),
) -> Plugins:
    """Load the base game and plugins (`names`, or every installed one) into a Plugins.

    A plugin in `strict` that cannot be used raises PluginError; others are
    reported with a PluginWarning and skipped: a skipped plugin contributes
    nothing (no cards, handlers, scoring rules, achievements, bots or
    observers). A broken base game raises ContentError or RulesetError as before.
    """
    problems: list[str] = []
    infos: list[PluginInfo] = []
    pm = get_plugin_manager(names, extra, problems, infos)
    by_name = {info.name: info for info in infos}
    for info in infos:  # of two distributions giving one name, the one registered
        if info.enabled and not info.problem:
            by_name[info.name] = info
    missing = [n for n in strict if n not in by_name]
    if missing:
        known = ", ".join(info.name for info in infos)
        raise PluginError(f"plugin {missing[0]!r} is not installed; installed: {known}")

    def fail(name: str, message: str) -> None:
        by_name[name].problem = message
        problems.append(message)

    accepted = [_contribution(pm, BASE)]
    handlers: dict[str, EffectHandler] = dict(accepted[0].handlers)
    ruleset = build_ruleset(compose(accepted), handlers=handlers, plugins={BASE: __version__})
    pending: list[_Contribution] = []
    for name, _ in sorted(pm.list_name_plugin()):
        if name == BASE:
            continue
        try:
            pending.append(_contribution(pm, name))
        except Exception as exc:
            fail(
                name, f"plugin {name!r}: {_say(exc) if not isinstance(exc, ContentError) else exc}"
            )
    errors: dict[str, str] = {}
    progress = True
    while pending and progress:
        progress = False
        for contribution in list(pending):
            trial = [*accepted, contribution]
            trial_handlers = {**handlers, **contribution.handlers}
            versions = {c.name: by_name[c.name].version for c in trial}
            try:
                ruleset = build_ruleset(compose(trial), handlers=trial_handlers, plugins=versions)
            except (RulesetError, ContentError) as exc:
                errors[contribution.name] = _located(exc, contribution, trial)
                continue
            accepted.append(contribution)
            handlers = trial_handlers
            pending.remove(contribution)
            progress = True
    for contribution in pending:
        fail(contribution.name, f"plugin {contribution.name!r}: {errors[contribution.name]}")
    if len(accepted) > 1:
        versions = {c.name: by_name[c.name].version for c in accepted}
        ruleset = build_ruleset(compose(accepted), handlers=handlers, plugins=versions)
    # A skipped plugin contributes nothing: only the accepted ones stay registered.
    kept = {c.name for c in accepted}
    for name, _ in pm.list_name_plugin():
        if name not in kept:
            pm.unregister(name=name)

    result = Plugins(ruleset, infos, problems, [], [], {}, [])
    for contribution in accepted:
        info = by_name[contribution.name]
        info.loaded = True
        for kind in KINDS:
            count = sum(len(getattr(p, kind)) for p in contribution.packs)
            if count:
                info.adds[kind] = count
        if contribution.upgrades:
            info.adds["upgrades"] = len(contribution.upgrades)
        info.handlers = sorted(contribution.handlers)
        result.scoring_rules.extend(contribution.scoring_rules)
        info.scoring_rules = [rule.name for rule in contribution.scoring_rules]
        result.achievements.extend(contribution.achievements)
        info.achievements = [str(achievement.id) for achievement, _ in contribution.achievements]
        result.bots.update(contribution.bots)
        info.bots = list(contribution.bots)
        if contribution.observers:
            result.observers.append((contribution.name, _observer(pm, contribution.name)))
    for message in problems:
        name = next((i.name for i in infos if i.problem == message), "")
        if name in strict:
            raise PluginError(message)
        _report(message)
    return result


def _located(
    exc: RulesetError | ContentError,
    contribution: _Contribution,
    trial: Sequence[_Contribution] = (),
) -> str:
    """Return the error, each problem of one of the plugin's cards at its file:line, and
    a missing card or handler named with the nearest id of its kind in `trial` or the
    nearest of the plugin's own handlers (as content check does)."""
    problems = getattr(exc, "problems", ())
    if not problems:
        return str(exc)
    tables: dict[str, list[str]] = {}
    for c in trial:
        for pack in c.packs:
            for kind in KINDS:
                tables.setdefault(kind, []).extend(card.id for card in getattr(pack, kind))
    cards = CardLines(contribution.folders, contribution.name)
    out: list[str] = []
    for problem in problems:
        message = problem.message
        if problem.names:  # a handler among the plugin's own, a card among its kind's
            if "unknown handler" in message:
                known: Iterable[str] = contribution.handlers
            else:
                known = ids_of_kind_named(message, problem.names, tables)
            message += did_you_mean(problem.names, known)
        where = cards.where(problem.card, problem.names)
        out.append(str(Problem(*where, message)) if where else message)
    return "\n".join(out)


def _observer(pm: pluggy.PluginManager, name: str) -> Callable[..., Any]:
    """Return the `unbroken_game_event` hook caller of plugin `name` alone.

    Called as `caller(event=..., state=...)`, pluggy gives the implementation
    the arguments it declares (`def unbroken_game_event(event)` is fine), and
    one plugin's failure can be told from another's (unbroken.session.Observers).
    """
    others = [plugin for other, plugin in pm.list_name_plugin() if other != name]
    caller = pm.subset_hook_caller("unbroken_game_event", remove_plugins=others)

    def observe(**kwargs: Any) -> None:
        caller(**kwargs)

    observe.__module__ = _module_of(pm.get_plugin(name))  # where its errors are looked for
    return observe


def _impls(pm: pluggy.PluginManager, hook: str) -> list[tuple[str, Callable[..., Any]]]:
    order = [name for name, _ in pm.list_name_plugin()]
    impls = sorted(getattr(pm.hook, hook).get_hookimpls(), key=lambda i: order.index(i.plugin_name))
    return [(impl.plugin_name, impl.function) for impl in impls]


@lru_cache(maxsize=8)
def _load_cached(names: tuple[str, ...] | None, strict: tuple[str, ...]) -> Plugins:
    return load_plugins(names, strict)


def plugins_on() -> tuple[list[str], list[str]]:
    """Return the names of the plugins on now, base first, and those of them the user named
    (they must load): UNBROKEN_PLUGINS's, or else every installed plugin not disabled."""
    requested = requested_plugins()
    if requested is not None:
        return requested, requested[1:]
    disabled = set(disabled_plugins())
    return [BASE, *(ep.name for ep in installed_entry_points() if ep.name not in disabled)], []


def current_plugins() -> Plugins:
    """Return the plugins on now (UNBROKEN_PLUGINS or the user config), cached per set."""
    names, strict = plugins_on()
    return _load_cached(tuple(names), tuple(strict))


def load_ruleset(content: Path | None = None) -> Ruleset:
    """Return the ruleset of base + enabled plugins (or of the pack folder `content`)."""
    if content is None:
        return current_plugins().ruleset
    return build_ruleset([load_pack(content, BASE)], plugins={BASE: __version__})


def alternative_scores(ruleset: Ruleset, events: list[Any], state: GameState) -> dict[str, int]:
    """Return {scoring rule name: points} from the plugins' scoring rules for a finished game."""
    if set(ruleset.plugins) <= {BASE}:
        return {}
    names = tuple([BASE, *sorted(set(ruleset.plugins) - {BASE})])
    return _load_cached(names, ()).alternative_scores(events, state, ruleset)


__all__ = [
    "BASE",
    "GROUP",
    "HookError",
    "PluginError",
    "PluginInfo",
    "PluginWarning",
    "Plugins",
    "alternative_scores",
    "base_content_dir",
    "get_plugin_manager",
    "load_plugins",
    "load_ruleset",
    "plugins_on",
]
