"""Building the Ruleset the game plays with from the base game and enabled plugins.

The front door of the plugin host: everything others use is importable from
here (`from unbroken.plugins import load_ruleset`). The host is split by job:

* `reporting`: the errors, the one-line warnings and where a plugin's code failed;
* `config`: which plugins are on (UNBROKEN_PLUGINS, else the user config);
* `host`: the pluggy manager, a plugin's requirements, a plugin project's plugins;
* `composing`: the plugins' packs joined to the base game's;
* `extras`: what a plugin says beside the game (help sections, lines at a game's end);
* `loading`: each plugin's contribution, checked and joined to the base game.

Each part imports only parts listed before it, never this package: no cycle.

The plugins on now are loaded once per set (`current_plugins`); tests replace
`current_plugins` and `_load_cached` here, and the functions of `config` there.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from unbroken import __version__
from unbroken.content import ContentError, base_content_dir, load_pack
from unbroken.core.ruleset import Ruleset, RulesetError, build_ruleset
from unbroken.core.state import GameState
from unbroken.plugins.composing import compose
from unbroken.plugins.config import (
    BASE,
    ENV,
    GROUP,
    config_file,
    disabled_plugins,
    installed_entry_points,
    installed_names,
    plugins_on,
    requested_plugins,
    set_enabled,
)
from unbroken.plugins.host import (
    PluginInfo,
    get_plugin_manager,
    project_plugins,
    requirement_problem,
)
from unbroken.plugins.loading import (
    KINDS,
    Plugins,
    load_plugins,
    plugin_content_folders,
    plugin_handlers,
)
from unbroken.plugins.reporting import (
    HookError,
    PluginError,
    PluginWarning,
    adds_text,
    observer_failure,
    report,
)
from unbroken.plugins.time_limits import PLAY_LIMIT, bounded
from unbroken.words.printable import printable
from unbroken.words.scoring import Scores, score_name


@lru_cache(maxsize=8)
def _load_cached(names: tuple[str, ...] | None, strict: tuple[str, ...]) -> Plugins:
    return load_plugins(names, strict)


def current_plugins() -> Plugins:
    """Return the plugins on now (UNBROKEN_PLUGINS or the user config), cached per set."""
    names, strict = plugins_on()
    return _load_cached(tuple(names), tuple(strict))


class LoadError(Exception):
    """The plugins on cannot be loaded: one message naming what in the content or which
    plugin is broken."""


def load_in_use() -> Plugins:
    """Return the plugins on now (`current_plugins`) for a front end to hand down; raise
    LoadError saying what in the content or which plugin is broken."""
    try:
        return current_plugins()
    except (ContentError, RulesetError) as exc:
        raise LoadError(f"the game content is broken:\n{exc}") from None
    except PluginError as exc:
        raise LoadError(str(exc)) from None


def load_ruleset(content: Path | None = None) -> Ruleset:
    """Return the ruleset of base + enabled plugins (or of the pack folder `content`)."""
    if content is None:
        return current_plugins().ruleset
    return build_ruleset([load_pack(content, BASE)], plugins={BASE: __version__})


def plugins_for(ruleset: Ruleset) -> Plugins:
    """Return the plugins `ruleset` was built with (by the names it records), loaded once
    per set: what a ruleset handed down brings with it (bots, scoring rules). Those not
    installed here (a ruleset built with `load_plugins`'s `extra`: a test's, a plugin
    project checked from source) bring nothing: `load_plugins` refuses a name not installed."""
    installed = installed_names()
    names = tuple([BASE, *sorted(n for n in set(ruleset.plugins) - {BASE} if n in installed)])
    return _load_cached(names, ())


def alternative_scores(ruleset: Ruleset, events: list[Any], state: GameState) -> dict[str, int]:
    """Return {scoring rule name: points} from the plugins' scoring rules for a finished game."""
    if set(ruleset.plugins) <= {BASE}:
        return {}
    return plugins_for(ruleset).alternative_scores(events, state, ruleset)


def other_scores(
    ruleset: Ruleset, events: list[Any], plugins: Plugins | None = None
) -> Scores | None:
    """Return the scorings of the `plugins` (default: those `ruleset` was built with, as the
    game over screen asks them) as the words ask them of an option that ends the game
    (`words.scoring.Scores`: the forecast's events after the game's `events`, the state it
    leaves): {name as shown: points}. None: no scoring rule."""
    if plugins is None and not set(ruleset.plugins) <= {BASE}:
        plugins = plugins_for(ruleset)
    if plugins is None or not plugins.scoring_rules:
        return None
    titles = {rule.name: score_name(rule.name, rule.title) for rule in plugins.scoring_rules}

    def scores(more: Sequence[Any], state: GameState) -> dict[str, int]:
        got = plugins.alternative_scores([*events, *more], state, ruleset)
        return {titles.get(name, name): points for name, points in got.items()}

    return scores


def score_words(
    ruleset: Ruleset, events: list[Any], state: GameState, scores: dict[str, int]
) -> dict[str, str]:
    """Return {scoring rule name: its points in words} for the rules among `scores` (the
    points they gave this game) that explain them (`ScoringRule.explain`). A rule whose
    words raise, hang or are no text is left out, said in a one-line warning."""
    out: dict[str, str] = {}
    for rule in plugins_for(ruleset).scoring_rules if scores else []:
        if rule.explain is None or rule.name not in scores:
            continue
        try:
            said = bounded(PLAY_LIMIT, rule.explain, ruleset, events, state)
        except (Exception, SystemExit) as exc:  # a broken rule must not lose the end screen
            report(f"scoring rule {rule.name!r}'s words raised {type(exc).__name__}: {exc}")
            continue
        if isinstance(said, str) and said.strip():
            out[rule.name] = printable(" ".join(said.split()))
        else:
            report(f"scoring rule {rule.name!r}'s words are {said!r:.40}, not a text")
    return out


__all__ = [
    "BASE",
    "ENV",
    "GROUP",
    "HookError",
    "KINDS",
    "LoadError",
    "PluginError",
    "PluginInfo",
    "PluginWarning",
    "Plugins",
    "adds_text",
    "alternative_scores",
    "score_words",
    "base_content_dir",
    "compose",
    "config_file",
    "current_plugins",
    "disabled_plugins",
    "get_plugin_manager",
    "installed_entry_points",
    "load_in_use",
    "load_plugins",
    "load_ruleset",
    "observer_failure",
    "plugin_content_folders",
    "plugin_handlers",
    "plugins_for",
    "plugins_on",
    "project_plugins",
    "report",
    "requested_plugins",
    "requirement_problem",
    "set_enabled",
]
