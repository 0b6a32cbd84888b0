"""Building the Ruleset the game plays with from the base game and enabled plugins.

Plugins are pluggy plugins found through the `unbroken` entry-point group;
the base game is the built-in plugin `base` (unbroken.base), registered
through the same hooks. Load order is deterministic: `base` first, then the
other plugins by name; a plugin whose content needs another plugin's cards is
placed after it. A plugin that fails to import, has bad content, defines a
duplicate id, needs a missing card or raises is reported (a `PluginWarning`
naming it) and skipped; when the user named it (`UNBROKEN_PLUGINS`,
`--plugins`) that is a `PluginError` instead.

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

import json
import os
import re
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any

import msgspec
import pluggy

from unbroken import __version__, base, hookspecs
from unbroken.content import ContentError, base_content_dir, load_pack, read_pack, read_upgrades
from unbroken.core.model import Pack, Upgrade, Weapon
from unbroken.core.ruleset import EffectHandler, Ruleset, RulesetError, build_ruleset
from unbroken.core.state import GameState
from unbroken.hookspecs import AchievementPredicate, ScoringRule

#: The entry-point group (and pluggy project name) of Unbroken plugins.
GROUP = "unbroken"
#: The built-in plugin that is the base game; always first, always on.
BASE = "base"
#: The environment variable naming the plugins to use (a comma list).
ENV = "UNBROKEN_PLUGINS"
#: The card kinds a pack holds, in the order listings show them.
KINDS = ("classes", "characters", "weapons", "monsters", "skills", "conditions", "encounters")
_ONE = {"classes": "class", "upgrades": "upgrade"}


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
                _report(f"scoring rule {rule.name!r} raised {type(exc).__name__}: {exc}")
                continue
            if points is not None:
                out[rule.name] = int(points)
        return out

    def observe(self, event: Any, state: GameState) -> None:
        """Show one event to every `unbroken_game_event` observer; a raising one is dropped."""
        for name, observer in list(self.observers):
            try:
                observer(event=event, state=state)
            except Exception as exc:
                _report(f"plugin {name!r}: unbroken_game_event raised {type(exc).__name__}: {exc}")
                self.observers.remove((name, observer))


def _report(message: str) -> None:
    """Warn about a skipped plugin; shown as one line `unbroken: PluginWarning: ...`."""
    warnings.warn_explicit(message, PluginWarning, filename="unbroken", lineno=0)


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
    import importlib
    import sys
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
                f"{pyproject}: plugin {name!r} failed to import: {_say(exc)}"
            ) from None
        finally:
            sys.path.remove(str(roots[0]))
        found.append((name, module))
    return found


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
    candidates: list[tuple[str, str, str, Callable[[], object]]] = []
    replaced = {name for name, _ in extra}
    for ep in installed_entry_points():
        if ep.name in replaced:
            continue
        dist = ep.dist
        version = dist.version if dist is not None else "?"
        origin = f"{dist.name} (entry point)" if dist is not None else "entry point"
        candidates.append((ep.name, version, origin, ep.load))
    for name, plugin in extra:
        version = str(getattr(plugin, "__version__", "0"))
        candidates.append((name, version, "registered", _returning(plugin)))
    for name, version, origin, load in sorted(candidates, key=lambda c: c[0]):
        info = PluginInfo(name, version, origin, enabled=names is None or name in names)
        infos.append(info)
        if not info.enabled:
            continue
        if name == BASE or pm.has_plugin(name):
            info.problem = f"plugin {name!r} ({origin}): the name is already taken; skipped"
            problems.append(info.problem)
            continue
        try:
            module = load()
            pm.register(module, name=name)
            pm.check_pending()
        except Exception as exc:
            if pm.has_plugin(name):
                pm.unregister(name=name)
            info.problem = f"plugin {name!r} ({origin}) failed to load: {_say(exc)}"
            problems.append(info.problem)
    return pm


def _returning(plugin: object) -> Callable[[], object]:
    """Return a loader that gives `plugin` (as an entry point's load() would)."""
    return lambda: plugin


def _say(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    first = re.sub(r" in plugin <.*>$", "", text[0]) if text else ""  # pluggy's module repr
    return f"{type(exc).__name__}: {first}".rstrip(": ")


# --------------------------------------------------------------------------- loading


@dataclass
class _Contribution:
    """What one plugin brings to the ruleset: packs, upgrade edges, handlers."""

    name: str
    packs: list[Pack] = field(default_factory=list)
    upgrades: list[tuple[str, Upgrade]] = field(default_factory=list)
    handlers: dict[str, EffectHandler] = field(default_factory=dict)


def _contribution(pm: pluggy.PluginManager, name: str) -> _Contribution:
    """Return a plugin's packs, edges and handlers; raise ContentError/Exception on a fault."""
    got = _Contribution(name)
    for folder in plugin_content_folders(pm, name):
        pack, problems = read_pack(folder, name)
        edges, edge_problems = read_upgrades(folder, name)
        if problems or edge_problems:
            raise ContentError("\n".join(str(p) for p in [*problems, *edge_problems]))
        assert pack is not None
        got.packs.append(pack)
        got.upgrades.extend(edges)
    got.handlers.update(plugin_handlers(pm, name))
    return got


def plugin_handlers(pm: pluggy.PluginManager, name: str) -> dict[str, EffectHandler]:
    """Return plugin `name`'s effect handlers under the names cards use (`name:key`)."""
    return {
        key if name == BASE else f"{name}:{key.split(':')[-1]}": handler
        for key, handler in _call(pm, name, "unbroken_effect_handlers", {}).items()
    }


def plugin_content_folders(pm: pluggy.PluginManager, name: str) -> list[Path]:
    """Return the content folders plugin `name` gives (its `unbroken_content_packs`)."""
    return [Path(folder) for folder in _call(pm, name, "unbroken_content_packs", [])]


def _call(pm: pluggy.PluginManager, name: str, hook: str, default: Any) -> Any:
    """Return what plugin `name`'s implementation of `hook` returns (`default` if none)."""
    for owner, impl in _impls(pm, hook):
        if owner == name:
            return impl()
    return default


def compose(contributions: Sequence[_Contribution]) -> list[Pack]:
    """Return the packs in load order with monster faces replaced and upgrade edges added."""
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
        for weapon_id, upgrade in contribution.upgrades:
            packs = _add_upgrade(packs, weapon_id, upgrade, contribution.name)
    return packs


def _add_upgrade(packs: list[Pack], weapon_id: str, upgrade: Upgrade, owner: str) -> list[Pack]:
    for i, pack in enumerate(packs):
        weapons: list[Weapon] = list(pack.weapons)
        for j, weapon in enumerate(weapons):
            if weapon.id == weapon_id:
                weapons[j] = msgspec.structs.replace(weapon, upgrades=[*weapon.upgrades, upgrade])
                return [*packs[:i], msgspec.structs.replace(pack, weapons=weapons), *packs[i + 1 :]]
    raise RulesetError(f"pack {owner!r} adds an upgrade to missing weapon {weapon_id!r}")


def load_plugins(
    names: Sequence[str] | None = None,
    strict: Sequence[str] = (),
    extra: Sequence[tuple[str, object]] = (),
) -> Plugins:
    """Load the base game and plugins (`names`, or every installed one) into a Plugins.

    A plugin in `strict` that cannot be used raises PluginError; others are
    reported with a PluginWarning and skipped. A broken base game raises
    ContentError or RulesetError as before.
    """
    problems: list[str] = []
    infos: list[PluginInfo] = []
    pm = get_plugin_manager(names, extra, problems, infos)
    by_name = {info.name: info for info in infos}
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
                errors[contribution.name] = str(exc)
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
    for name in [c.name for c in pending]:
        if pm.has_plugin(name):
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
    for hook, collect in (
        ("unbroken_scoring_rules", _collect_scoring),
        ("unbroken_achievements", _collect_achievements),
        ("unbroken_bots", _collect_bots),
    ):
        for name, impl in _impls(pm, hook):
            try:
                collect(result, by_name[name], impl())
            except Exception as exc:
                fail(name, f"plugin {name!r}: {hook} raised {_say(exc)}")
    for name, impl in _impls(pm, "unbroken_game_event"):
        result.observers.append((name, impl))
    for message in problems:
        name = next((i.name for i in infos if i.problem == message), "")
        if name in strict:
            raise PluginError(message)
        _report(message)
    return result


def _impls(pm: pluggy.PluginManager, hook: str) -> list[tuple[str, Callable[..., Any]]]:
    order = [name for name, _ in pm.list_name_plugin()]
    impls = sorted(getattr(pm.hook, hook).get_hookimpls(), key=lambda i: order.index(i.plugin_name))
    return [(impl.plugin_name, impl.function) for impl in impls]


def _collect_scoring(result: Plugins, info: PluginInfo, rules: list[ScoringRule]) -> None:
    for rule in rules:
        named = ScoringRule(f"{info.name}:{rule.name.split(':')[-1]}", rule.text, rule.score)
        result.scoring_rules.append(named)
        info.scoring_rules.append(named.name)


def _collect_achievements(
    result: Plugins, info: PluginInfo, pairs: list[tuple[Any, AchievementPredicate]]
) -> None:
    for achievement, predicate in pairs:
        result.achievements.append((achievement, predicate))
        info.achievements.append(str(achievement.id))


def _collect_bots(result: Plugins, info: PluginInfo, bots: dict[str, Any]) -> None:
    for key, bot in bots.items():
        result.bots[f"{info.name}:{key.split(':')[-1]}"] = bot
        info.bots.append(f"{info.name}:{key.split(':')[-1]}")


@lru_cache(maxsize=8)
def _load_cached(names: tuple[str, ...] | None, strict: tuple[str, ...]) -> Plugins:
    return load_plugins(names, strict)


def current_plugins() -> Plugins:
    """Return the plugins on now (UNBROKEN_PLUGINS or the user config), cached per set."""
    requested = requested_plugins()
    if requested is not None:
        return _load_cached(tuple(requested), tuple(requested[1:]))
    disabled = set(disabled_plugins())
    names = tuple([BASE, *(ep.name for ep in installed_entry_points() if ep.name not in disabled)])
    return _load_cached(names, ())


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
    "PluginError",
    "PluginInfo",
    "PluginWarning",
    "Plugins",
    "alternative_scores",
    "base_content_dir",
    "get_plugin_manager",
    "load_plugins",
    "load_ruleset",
]
