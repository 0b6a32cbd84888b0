"""Every hook a plugin may implement, typed and prefixed `unbroken_`.

A plugin is a module (or object) with functions marked `@unbroken.hookimpl`
named like the specs below. docs/plugins.md documents each hook; the test
tests/plugins/test_hooks_documented.py fails when one lacks a test or a section.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from unbroken.bots.registry import Bot
    from unbroken.core.achievements import Achievement
    from unbroken.core.events import Event
    from unbroken.core.ruleset import EffectHandler, Ruleset
    from unbroken.core.state import GameState

hookspec = pluggy.HookspecMarker("unbroken")


@dataclass(frozen=True)
class ScoringRule:
    """An alternative scoring: `score(ruleset, events, final_state)` -> points, or None.

    None means the rule does not apply to that game (a win-only rule on a loss).
    """

    name: str
    text: str
    score: Callable[[Ruleset, list[Event], GameState], int | None]


#: An achievement predicate: (events, final state, ruleset) -> earned.
AchievementPredicate = Callable[[list[Any], Any, Any], bool]


@hookspec(firstresult=False, historic=False)
def unbroken_content_packs() -> list[Path]:
    """Return the folders of TOML content this plugin adds (each loaded as pack `<plugin>`)."""
    raise NotImplementedError


@hookspec(firstresult=False, historic=False)
def unbroken_effect_handlers() -> dict[str, EffectHandler]:
    """Return {name: handler}; each name is registered as `<plugin>:<name>`."""
    raise NotImplementedError


@hookspec(firstresult=False, historic=False)
def unbroken_scoring_rules() -> list[ScoringRule]:
    """Return alternative scoring rules computed at the end of every game."""
    raise NotImplementedError


@hookspec(firstresult=False, historic=False)
def unbroken_achievements() -> list[tuple[Achievement, AchievementPredicate]]:
    """Return (achievement, predicate) pairs of single-game achievements."""
    raise NotImplementedError


@hookspec(firstresult=False, historic=False)
def unbroken_bots() -> dict[str, Bot]:
    """Return {name: bot} for `unbroken sim --bot`; names become `<plugin>:<name>`."""
    raise NotImplementedError


@hookspec(firstresult=False, historic=False)
def unbroken_game_event(event: Event, state: GameState) -> None:
    """Observe one event and the state after it (read-only; the return value is ignored)."""


# --------------------------------------------------------------------------- records panels
# (added for the campaign of plugins/unbroken-gauntlet; kept in their own block)


@dataclass(frozen=True)
class RecordsPanel:
    """A panel a plugin adds to the Records screen: `lines(ruleset)` -> lines of text.

    It reads what the plugin keeps itself (e.g. a file in the user data dir,
    `unbroken.paths.data_dir(create=False)`) and must not write anything.
    """

    name: str  # registered as `<plugin>:<name>`
    title: str  # the panel's heading
    lines: Callable[[Ruleset], list[str]]  # called each time the panel is shown


@hookspec(firstresult=False, historic=False)
def unbroken_records_panels() -> list[RecordsPanel]:
    """Return panels for the Records screen (`c` there lists them; see docs/plugins.md).

    Each panel's `lines(ruleset)` is called when the player opens the panels;
    one that raises is shown as a line naming the plugin, the panel and the error.
    """
    raise NotImplementedError
