"""RulesApp: the rules and plugins an app plays with, and what it tells of them.

The rules load on first use (after the first frame), again after the plugins on change
(`reload_rules`, `find_new_plugins`); a plugin skipped, or one whose hook raised, is said in a
notice once (its warning would go to stderr, hidden under the app). `UnbrokenApp` is one
(moved out of tui/app.py, which had reached 500 lines).
"""

from __future__ import annotations

import importlib
import sys
import warnings
from typing import TYPE_CHECKING, Any, TextIO

from textual.app import App

if TYPE_CHECKING:
    from collections.abc import Callable

    from unbroken.core.ruleset import Ruleset
    from unbroken.plugins import PluginInfo, Plugins


def skip_reason(info: PluginInfo) -> str:
    """Return why a plugin was skipped in one line, without its `plugin 'x' (origin):` lead."""
    lines = info.problem.strip().splitlines() or ["it could not be loaded"]
    first = lines[0]
    for lead in (f"plugin {info.name!r} ({info.origin})", f"plugin {info.name!r}"):
        if first.startswith(lead):
            first = first.removeprefix(lead).lstrip(": ")
            break
    more = f" (and {len(lines) - 1} more)" if len(lines) > 1 else ""
    return first.rstrip(".") + more


def skipped_notices(skipped: list[PluginInfo]) -> list[str]:
    """Return what to tell the player about plugins on in the config but skipped.

    One notice per plugin, with why; three or more are named in one notice.
    """
    if len(skipped) >= 3:
        names = ", ".join(repr(info.name) for info in skipped)
        return [f"{len(skipped)} plugins were skipped: {names}. See Plugins for why."]
    return [
        f"Plugin {info.name!r} was skipped: {skip_reason(info)}. See Plugins." for info in skipped
    ]


def rules_in_use() -> Ruleset:
    """Return the ruleset of the plugins on; raise LoadError saying what is broken."""
    # lazy: the first frame draws before the engine and the screens
    from unbroken.plugins import load_in_use

    return load_in_use().ruleset


class RulesApp(App[None]):
    """An app's rules and plugins (`UnbrokenApp`'s): loaded on first use, their problems
    told once each."""

    def start_rules(self, ruleset: Ruleset | Callable[[], Ruleset]) -> None:
        """Set the rules up (in `__init__`): `ruleset`, or what loads it on first use."""
        #: The ruleset, or what loads it on first use (after the first frame).
        self._ruleset = ruleset
        #: What loads the rules again when the plugins on change (the front end's loader).
        self._load_rules = ruleset if callable(ruleset) else rules_in_use
        #: The plugins on, decided on first use and again after `reload_rules`.
        self._plugins: Plugins | None = None
        #: The plugins installed when they were last loaded (find_new_plugins).
        self._installed: set[str] = set()
        #: The plugin problems shown so far: a repeating warning is shown once.
        self.plugin_problems_told: set[str] = set()
        #: The notices of plugins skipped: the New game screen says them beside the
        #: expansions on (a notice there covered the character's description).
        self.skipped_plugin_notices: list[str] = []
        #: Warning filters and hook as they were before the app ran (restored on unmount).
        self._warnings: warnings.catch_warnings[None] | None = None
        #: The warning hook the app's stands in for (non-plugin warnings go to it).
        self._shown_before: Callable[..., None] | None = None

    def watch_warnings(self) -> None:
        """Show a plugin's warning (a scoring rule or observer that raised, a plugin
        skipped), which would go to stderr, where the player never sees it (on mount)."""
        self._warnings = warnings.catch_warnings()
        self._warnings.__enter__()
        self._shown_before = warnings.showwarning
        warnings.showwarning = self._show_warning

    @property
    def ruleset(self) -> Ruleset:
        """The rules this app plays with (loaded on first use; skipped plugins are told)."""
        if callable(self._ruleset):
            with warnings.catch_warnings(record=True) as caught:
                self._ruleset = self._ruleset()
            self.tell_skipped_plugins()
            for warning in caught:
                warnings.showwarning(
                    warning.message, warning.category, warning.filename, warning.lineno
                )
        return self._ruleset

    def tell_skipped_plugins(self) -> None:
        """Say, once each, which plugins on for this run were skipped and why (see Plugins)."""
        skipped = [
            info
            for info in self.plugins.infos
            if info.enabled and info.problem and info.problem not in self.plugin_problems_told
        ]
        self.plugin_problems_told.update(info.problem for info in skipped)
        for notice in skipped_notices(skipped):
            self.skipped_plugin_notices.append(notice)
            self.notify(notice, severity="warning", timeout=15)

    def tell_plugin_problem(self, message: str) -> None:
        """Show a plugin's warning as a notice, the first time its message comes."""
        if message in self.plugin_problems_told:
            return
        self.plugin_problems_told.add(message)
        first = message.split(" ", 1)[0]
        if first.isalpha() and first.islower():
            message = message[0].upper() + message[1:]
        self.notify(message, severity="warning", timeout=12)

    def _show_warning(
        self,
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: TextIO | None = None,
        line: str | None = None,
    ) -> None:
        """Show a PluginWarning as a notice (stderr is hidden under the app); pass others on."""
        plugins: Any = sys.modules.get("unbroken.plugins")
        if plugins is not None and issubclass(category, plugins.PluginWarning):
            self.tell_plugin_problem(str(message))
        elif self._shown_before is not None:
            self._shown_before(message, category, filename, lineno, file, line)

    def on_unmount(self) -> None:
        if self._warnings is not None:
            self._warnings.__exit__(None, None, None)
            self._warnings = None

    def reload_rules(self) -> None:
        """Load the rules again on next use: the plugins on have changed (new games only)."""
        self._ruleset = self._load_rules
        self._plugins = None

    @property
    def plugins(self) -> Plugins:
        """The plugins on, decided here once (again after `reload_rules`) and handed down:
        their observers watch the games played here, the screens show their panels,
        achievements and names."""
        if self._plugins is None:
            from unbroken import plugins  # lazy: the plugin host loads after the first frame

            self._installed = plugins.config.installed_names()
            self._plugins = plugins.current_plugins()
        return self._plugins

    def find_new_plugins(self) -> None:
        """Load the plugins again when some were installed or uninstalled since they were
        loaded (`unbroken plugins install` in another shell while the game is open): new
        games play with them, as after a restart (the New game screen marks an expansion it
        lists for the first time "(new)"). Not when --plugins or UNBROKEN_PLUGINS chose
        them for this run."""
        if self._plugins is None:
            return  # not loaded yet: they will be, as installed then
        from unbroken.plugins import config  # lazy: the plugin host loads after the first frame

        now = config.installed_names()
        added, gone = sorted(now - self._installed), sorted(self._installed - now)
        if not (added or gone) or config.requested_plugins() is not None:
            return
        importlib.invalidate_caches()  # a package just installed can be imported
        self.reload_rules()
