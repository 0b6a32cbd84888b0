"""Every change to the game state, as a msgspec tagged union (tag field `type`).

The state at any point is the fold of the events so far (R-DIGI-2). Tags are
explicit and stable; new fields are only ever appended, with defaults.
"""

from __future__ import annotations

from typing import Any, Union

import msgspec

from unbroken.core.state import DecisionKind, Phase, Queued, StepName, Turn


class EventBase(msgspec.Struct, frozen=True, tag_field="type", omit_defaults=True, gc=False):
    """Base of every event.

    `gc=False`: the cycle collector never tracks an event (an event holds values and
    lists and dicts of values, never itself or a game), so the game's growing log
    costs the collector nothing; an event with an enum field (StepEntered, TurnStarted)
    would otherwise be tracked, and re-running a game spent 5 % of its time collecting.
    """


class GameStarted(EventBase, frozen=True, tag="game_started"):
    """A new game: the setup of R-SETUP-1/2."""

    seed: int
    character: str
    cls: str
    difficulty: str
    options: dict[str, Any]
    ruleset: str
    res: dict[str, int]
    weapon: str
    ability_uses: int
    encounter_deck: list[str]
    skill_deck: list[str]


class DeckShuffled(EventBase, frozen=True, tag="deck_shuffled"):
    """A deck was shuffled (from its discard pile when `from_discard`)."""

    deck: str  # encounters | skills
    order: list[str]
    from_discard: bool = False


class DieRolled(EventBase, frozen=True, tag="die_rolled"):
    """The die was rolled on a named stream, for a purpose."""

    stream: str  # the generator stream: "dice", "monster", "setup"
    purpose: str  # what for: "combat", "monster", "reroll", "check:<card>", "handler:<card>"
    value: int  # 1-6


class StepEntered(EventBase, frozen=True, tag="step_entered"):
    """The game moved to a phase and step (the phase tracker)."""

    phase: Phase
    step: StepName


class Gained(EventBase, frozen=True, tag="gained"):
    """Resources gained; `lost_to_cap` is what the caps took (R-RES-2)."""

    amounts: dict[str, int]
    lost_to_cap: dict[str, int]
    source: str  # the card (or rule) it came from


class Spent(EventBase, frozen=True, tag="spent"):
    """Resources paid for a cost, exactly as paid after substitution (R-RES-4)."""

    amounts: dict[str, int]
    source: str  # the card, weapon or action paid for


class Lost(EventBase, frozen=True, tag="lost"):
    """Resources lost to an effect, exactly as paid after substitution.

    `asked`: the effort and time the effect asked for, when what was paid
    differs (substitution, R-RES-4; time paid as SE without the track or cut
    at 0, R-RES-8); empty when it was paid as asked.
    """

    amounts: dict[str, int]
    source: str  # the card whose effect took them (a monster, a condition, an encounter)
    asked: dict[str, int] = {}


class TimeSet(EventBase, frozen=True, tag="time_set"):
    """The time track was set (R-COMBAT-3); `track` False removes it (level 4)."""

    time: int
    track: bool = True


class AbilityUsesSet(EventBase, frozen=True, tag="ability_uses_set"):
    """The pool of ability uses was set."""

    uses: int


class AbilityUsed(EventBase, frozen=True, tag="ability_used"):
    """A card ability was used; `ability_use` if it took a character ability use."""

    source: str
    ability: str
    ability_use: bool = False
    limit: str = ""


class MonsterRevealed(EventBase, frozen=True, tag="monster_revealed"):
    """The level's monster was revealed (R-MONSTER-1).

    On a difficulty with a danger track, `danger` is the space the marker landed
    on (1-based; 0: no track) and `skipped` how many spaces it passed over;
    `armor` and `health` already include what that space gives.
    """

    monster: str
    armor: int
    health: int
    danger: int = 0
    skipped: int = 0


class MonsterChanged(EventBase, frozen=True, tag="monster_changed"):
    """The monster's trackers changed (armor broken, wounds, gain, heal, defend)."""

    armor: int
    max_armor: int
    health: int
    max_health: int
    defend: bool
    wounds_this_round: int
    why: str  # "wounded", "armor broken", "heal", "gain", "defend", "defend used", ...


class MonsterDefeated(EventBase, frozen=True, tag="monster_defeated"):
    """The monster's health reached 0 (R-BATTLE-7)."""

    monster: str


class MonsterTricked(EventBase, frozen=True, tag="monster_tricked"):
    """The player paid the trickery cost (R-COMBAT-2)."""

    monster: str


class MonsterRemoved(EventBase, frozen=True, tag="monster_removed"):
    """The defeated or tricked monster leaves the game (R-LEVEL-1)."""

    monster: str


class EncountersRevealed(EventBase, frozen=True, tag="encounters_revealed"):
    """Cards were revealed from the top of the encounter deck."""

    cards: list[str]


class EncounterChosen(EventBase, frozen=True, tag="encounter_chosen"):
    """One revealed card was kept; the others went to the discard pile."""

    card: str
    discarded: list[str]


class EncounterResolved(EventBase, frozen=True, tag="encounter_resolved"):
    """The kept card's exchange was made (`paid` False: committed and unpaid)."""

    card: str
    paid: bool = True


class Rested(EventBase, frozen=True, tag="rested"):
    """The player rested on the kept card (R-TRAVEL-5)."""

    card: str


class EncounterDiscarded(EventBase, frozen=True, tag="encounter_discarded"):
    """The kept card went to the discard pile (R-TRAVEL-6)."""

    card: str


class RevealBonus(EventBase, frozen=True, tag="reveal_bonus"):
    """Cards the next Exploration step reveals beyond the usual."""

    bonus: int


class CommitSet(EventBase, frozen=True, tag="commit_set"):
    """The player is (or no longer is) committed to the next encounter."""

    committed: bool


class WeaponsSet(EventBase, frozen=True, tag="weapons_set"):
    """The weapon stack changed (craft, downgrade, gain, return)."""

    weapons: list[str]  # the whole stack after it, bottom first
    why: str  # "crafted", "downgraded", "gained", ...
    weapon: str = ""


class WeaponSetAside(EventBase, frozen=True, tag="weapon_set_aside"):
    """The top weapon was set aside for some player turns (R-WEAPON-4)."""

    weapon: str
    turns: int
    depth: int = 0


class SetAsideTicked(EventBase, frozen=True, tag="set_aside_ticked"):
    """A player turn passed: set-aside weapons count down; returned ones go back to their place.

    With `clear` every set-aside weapon is back (the battle is over).
    """

    returned: list[str]
    clear: bool = False


class SkillsDrawn(EventBase, frozen=True, tag="skills_drawn"):
    """Skills were drawn from the skill deck to choose from."""

    cards: list[str]


class SkillKept(EventBase, frozen=True, tag="skill_kept"):
    """A drawn skill was kept; the rest went to the skill discard pile."""

    skill: str
    discarded: list[str]


class ChoicesOffered(EventBase, frozen=True, tag="choices_offered"):
    """Cards offered by a choice (weapons, conditions)."""

    cards: list[str]


class ConditionGained(EventBase, frozen=True, tag="condition_gained"):
    """A condition entered play, active now or pending (R-COND-1)."""

    condition: str
    active: bool
    tokens: int = 0
    rounds: int = 0
    now: bool = False
    round: int = 0


class ConditionChanged(EventBase, frozen=True, tag="condition_changed"):
    """A condition in play got tokens or rounds (R-COND-2, R-BATTLE-6)."""

    condition: str
    tokens: int
    rounds: int


class ConditionRemoved(EventBase, frozen=True, tag="condition_removed"):
    """A condition left play."""

    condition: str
    why: str = ""


class ConditionsAdvanced(EventBase, frozen=True, tag="conditions_advanced"):
    """End of level: active conditions discarded, pending ones active (R-LEVEL-1)."""

    discarded: list[str]
    activated: list[str]


class BattleStarted(EventBase, frozen=True, tag="battle_started"):
    """The Battle step began."""

    monster_first: bool


class RoundStarted(EventBase, frozen=True, tag="round_started"):
    """A new battle round (R-BATTLE-1)."""

    round: int


class TurnStarted(EventBase, frozen=True, tag="turn_started"):
    """A player or monster turn began."""

    who: Turn


class TurnSkipped(EventBase, frozen=True, tag="turn_skipped"):
    """The player's turn was skipped (by choice or by an effect)."""

    reason: str


class SkipTurnSet(EventBase, frozen=True, tag="skip_turn_set"):
    """The player's coming turn will (not) be skipped."""

    skip: bool


class ExtraTurnsSet(EventBase, frozen=True, tag="extra_turns_set"):
    """Turns the player takes before the monster acts."""

    extra_turns: int


class AttackChosen(EventBase, frozen=True, tag="attack_chosen"):
    """A weapon attack was chosen and paid for (R-BATTLE-3)."""

    weapon: str
    attack: str
    kind: str
    power: int


class AttackPowerSet(EventBase, frozen=True, tag="attack_power_set"):
    """The power of the attack being made changed."""

    power: int
    why: str


class AttackEnded(EventBase, frozen=True, tag="attack_ended"):
    """The attack being made is over (`ignored`: a Defend swallowed it)."""

    ignored: bool = False


class RollSet(EventBase, frozen=True, tag="roll_set"):
    """The die result being resolved changed (modified, re-rolled, picked)."""

    value: int
    rolls: list[int]
    why: str


class RollBonusSet(EventBase, frozen=True, tag="roll_bonus_set"):
    """A bonus on the monster's coming attack roll."""

    bonus: int


class CombatResult(EventBase, frozen=True, tag="combat_result"):
    """The monster's combat table row applied (R-BATTLE-6)."""

    roll: int
    result: str
    ignored: bool = False
    rerolled: bool = False


class PendingLossSet(EventBase, frozen=True, tag="pending_loss_set"):
    """Effort about to be lost to a WOUND result."""

    amount: int


class Ate(EventBase, frozen=True, tag="ate"):
    """Food eaten in the Hunger step (R-HUNGER-2)."""

    food: int
    requirement: int


class LevelStarted(EventBase, frozen=True, tag="level_started"):
    """A new level's Travel Phase began (R-LEVEL-1)."""

    level: int


class TriggerOpened(EventBase, frozen=True, tag="trigger_opened"):
    """A Response window opened: optional Responses at this trigger are offered.

    `used`: those already used at this firing of the trigger, when it opens a
    second time after its mandatory Responses (R-EFFECT-2).
    """

    trigger: str
    used: list[str] = []


class Awaiting(EventBase, frozen=True, tag="awaiting"):
    """The engine waits for a decision; `then` is what it does after it."""

    decision: DecisionKind
    then: list[Queued]
    trigger: str = ""


class GameOver(EventBase, frozen=True, tag="game_over"):
    """The game ended (R-END-1) with its score and rank (R-SCORE-1/2)."""

    won: bool
    level: int
    step: StepName
    cause: str = ""  # of a loss: "wounds", "starvation", or the name of what killed
    score: int = 0
    rank: str = ""
    source: str = ""  # the card whose effect killed (a monster, a condition, "hunger")


Event = Union[
    GameStarted,
    DeckShuffled,
    DieRolled,
    StepEntered,
    Gained,
    Spent,
    Lost,
    TimeSet,
    AbilityUsesSet,
    AbilityUsed,
    MonsterRevealed,
    MonsterChanged,
    MonsterDefeated,
    MonsterTricked,
    MonsterRemoved,
    EncountersRevealed,
    EncounterChosen,
    EncounterResolved,
    Rested,
    EncounterDiscarded,
    RevealBonus,
    CommitSet,
    WeaponsSet,
    WeaponSetAside,
    SetAsideTicked,
    SkillsDrawn,
    SkillKept,
    ChoicesOffered,
    ConditionGained,
    ConditionChanged,
    ConditionRemoved,
    ConditionsAdvanced,
    BattleStarted,
    RoundStarted,
    TurnStarted,
    TurnSkipped,
    SkipTurnSet,
    ExtraTurnsSet,
    AttackChosen,
    AttackPowerSet,
    AttackEnded,
    RollSet,
    RollBonusSet,
    CombatResult,
    PendingLossSet,
    Ate,
    LevelStarted,
    TriggerOpened,
    Awaiting,
    GameOver,
]

#: The events that show the player something they could not know before: a die
#: result, the order of a shuffled deck, a card drawn or revealed, the monster.
REVEALING: frozenset[type] = frozenset(
    {DieRolled, DeckShuffled, EncountersRevealed, SkillsDrawn, MonsterRevealed}
)
