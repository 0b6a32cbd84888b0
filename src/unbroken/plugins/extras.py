"""What a plugin says to the player beside the game: help sections and lines at a game's end.

`unbroken_help_sections` is called once as the plugins load and checked like
every hook (a wrong shape skips the plugin, naming it); `unbroken_game_end_lines`
is called at each finished game's end by `end_lines`, each plugin's alone, so a
failing one is said in a line naming it and the others still speak.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pluggy

import unbroken.plugins.time_limits as limits
from unbroken.plugins.hookspecs import HelpSection
from unbroken.plugins.reporting import _module_of, _say, _where
from unbroken.words.printable import printable

#: The hook whose lines a finished game's end says.
END_HOOK = "unbroken_game_end_lines"


def help_sections(given: Any, plugin: str) -> list[HelpSection]:
    """Return plugin `plugin`'s help sections (its `unbroken_help_sections`), each marked
    as its and made printable; TypeError saying what was expected when they are not a
    list of HelpSection with a title and a text."""
    if not isinstance(given, (list, tuple)) or not all(
        isinstance(s, HelpSection)
        and isinstance(s.title, str)
        and isinstance(s.text, str)
        and s.title.strip()
        and s.text.strip()
        for s in given
    ):
        raise TypeError(
            "expected a list of unbroken.api.HelpSection(title, text), each with a title and a text"
        )
    # Shown on a terminal: a control or escape character is written as a visible escape.
    return [
        HelpSection(printable(" ".join(s.title.split())), printable(s.text, lines=True), plugin)
        for s in given
    ]


def end_caller(pm: pluggy.PluginManager, name: str) -> Callable[..., Any] | None:
    """Return the `unbroken_game_end_lines` of plugin `name` alone (None: it has none)."""
    if not any(i.plugin_name == name for i in getattr(pm.hook, END_HOOK).get_hookimpls()):
        return None
    others = [plugin for other, plugin in pm.list_name_plugin() if other != name]
    caller = pm.subset_hook_caller(END_HOOK, remove_plugins=others)

    def lines(**kwargs: Any) -> Any:
        return caller(**kwargs)

    lines.__module__ = _module_of(pm.get_plugin(name))  # where its errors are looked for
    return lines


def end_lines(
    callers: list[tuple[str, Callable[..., Any]]], events: list[Any], state: Any, ruleset: Any
) -> list[str]:
    """Return what the plugins say at a finished game's end, in load order: each one's
    lines, or one line naming it when its hook raised, hung or gave no list of texts."""
    out: list[str] = []
    for name, caller in callers:
        try:
            said = limits.bounded(
                limits.PLAY_LIMIT, caller, events=list(events), state=state, ruleset=ruleset
            )
        except (Exception, SystemExit) as exc:  # a broken plugin must not lose the end
            where = _where(exc, getattr(caller, "__module__", "") or "")
            out.append(f"(plugin {name!r}: {END_HOOK} raised {_say(exc)}{where})")
            continue
        # pluggy gives one result per implementation: this plugin's alone
        parts = said if isinstance(said, list) else [said]
        ok = all(isinstance(p, (list, tuple)) or p is None for p in parts)
        got = [line for part in parts if ok for line in (part or [])]
        if not ok or not all(isinstance(line, str) for line in got):
            shown = parts[0] if len(parts) == 1 else said
            out.append(f"(plugin {name!r}: {END_HOOK} returned {shown!r:.40}, not a list of texts)")
            continue
        out.extend(printable(" ".join(line.split())) for line in got if line.strip())
    return out
