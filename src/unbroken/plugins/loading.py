"""Loading plugins: each plugin's contribution gathered whole, then joined to the base game.

Load order is deterministic: `base` first, then the other plugins by name; a
plugin whose content needs another plugin's cards is placed after it. A
plugin that has bad content, defines a duplicate id, needs a missing card or
raises is reported (a `PluginWarning` naming it, and the file:line of the
content at fault, or the hook and file:line when code failed) and skipped: it
contributes nothing. When the user named it (`UNBROKEN_PLUGINS`, `--plugins`)
that is a `PluginError` instead.

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

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pluggy

import unbroken.plugins.time_limits as limits
from unbroken import __version__
from unbroken.content import (
    CardLines,
    ContentError,
    Problem,
    UpgradeEdge,
    did_you_mean,
    ids_of_kind_named,
    read_pack,
    read_upgrades,
)
from unbroken.core.handlers import TookTooLong
from unbroken.core.model import CARD_KINDS, Pack
from unbroken.core.ruleset import EffectHandler, Ruleset, RulesetError, build_ruleset
from unbroken.core.state import GameState
from unbroken.plugins import extras
from unbroken.plugins.composing import compose
from unbroken.plugins.config import BASE
from unbroken.plugins.hookspecs import AchievementPredicate, HelpSection, RecordsPanel, ScoringRule
from unbroken.plugins.host import PluginInfo, get_plugin_manager
from unbroken.plugins.reporting import (
    HookError,
    PluginError,
    _hook_error,
    _module_of,
    _report,
    _say,
    _where,
    observer_failure,
)
from unbroken.plugins.time_limits import bounded_handler, checked_bot
from unbroken.words.effects import HANDLER_WORDS

#: The card kinds a pack holds, in the order listings show them.
KINDS = tuple(CARD_KINDS)
_T = TypeVar("_T")


def titles(scoring_rules: list[ScoringRule], bots: dict[str, Any]) -> dict[str, str]:
    """Return {id: display name} of the scoring rules and bots that have one (a bot's is
    its function's `title` attribute)."""
    names = {rule.name: rule.title for rule in scoring_rules if rule.title}
    for key, bot in bots.items():
        title = getattr(bot, "title", "")
        if isinstance(title, str) and title:
            names[key] = title
    return names


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
    records_panels: list[RecordsPanel] = field(default_factory=list)
    #: The plugins' sections of the help screen (`unbroken_help_sections`).
    help_sections: list[HelpSection] = field(default_factory=list)
    #: (plugin, its `unbroken_game_end_lines` alone), in load order: see `end_lines`.
    end_callers: list[tuple[str, Callable[..., Any]]] = field(default_factory=list)
    #: The threads the observers run in (unbroken.play.observers), one per observer.
    leashes: dict[Callable[..., Any], limits.Leash] = field(default_factory=dict)

    def display_names(self) -> dict[str, str]:
        """Return {id: display name} of the scoring rules and bots that have one."""
        return titles(self.scoring_rules, self.bots)

    def alternative_scores(
        self, events: list[Any], state: GameState, ruleset: Ruleset | None = None
    ) -> dict[str, int]:
        """Return {scoring rule name: points} for a finished game (rules that apply only)."""
        out: dict[str, int] = {}
        for rule in list(self.scoring_rules):
            try:
                points = limits.bounded(
                    limits.PLAY_LIMIT, rule.score, ruleset or self.ruleset, events, state
                )
            except TookTooLong as exc:  # a hung rule must not hang the end of every game
                where = _where(exc, getattr(rule.score, "__module__", "") or "")
                _report(
                    f"scoring rule {rule.name!r} {exc}{where}; "
                    "it is switched off for the rest of this run"
                )
                self.scoring_rules.remove(rule)
                continue
            except (Exception, SystemExit) as exc:  # a broken rule must not lose the game
                where = _where(exc, getattr(rule.score, "__module__", "") or "")
                _report(f"scoring rule {rule.name!r} raised {_say(exc)}{where}")
                continue
            if points is None:
                continue
            if not isinstance(points, int) or isinstance(points, bool):
                _report(
                    f"scoring rule {rule.name!r} returned {points!r:.40}, not a whole number "
                    "of points or None; the game is kept without it"
                )
                continue
            out[rule.name] = int(points)
        return out

    def end_lines(
        self, events: list[Any], state: GameState, ruleset: Ruleset | None = None
    ) -> list[str]:
        """Return what the plugins say at a finished game's end (`unbroken_game_end_lines`),
        a failing one said in a line naming it."""
        return extras.end_lines(self.end_callers, events, state, ruleset or self.ruleset)

    def observe(self, event: Any, state: GameState) -> None:
        """Show one event to every `unbroken_game_event` observer; a raising one is dropped.

        A game goes through unbroken.play.session.Observers instead, which does the
        same for one game (and also switches off a slow observer).
        """
        for name, observer in list(self.observers):
            try:
                observer(event=event, state=state)
            except Exception as exc:
                _report(observer_failure(name, observer, exc))
                self.observers.remove((name, observer))


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
    records_panels: list[RecordsPanel] = field(default_factory=list)
    help_sections: list[HelpSection] = field(default_factory=list)


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
        made = [(r, str(getattr(r, "title", "") or ""), getattr(r, "explain", None)) for r in rules]
        return [ScoringRule(_named(name, r.name), r.text, r.score, t, x) for r, t, x in made]

    def achievements(
        pairs: list[tuple[Any, AchievementPredicate]],
    ) -> list[tuple[Any, AchievementPredicate]]:
        return [(achievement, predicate) for achievement, predicate in pairs if str(achievement.id)]

    def bots(given: dict[str, Any]) -> dict[str, Any]:
        return {
            _named(name, key): checked_bot(_named(name, key), bot) for key, bot in given.items()
        }

    got.scoring_rules = _shaped(pm, name, "unbroken_scoring_rules", [], scoring)
    got.achievements = _shaped(pm, name, "unbroken_achievements", [], achievements)
    got.bots = _shaped(pm, name, "unbroken_bots", {}, bots)
    got.observers = [impl for owner, impl in _impls(pm, "unbroken_game_event") if owner == name]

    def panels(given: list[RecordsPanel]) -> list[RecordsPanel]:
        if not isinstance(given, (list, tuple)) or not all(
            isinstance(p, RecordsPanel) for p in given
        ):
            raise TypeError("expected a list of unbroken.plugins.hookspecs.RecordsPanel")
        return [RecordsPanel(_named(name, p.name), p.title, p.lines) for p in given]

    got.records_panels = _shaped(pm, name, "unbroken_records_panels", [], panels)
    got.help_sections = _shaped(
        pm, name, "unbroken_help_sections", [], lambda given: extras.help_sections(given, name)
    )
    return got


def _named(plugin: str, key: str) -> str:
    """Return `key` under plugin's namespace: `plugin:key` (a given namespace is replaced)."""
    return f"{plugin}:{str(key).split(':')[-1]}"


def plugin_handlers(pm: pluggy.PluginManager, name: str) -> dict[str, EffectHandler]:
    """Return plugin `name`'s effect handlers under the names cards use (`name:key`).

    Raises HookError when its `unbroken_effect_handlers` raises or returns no dict.
    """

    def named(handlers: dict[str, EffectHandler]) -> dict[str, EffectHandler]:
        found = {  # a plugin's handler gets a time limit; the base game's code runs as it is
            key if name == BASE else _named(name, key): h if name == BASE else bounded_handler(h)
            for key, h in handlers.items()
        }
        for key, handler in found.items():  # a handler that says itself in words
            describe = getattr(handler, "describe", None)
            text = getattr(handler, "text", None)
            if callable(describe):
                HANDLER_WORDS[key] = describe
            elif isinstance(text, str):
                HANDLER_WORDS[key] = text.format_map
        return found

    return _shaped(pm, name, "unbroken_effect_handlers", {}, named)


def plugin_content_folders(pm: pluggy.PluginManager, name: str) -> list[Path]:
    """Return the content folders plugin `name` gives (its `unbroken_content_packs`).

    Raises HookError when the hook raises or returns no list of paths.
    """

    def folders(got: Any) -> list[Path]:
        if isinstance(got, (str, Path)) or not isinstance(got, (list, tuple)):
            raise TypeError("expected a list of folders, e.g. [Path(__file__).parent / 'content']")
        return [Path(f) for f in got]

    return _shaped(pm, name, "unbroken_content_packs", [], folders)


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
                return impl() if name == BASE else limits.bounded(limits.LOAD_LIMIT, impl)
            except (Exception, SystemExit) as exc:  # a plugin's hook is untrusted code
                raise _hook_error(hook, exc, pm.get_plugin(name)) from exc
    return default


def load_plugins(
    names: Sequence[str] | None = None,
    strict: Sequence[str] = (),
    extra: Sequence[tuple[str, object]] = (),
) -> Plugins:
    """Load the base game and plugins (`names`, or every installed one) into a Plugins.

    A name in `names` or `strict` that no installed (or `extra`) plugin has raises
    PluginError naming it and the installed ones. A plugin in `strict` that cannot
    be used raises PluginError; others are reported with a PluginWarning and
    skipped: a skipped plugin contributes nothing (no cards, handlers, scoring
    rules, achievements, bots or observers). A broken base game raises
    ContentError or RulesetError as before.
    """
    problems: list[str] = []
    infos: list[PluginInfo] = []
    pm = get_plugin_manager(names, extra, problems, infos)
    by_name = {info.name: info for info in infos}
    for info in infos:  # of two distributions giving one name, the one registered
        if info.enabled and not info.problem:
            by_name[info.name] = info
    # A name asked for by name is never left out in silence (issue #28).
    missing = [n for n in dict.fromkeys([*(names or ()), *strict]) if n not in by_name]
    if missing:
        raise PluginError(not_installed(missing, [info.name for info in infos]))

    def fail(name: str, message: str) -> None:
        by_name[name].problem = message
        problems.append(message)

    ruleset, accepted = _accept(pm, by_name, fail)
    # A skipped plugin contributes nothing: only the accepted ones stay registered.
    kept = {c.name for c in accepted}
    for name, _ in pm.list_name_plugin():
        if name not in kept:
            pm.unregister(name=name)
    result = Plugins(ruleset, infos, problems, [], [], {}, [])
    for contribution in accepted:
        _take(result, by_name[contribution.name], contribution, pm)
    for message in problems:
        name = next((i.name for i in infos if i.problem == message), "")
        if name in strict:
            raise PluginError(message)
        _report(message)
    return result


def not_installed(missing: Sequence[str], installed: Sequence[str]) -> str:
    """Return the words refusing plugins `missing` that are not installed, naming those
    `installed`: "plugin 'x' is not installed; installed: base, unearthed"."""
    names = " and ".join(repr(name) for name in missing)
    said = f"plugin {names} is" if len(missing) == 1 else f"plugins {names} are"
    return f"{said} not installed; installed: {', '.join(installed) or 'none'}"


def _accept(
    pm: pluggy.PluginManager,
    by_name: dict[str, PluginInfo],
    fail: Callable[[str, str], None],
) -> tuple[Ruleset, list[_Contribution]]:
    """Return the ruleset of the base game and every plugin that builds with it, and
    those contributions (the base game's first); `fail` is told each one refused.

    A plugin refused beside the others is tried again after each one accepted: it may
    need another plugin's cards.
    """
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
    return ruleset, accepted


def _take(
    result: Plugins, info: PluginInfo, contribution: _Contribution, pm: pluggy.PluginManager
) -> None:
    """Add what an accepted plugin gives to `result`, and list it in its `info`."""
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
    info.titles = titles(contribution.scoring_rules, contribution.bots)
    result.records_panels.extend(contribution.records_panels)
    info.records_panels = [panel.name for panel in contribution.records_panels]
    result.help_sections.extend(contribution.help_sections)
    info.help_sections = [section.title for section in contribution.help_sections]
    ending = extras.end_caller(pm, contribution.name)
    if ending is not None:
        result.end_callers.append((contribution.name, ending))
    if contribution.observers:
        result.observers.append((contribution.name, _observer(pm, contribution.name)))
        info.observers = [
            f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', repr(fn))}"
            for fn in contribution.observers
        ]


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
    one plugin's failure can be told from another's (unbroken.play.session.Observers).
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
