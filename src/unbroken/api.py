"""The plugin API: everything a plugin (and its tests) may use, from one module.

    from unbroken.api import GameOver, ScoringRule, hookimpl

Every name in `__all__` is public and stays: a name leaves only after a
deprecation (it moves to `DEPRECATED`, still resolves with a
DeprecationWarning, and CHANGELOG.md says when it goes). Anything imported
from elsewhere in `unbroken` may change without notice. docs/reference.md
documents every name, generated from this module by `python tools/reference.py`;
tests/plugins/test_plugin_api.py keeps the committed list of names
(tests/plugins/api_names.txt) and this module in step.

Two groups are namespaces rather than names, because their names overlap the
effects': `actions` (the player's decisions, what a bot returns:
`actions.Attack("basic")`, `actions.Downgrade()`) and `rng` (the seeded
generator a bot draws from). `WeaponAttack` is the content record
`unbroken.core.model.Attack` (one attack option of a weapon), named so that it
is not taken for the action.

The sim helpers (`schedule`, `play_one`, the bots) are imported on first use,
so importing this module at a plugin's import costs next to nothing.
"""

from __future__ import annotations

import importlib
import warnings
from typing import TYPE_CHECKING, Any

from unbroken import hookimpl
from unbroken.core import actions, rng
from unbroken.core.achievements import Achievement
from unbroken.core.actions import Action
from unbroken.core.events import (
    AbilityUsed,
    AbilityUsesSet,
    Ate,
    AttackChosen,
    AttackEnded,
    AttackPowerSet,
    Awaiting,
    BattleStarted,
    ChoicesOffered,
    CombatResult,
    CommitSet,
    ConditionChanged,
    ConditionGained,
    ConditionRemoved,
    ConditionsAdvanced,
    DeckShuffled,
    DieRolled,
    EncounterChosen,
    EncounterDiscarded,
    EncounterResolved,
    EncountersRevealed,
    Event,
    ExtraTurnsSet,
    Gained,
    GameOver,
    GameStarted,
    LevelStarted,
    Lost,
    MonsterChanged,
    MonsterDefeated,
    MonsterRemoved,
    MonsterRevealed,
    MonsterTricked,
    PendingLossSet,
    Rested,
    RevealBonus,
    RollBonusSet,
    RollSet,
    RoundStarted,
    SetAsideTicked,
    SkillKept,
    SkillsDrawn,
    SkipTurnSet,
    Spent,
    StepEntered,
    TimeSet,
    TriggerOpened,
    TurnSkipped,
    TurnStarted,
    WeaponSetAside,
    WeaponsSet,
)
from unbroken.core.game import Carry, Decision, Game, IllegalAction
from unbroken.core.handlers import (
    EffectType,
    HandlerApi,
    HandlerError,
    StateChanged,
    TookTooLong,
    effect_type,
    handler_words,
)
from unbroken.core.model import (
    RESOURCES,
    RESULTS,
    TRIGGERS,
    Ability,
    AbilityUses,
    AddTokens,
    Amounts,
    AttackPower,
    BreakArmor,
    Character,
    ClassCard,
    Commit,
    Condition,
    Defend,
    Difficulty,
    Downgrade,
    Effect,
    Encounter,
    ExtraAttack,
    ExtraSkillChoice,
    ExtraTurn,
    Gain,
    GainCondition,
    GainLevel,
    GainSkill,
    GainWeapon,
    Handler,
    HungerDelta,
    IgnoreArmor,
    IgnoreResult,
    Keyword,
    Lose,
    Modifier,
    ModifyRoll,
    Monster,
    MonsterAttack,
    MonsterGain,
    MonsterHeal,
    Reduce,
    ReduceLoss,
    RemoveCondition,
    Reroll,
    RevealDelta,
    RevealMore,
    RollBonus,
    RollCheck,
    RollInstead,
    Row,
    Skill,
    SkipTurn,
    Trickery,
    Upgrade,
    Weapon,
    WeaponAttackCost,
    Wound,
    WoundCap,
    WoundLoss,
    WoundPower,
)
from unbroken.core.model import Attack as WeaponAttack
from unbroken.core.query import Query, danger_space
from unbroken.core.ruleset import EffectHandler, Ruleset, resolve_id
from unbroken.core.state import (
    PHASE_STEPS,
    ConditionState,
    DecisionKind,
    GameState,
    MonsterState,
    Outcome,
    Phase,
    SetAside,
    StepName,
    Turn,
)
from unbroken.plugins import (
    PluginError,
    Plugins,
    PluginWarning,
    alternative_scores,
    load_plugins,
    load_ruleset,
)
from unbroken.plugins.hookspecs import AchievementPredicate, HelpSection, RecordsPanel, ScoringRule
from unbroken.testing import (
    DiceExhausted,
    FolderPlugin,
    Scenario,
    ScriptedDice,
    assert_illegal,
    events_of,
    pass_responses,
    play,
    play_taking_obvious,
    run_command,
    write_pack,
)
from unbroken.words.cards import describe_card

if TYPE_CHECKING:
    from unbroken.home.paths import data_dir
    from unbroken.home.settings import last_choices
    from unbroken.play.text import TextGame
    from unbroken.replay import Recorder, ReplayError, Timeline, resume
    from unbroken.sim import (
        Bot,
        Result,
        greedy_bot,
        heuristic_bot,
        play_one,
        random_bot,
        record_game,
        schedule,
    )
    from unbroken.sim import run as run_games

#: The names imported on first use (the sim and its bots, recordings, the text game):
#: name -> its module, or "module:name" where the API names it otherwise.
LAZY: dict[str, str] = {
    "Bot": "unbroken.sim",
    "Result": "unbroken.sim",
    "greedy_bot": "unbroken.sim",
    "heuristic_bot": "unbroken.sim",
    "play_one": "unbroken.sim",
    "random_bot": "unbroken.sim",
    "record_game": "unbroken.sim",
    "run_games": "unbroken.sim:run",
    "schedule": "unbroken.sim",
    "Recorder": "unbroken.replay",
    "ReplayError": "unbroken.replay",
    "Timeline": "unbroken.replay",
    "resume": "unbroken.replay",
    "TextGame": "unbroken.play.text",
    "data_dir": "unbroken.home.paths",
    "last_choices": "unbroken.home.settings",
}

#: Names on their way out: name -> (its module, what to use instead, the version
#: it goes in). They are not in `__all__`, still resolve, and warn
#: (DeprecationWarning) when used; CHANGELOG.md's "Deprecated" says so too.
DEPRECATED: dict[str, tuple[str, str, str]] = {}

__all__ = [
    # Hook and handler types (what hooks return and handlers receive)
    "Achievement",
    "AchievementPredicate",
    "Bot",
    "EffectHandler",
    "EffectType",
    "HandlerApi",
    "HandlerError",
    "HelpSection",
    "RecordsPanel",
    "ScoringRule",
    "StateChanged",
    "TookTooLong",
    "effect_type",
    "handler_words",
    "hookimpl",
    # Effects (what cards and handlers do)
    "Effect",
    "Amounts",
    "AddTokens",
    "AttackPower",
    "BreakArmor",
    "Commit",
    "Defend",
    "Downgrade",
    "ExtraAttack",
    "ExtraSkillChoice",
    "ExtraTurn",
    "Gain",
    "GainCondition",
    "GainLevel",
    "GainSkill",
    "GainWeapon",
    "Handler",
    "Lose",
    "ModifyRoll",
    "MonsterAttack",
    "MonsterGain",
    "MonsterHeal",
    "Reduce",
    "ReduceLoss",
    "RemoveCondition",
    "Reroll",
    "RevealMore",
    "RollCheck",
    "SkipTurn",
    "Wound",
    # Modifiers (Passives)
    "Modifier",
    "AbilityUses",
    "HungerDelta",
    "IgnoreArmor",
    "IgnoreResult",
    "RevealDelta",
    "RollBonus",
    "RollInstead",
    "WeaponAttackCost",
    "WoundCap",
    "WoundLoss",
    "WoundPower",
    # Events (what observers, scoring rules and achievement predicates read)
    "Event",
    "AbilityUsed",
    "AbilityUsesSet",
    "AttackChosen",
    "AttackEnded",
    "AttackPowerSet",
    "Ate",
    "Awaiting",
    "BattleStarted",
    "ChoicesOffered",
    "CombatResult",
    "CommitSet",
    "ConditionChanged",
    "ConditionGained",
    "ConditionRemoved",
    "ConditionsAdvanced",
    "DeckShuffled",
    "DieRolled",
    "EncounterChosen",
    "EncounterDiscarded",
    "EncounterResolved",
    "EncountersRevealed",
    "ExtraTurnsSet",
    "Gained",
    "GameOver",
    "GameStarted",
    "LevelStarted",
    "Lost",
    "MonsterChanged",
    "MonsterDefeated",
    "MonsterRemoved",
    "MonsterRevealed",
    "MonsterTricked",
    "PendingLossSet",
    "Rested",
    "RevealBonus",
    "RollBonusSet",
    "RollSet",
    "RoundStarted",
    "SetAsideTicked",
    "SkillKept",
    "SkillsDrawn",
    "SkipTurnSet",
    "Spent",
    "StepEntered",
    "TimeSet",
    "TriggerOpened",
    "TurnSkipped",
    "TurnStarted",
    "WeaponSetAside",
    "WeaponsSet",
    # Actions (a namespace: actions.Attack, actions.Pass, ...)
    "Action",
    "actions",
    # Content (the cards and their parts, as the TOML files write them)
    "Ability",
    "Character",
    "ClassCard",
    "Condition",
    "Difficulty",
    "Keyword",
    "Encounter",
    "Monster",
    "RESOURCES",
    "RESULTS",
    "Row",
    "Skill",
    "TRIGGERS",
    "Trickery",
    "Upgrade",
    "Weapon",
    "WeaponAttack",
    # Games, their state and the ruleset
    "ConditionState",
    "Decision",
    "DecisionKind",
    "Carry",
    "Game",
    "GameState",
    "IllegalAction",
    "MonsterState",
    "Outcome",
    "PHASE_STEPS",
    "Phase",
    "Query",
    "Ruleset",
    "SetAside",
    "StepName",
    "Turn",
    "danger_space",
    "describe_card",
    "resolve_id",
    "rng",
    # Loading plugins
    "PluginError",
    "PluginWarning",
    "Plugins",
    "alternative_scores",
    "load_plugins",
    "load_ruleset",
    # Testing
    "DiceExhausted",
    "FolderPlugin",
    "Scenario",
    "ScriptedDice",
    "assert_illegal",
    "events_of",
    "pass_responses",
    "play",
    "play_taking_obvious",
    "run_command",
    "write_pack",
    # Simulating games (imported on first use)
    "Result",
    "greedy_bot",
    "heuristic_bot",
    "play_one",
    "random_bot",
    "record_game",
    "run_games",
    "schedule",
    # Recordings, the text game and the player's folders (imported on first use)
    "Recorder",
    "ReplayError",
    "TextGame",
    "Timeline",
    "data_dir",
    "last_choices",
    "resume",
]


def __getattr__(name: str) -> Any:
    """Return a lazily imported name (`LAZY`), or a deprecated one with a DeprecationWarning."""
    if name in LAZY:
        module, _, there = LAZY[name].partition(":")
        value = getattr(importlib.import_module(module), there or name)
        globals()[name] = value
        return value
    if name in DEPRECATED:
        module, instead, until = DEPRECATED[name]
        warnings.warn(
            f"unbroken.api.{name} is deprecated and goes in {until}: {instead}",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(importlib.import_module(module), name)
    raise AttributeError(f"module 'unbroken.api' has no attribute {name!r}")


def __dir__() -> list[str]:
    """Return the public names (deprecated ones are left out)."""
    return sorted(set(__all__) | set(globals()))
