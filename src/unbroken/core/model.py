"""The content schema: msgspec Structs for every card kind and every effect.

Content is data. A card's behaviour is a list of declarative effect records
(`Gain`, `Lose`, `Reduce`, ...) or, for what the records cannot say, a named
`Handler` with parameters. Passives are `Modifier` records. Responses fire at
one of the closed list of `TRIGGERS`. The records are written in
`unbroken.core.card_effects` and re-exported here, so `model.Gain` is the schema's.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from unbroken.core.card_effects import (
    AMOUNT_FIELDS as AMOUNT_FIELDS,
)
from unbroken.core.card_effects import (
    AbilityUses as AbilityUses,
)
from unbroken.core.card_effects import (
    AddTokens as AddTokens,
)
from unbroken.core.card_effects import (  # re-exported: the records are part of the schema
    Amounts as Amounts,
)
from unbroken.core.card_effects import (
    AttackPower as AttackPower,
)
from unbroken.core.card_effects import (
    BreakArmor as BreakArmor,
)
from unbroken.core.card_effects import (
    Commit as Commit,
)
from unbroken.core.card_effects import (
    Defend as Defend,
)
from unbroken.core.card_effects import (
    Downgrade as Downgrade,
)
from unbroken.core.card_effects import (
    Effect as Effect,
)
from unbroken.core.card_effects import (
    ExtraAttack as ExtraAttack,
)
from unbroken.core.card_effects import (
    ExtraSkillChoice as ExtraSkillChoice,
)
from unbroken.core.card_effects import (
    ExtraTurn as ExtraTurn,
)
from unbroken.core.card_effects import (
    Gain as Gain,
)
from unbroken.core.card_effects import (
    GainCondition as GainCondition,
)
from unbroken.core.card_effects import (
    GainLevel as GainLevel,
)
from unbroken.core.card_effects import (
    GainSkill as GainSkill,
)
from unbroken.core.card_effects import (
    GainWeapon as GainWeapon,
)
from unbroken.core.card_effects import (
    Handler as Handler,
)
from unbroken.core.card_effects import (
    HungerDelta as HungerDelta,
)
from unbroken.core.card_effects import (
    IgnoreArmor as IgnoreArmor,
)
from unbroken.core.card_effects import (
    IgnoreResult as IgnoreResult,
)
from unbroken.core.card_effects import (
    Lose as Lose,
)
from unbroken.core.card_effects import (
    Modifier as Modifier,
)
from unbroken.core.card_effects import (
    ModifyRoll as ModifyRoll,
)
from unbroken.core.card_effects import (
    MonsterAttack as MonsterAttack,
)
from unbroken.core.card_effects import (
    MonsterGain as MonsterGain,
)
from unbroken.core.card_effects import (
    MonsterHeal as MonsterHeal,
)
from unbroken.core.card_effects import (
    Reduce as Reduce,
)
from unbroken.core.card_effects import (
    ReduceLoss as ReduceLoss,
)
from unbroken.core.card_effects import (
    RemoveCondition as RemoveCondition,
)
from unbroken.core.card_effects import (
    Reroll as Reroll,
)
from unbroken.core.card_effects import (
    RevealDelta as RevealDelta,
)
from unbroken.core.card_effects import (
    RevealMore as RevealMore,
)
from unbroken.core.card_effects import (
    RollBonus as RollBonus,
)
from unbroken.core.card_effects import (
    RollCheck as RollCheck,
)
from unbroken.core.card_effects import (
    RollInstead as RollInstead,
)
from unbroken.core.card_effects import (
    SkipTurn as SkipTurn,
)
from unbroken.core.card_effects import (
    WeaponAttackCost as WeaponAttackCost,
)
from unbroken.core.card_effects import (
    Wound as Wound,
)
from unbroken.core.card_effects import (
    WoundCap as WoundCap,
)
from unbroken.core.card_effects import (
    WoundLoss as WoundLoss,
)
from unbroken.core.card_effects import (
    WoundPower as WoundPower,
)

#: Every resource of the display (R-RES-1), in display order.
RESOURCES: tuple[str, ...] = (
    "se",
    "me",
    "le",
    "cunning",
    "food",
    "wood",
    "metal",
    "treasure",
    "time",
)
EFFORT: tuple[str, ...] = ("se", "me", "le")
RESOURCE_NAMES: dict[str, str] = {
    "se": "SE",
    "me": "ME",
    "le": "LE",
    "cunning": "cunning",
    "food": "food",
    "wood": "wood",
    "metal": "metal",
    "treasure": "treasure",
    "time": "time",
}

#: The closed list of Response triggers. A new trigger is a core change.
TRIGGERS: dict[str, str] = {
    "battle_start": "at the start of the Battle step",
    "before_player_turn": "before your combat turn",
    "after_attack_chosen": "after you choose a weapon attack (its cost paid)",
    "after_armor_break": "after an armor-breaking weapon attack",
    "after_monster_roll": "after the monster's combat roll",
    "wound_loss": "when you are about to lose effort to a WOUND result",
    "monster_defeated": "when the monster is defeated",
    "before_skill_gain": "before you draw skills to choose from",
    "ambush": "when you are ambushed",
    "level_end": "at the end of a level (after the Hunger step)",
}

#: When an action may be taken (R-TRAVEL-2, R-TRAVEL-3, R-BATTLE-2).
ACTION_TIMINGS = ("travel", "combat", "general")

#: The words printed on monster combat tables.
RESULTS = (
    "MISS",
    "WOUND",
    "STEAL",
    "DAZE",
    "CONFUSE",
    "DISARM",
    "DEFEND",
    "GAZE",
    "WARN",
    "THREATEN",
    "HEAL",
    "ROAR",
)


# --------------------------------------------------------------------------- card text


class Requires(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """When an ability may be used at all: every field given must hold.

    Without them the ability is not offered (an optional one is listed with why
    not), and an automatic one (a monster's, a condition's) does not fire.
    """

    conditions: list[str] = []  # every one of these conditions is in play (active)
    without: list[str] = []  # none of these conditions is in play (active)
    weapons: list[str] = []  # the current weapon is one of these
    levels: list[int] = []  # the current level is one of these


class Ability(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One line of card text: an action, a Response, or a Passive (R-EFFECT-1)."""

    id: str
    name: str
    type: Literal["action", "response", "passive"]
    text: str
    timing: str = ""  # actions: travel | combat | general
    trigger: str = ""  # responses: one of TRIGGERS
    cost: Amounts = {}
    effects: list[Effect] = []
    modifiers: list[Modifier] = []
    # Filters that narrow when a Response fires.
    attack: str = ""  # after_attack_chosen / after_armor_break: "wound" | "break" | ""
    weapon: str = ""  # battle_start: "basic" | "advanced" | ""
    min_loss: int = 0  # wound_loss: only when the loss is at least this
    # How often it may be used: "" no limit (Responses: once per trigger),
    # "turn", "battle" or "level".
    limit: Literal["", "turn", "battle", "level"] = ""
    #: When it may be used at all (None: whenever its type and filters allow).
    requires: Requires | None = None


class ClassCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A character class: its abilities are shared by both of its sheets."""

    id: str
    name: str
    text: str
    abilities: list[Ability]


class Character(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A character sheet of one class, and how its game is set up (R-SETUP-2).

    Every setup field is optional; left out, the character starts as R-SETUP-2
    says (and the ruleset's digest is as before the fields: digest.LATER_FIELDS).
    """

    id: str
    name: str
    cls: str
    text: str
    #: The starting weapon, instead of the settings' `starting_weapon`.
    weapon: str = ""
    #: Resources added to the start (after the settings and the difficulty).
    resources: Amounts = {}
    #: Skills held from the start (taken out of the skill deck).
    skills: list[str] = []
    #: Conditions in play from the start (the cards in hand), active from level 1.
    conditions: list[str] = []
    #: The ability uses at the start of level 1, instead of 1.
    ability_uses: int = 1
    #: The setup trigger: effects carried out at setup, before the first decision
    #: (a `handler` effect says what data cannot).
    setup: list[Effect] = []


class Attack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One attack option of a weapon sheet (R-WEAPON-2)."""

    id: str
    type: Literal["wound", "break"]
    power: int
    cost: Amounts
    ignore_armor: bool = False


class Upgrade(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An upgrade listed on a weapon sheet: crafting `to` costs `cost` (with time)."""

    to: str
    cost: Amounts


class Weapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A weapon sheet."""

    id: str
    name: str
    type: Literal["basic", "advanced"]
    text: str
    attacks: list[Attack]
    upgrades: list[Upgrade] = []


class Row(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One row of a monster's combat table."""

    result: str
    effects: list[Effect] = []


class Trickery(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A trickery cost: resources to spend, and/or a weapon downgrade to pay."""

    cost: Amounts = {}
    downgrade: bool = False


#: The top of the monster tracker: armor and health never go above it (R-MONSTER-2).
TRACKER_MAX = 20
#: A value on the monster tracker.
Tracker = Annotated[int, msgspec.Meta(ge=0, le=TRACKER_MAX)]
#: The last level whose Rewards step draws 2 skills to keep 1 (R-REWARD-1).
SKILL_LEVELS = 3


class Monster(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A monster sheet."""

    id: str
    name: str
    level: int
    number: int
    armor: Tracker
    health: Tracker
    text: str
    table: list[Row]
    ambush: list[Effect] = []
    trickery: Trickery | None = None
    abilities: list[Ability] = []
    rewards: list[Effect] = []
    #: Named passives (ids of `keywords` cards): their abilities are this monster's too.
    keywords: list[str] = []


class Skill(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A skill card."""

    id: str
    name: str
    text: str
    abilities: list[Ability]


class Condition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A condition card (R-COND-1, R-COND-2)."""

    id: str
    name: str
    text: str
    abilities: list[Ability] = []
    permanent: bool = False
    positive: bool = False
    tokens: bool = False


class Encounter(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An encounter card: spend -> gain, and its time value (R-TRAVEL-5)."""

    id: str
    name: str
    time: int
    text: str
    group: str = ""
    copies: int = 1
    spend: Amounts = {}
    gain: Amounts = {}
    effects: list[Effect] = []
    commit: bool = False


class DangerSpace(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One space of a difficulty's danger track: what the level's monster gains there."""

    colour: str
    armor: Annotated[int, msgspec.Meta(ge=0, le=TRACKER_MAX)] = 0
    health: Annotated[int, msgspec.Meta(ge=0, le=TRACKER_MAX)] = 0
    text: str = ""


class Difficulty(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a difficulty changes (R-SETUP-3..5); a plugin's adds a danger track."""

    id: str
    name: str
    text: str
    start: Amounts = {}
    extra_resource_roll: bool = False
    start_skill: bool = False
    monster_first: bool = False
    #: The danger track: the marker lands on one space per level (docs/content.md).
    danger: list[DangerSpace] = []
    #: Colours of the track this difficulty skips as the marker advances.
    skip: list[str] = []


class Keyword(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A named monster passive ("Fast"): monsters list it in `keywords`."""

    id: str
    name: str
    text: str
    abilities: list[Ability] = []


class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Numbers of the rules that live in content (marked "(content)" in RULES.md)."""

    caps: Amounts
    start: Amounts
    level_start_time: list[int]
    scout_cost: list[Amounts]
    focus: Amounts
    focus_gain: Amounts
    inspiration: Amounts
    inspiration_gain: Amounts
    plan: Amounts
    plan_gain: Amounts
    orienteer: Amounts
    orienteer_reveal: int
    reveal: int
    easy_roll: list[Amounts]
    gentle_start_se: int
    score: Amounts
    ranks: list[tuple[int, str]]
    starting_weapon: str
    difficulties: list[Difficulty]


class Pack(msgspec.Struct, frozen=True):
    """Everything one content pack defines, ids already namespaced."""

    name: str
    settings: Settings | None = None
    classes: list[ClassCard] = []
    characters: list[Character] = []
    weapons: list[Weapon] = []
    monsters: list[Monster] = []
    skills: list[Skill] = []
    conditions: list[Condition] = []
    encounters: list[Encounter] = []
    difficulties: list[Difficulty] = []
    keywords: list[Keyword] = []


#: The kinds of card, in content order: a pack's table name (and the Ruleset's) -> the
#: Struct of one card. The one list of card kinds; everything else derives from it.
CARD_KINDS: dict[str, type[msgspec.Struct]] = {
    "classes": ClassCard,
    "characters": Character,
    "weapons": Weapon,
    "monsters": Monster,
    "skills": Skill,
    "conditions": Condition,
    "encounters": Encounter,
    "difficulties": Difficulty,
    "keywords": Keyword,
}
assert tuple(CARD_KINDS) == Pack.__struct_fields__[2:], "CARD_KINDS must follow Pack's fields"
