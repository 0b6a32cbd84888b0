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
    from unbroken.core.achievements import Achievement
    from unbroken.core.actions import Action
    from unbroken.core.events import Event
    from unbroken.core.game import Game
    from unbroken.core.ruleset import EffectHandler, Ruleset
    from unbroken.core.state import GameState

    #: A bot: given the game and the decisions made so far, one of the legal actions.
    Bot = Callable[[Game, int], Action]

hookspec = pluggy.HookspecMarker("unbroken")


@dataclass(frozen=True)
class ScoringRule:
    """An alternative scoring: `score(ruleset, events, final_state)` -> points, or None.

    None means the rule does not apply to that game (a win-only rule on a loss).
    """

    name: str  # registered as `<plugin>:<name>`
    text: str  # one sentence saying how it scores
    score: Callable[[Ruleset, list[Event], GameState], int | None]  # called once per finished game
    #: Its display name ("Five for a win"), shown instead of its id; "" shows the id.
    title: str = ""
    #: Its points for a game in words a player can check, the sum of its parts ("Normal win
    #: 20 + 4 SE 4 + 10 time 20"): fn(ruleset, events, final_state) -> str, called only for
    #: a game `score` gave points; the end screen shows it after them. None: points alone.
    explain: Callable[[Ruleset, list[Event], GameState], str] | None = None

    @property
    def display(self) -> str:
        """Return the name a player reads: the title, or the id when it has none."""
        return self.title or self.name


#: An achievement predicate: (events, final state, ruleset) -> earned. It is
#: called once per finished, won game, with the game's whole event log (from
#: GameStarted to GameOver), the state at the end, and the Ruleset.
AchievementPredicate = Callable[[list[Any], Any, Any], bool]


@hookspec(firstresult=False, historic=False)
def unbroken_content_packs() -> list[Path]:
    """Return the folders of TOML content this plugin adds.

    Each folder is loaded as a pack named after the plugin (a card `id = "mole"`
    becomes `<plugin>:mole`), with the base game's schema and checks
    (docs/content.md) plus `[[upgrades]]` edges onto earlier packs' weapons.
    Called once each time the plugins are loaded (as a command starts). A problem
    in the content (at its file:line) skips the whole plugin with a warning.
    """
    raise NotImplementedError


@hookspec(firstresult=False, historic=False)
def unbroken_effect_handlers() -> dict[str, EffectHandler]:
    """Return {name: handler}; each name is registered as `<plugin>:<name>`.

    A card names one as `{ kind = "handler", name = "<plugin>:<name>", params = {...} }`.
    A handler is `handler(ctx: HandlerApi, params: dict) -> None`, or an
    `EffectType` made with `@effect_type(Fields)` (its params checked as the
    content loads). It runs when the effect resolves during a game and acts only
    through `ctx` (HandlerApi); it never changes `ctx.state` itself. A handler
    that raises is a HandlerError naming the plugin, the handler and the card, and
    the decision is refused (the game stays as it was before it).
    """
    raise NotImplementedError


@hookspec(firstresult=False, historic=False)
def unbroken_scoring_rules() -> list[ScoringRule]:
    """Return alternative scoring rules, computed for every finished game.

    `rule.score(ruleset, events, final_state)` runs once a game is over, won or
    lost: on the game-over screen, when the game is kept in the records (with
    its result under `<plugin>:<name>`), and by `alternative_scores`. It returns
    the points, or None when the rule does not apply to that game. A rule that
    raises is reported in a warning naming it, and the game is kept without
    that score.
    """
    raise NotImplementedError


@hookspec(firstresult=False, historic=False)
def unbroken_achievements() -> list[tuple[Achievement, AchievementPredicate]]:
    """Return (achievement, predicate) pairs of single-game achievements.

    When they run: once a game is over and was won (a lost game earns no
    achievement, R-ACH-1), as a person's game is kept in the records (the
    full-screen game, `unbroken play`, `unbroken sim --record`) and on the
    game-over screen; never during a game, nor in a plain `unbroken sim`.
    `predicate(events, final_state, ruleset)` gets the game's whole event log,
    the state at its end and the Ruleset, and returns whether the game earned it;
    an achievement is marked new the first time it is earned on a difficulty.

    Give each achievement the id `<plugin>:<name>`. `cross_game` marks the base
    game's achievements that are earned over a history of games (every game of
    one difficulty, e.g. "win three games back to back"), which the records
    compute themselves; a plugin's predicate always reads one game, so leave
    `cross_game` False (True changes nothing but the flag on the sheet).
    """
    raise NotImplementedError


@hookspec(firstresult=False, historic=False)
def unbroken_bots() -> dict[str, Bot]:
    """Return {name: bot} for `unbroken sim --bot`; names become `<plugin>:<name>`.

    A bot is `bot(game, n) -> Action`: given the Game and the number of
    decisions made so far, it returns one of `game.legal_actions()`. Draw any
    randomness from `rng` with the game's seed (`rng.draw(game.state.seed,
    "bot:<name>", n)`), never from `random`, so that runs repeat.
    """
    raise NotImplementedError


@hookspec(firstresult=False, historic=False)
def unbroken_game_event(event: Event, state: GameState) -> None:
    """Observe one event and the state right after it (read-only; the return value is ignored).

    Every front end that plays or re-plays a game calls it through the game
    session: the full-screen game, `unbroken play`, `unbroken sim`, `unbroken
    verify` and Continue. A game's setup events come first, then each
    decision's. The state is a copy brought forward event by event, never the
    game's own. An observer that raises, or takes longer than 0.5 s on one event,
    is named in a notice and switched off for the rest of that game.
    """


# --------------------------------------------------------------------------- records panels
# (added for the campaign of plugins/unbroken-gauntlet; kept in their own block)


@dataclass(frozen=True)
class RecordsPanel:
    """A panel a plugin adds to the Records screen: `lines(ruleset)` -> lines of text.

    It reads what the plugin keeps itself (e.g. a file in the user data dir,
    `unbroken.home.paths.data_dir(create=False)`) and must not write anything.
    """

    name: str  # registered as `<plugin>:<name>`
    title: str  # the panel's heading
    lines: Callable[[Ruleset], list[str]]  # called each time the panel is shown


@hookspec(firstresult=False, historic=False)
def unbroken_records_panels() -> list[RecordsPanel]:
    """Return panels for the Records screen (`p` there lists them; see docs/plugins.md).

    Each panel's `lines(ruleset)` is called when the player opens the panels;
    one that raises is shown as a line naming the plugin, the panel and the error.
    """
    raise NotImplementedError


# --------------------------------------------------------------------------- help and the end
# (added for the campaign of plugins/unbroken-gauntlet, #28 round 23: help's search found
# nothing for "campaign", and a campaign game finished by `unbroken play --continue` never
# said what carries over)


@dataclass(frozen=True)
class HelpSection:
    """A section a plugin adds to the full-screen game's help (`?`): listed in its contents
    as "title (Plugin)" after How to play, Keys, The screen and Score (before the rules in
    full), and found by its search (`/`)."""

    title: str  # its name in the contents ("Campaign"); the plugin's name is added
    text: str  # what it says, in Markdown (without a `## ` heading first, the title is one)
    #: The plugin that gives it: filled in as the plugins load (what the plugin sets is
    #: replaced).
    plugin: str = ""


@hookspec(firstresult=False, historic=False)
def unbroken_help_sections() -> list[HelpSection]:
    """Return sections for the game's help: how to use what the plugin adds (see docs/plugins.md).

    Called once as the plugins load; the text is fixed then. A hook that raises or
    returns anything but a list of `HelpSection` with a title and a text skips the
    plugin with a warning naming it, like any hook of the wrong shape.
    """
    raise NotImplementedError


@hookspec(firstresult=False, historic=False)
def unbroken_game_end_lines(events: list[Event], state: GameState, ruleset: Ruleset) -> list[str]:
    """Return lines to say at the end of a finished game, won or lost (or [] for none).

    Every front end that ends a game a person plays says them after the score and the
    expansions' scores: the full-screen game's end screen and the plain-text game's end
    (`unbroken play`, `--continue`, a plugin's own front end built on `TextGame`), so a
    game finished through any of them says the same (Gauntlet: what carries into the
    campaign's next game). It gets the game's whole event log, the state at its end and
    the Ruleset; it may be called more than once for one game, so it only reads (a
    file of the plugin's own, say) and writes nothing. One that raises, takes longer
    than 2 s or returns anything but a list of texts is said in one line naming the
    plugin instead.
    """
    raise NotImplementedError
