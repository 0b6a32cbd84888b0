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
    #: Its display name ("Five for a win"), shown instead of its id; "" shows the id.
    title: str = ""

    @property
    def display(self) -> str:
        """Return the name a player reads: the title, or the id when it has none."""
        return self.title or self.name


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
