"""The content schema: msgspec Structs for every card kind and every effect.

Content is data. A card's behaviour is a list of declarative effect records
(`Gain`, `Lose`, `Reduce`, ...) or, for what the records cannot say, a named
`Handler` with parameters. Passives are `Modifier` records. Responses fire at
one of the closed list of `TRIGGERS`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

import msgspec

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

Amounts = dict[str, int]


class _Record(
    msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="kind", omit_defaults=True
):
    """Base for effect and modifier records (tagged by `kind`)."""


# --------------------------------------------------------------------------- effects


class Gain(_Record, frozen=True, tag="gain"):
    """Gain resources (caps apply, R-RES-2)."""

    amounts: Amounts


class Lose(_Record, frozen=True, tag="lose"):
    """Lose resources; effort substitutes upward (R-RES-4); `alt` if unable (R-RES-6)."""

    amounts: Amounts
    alt: list[Effect] = []


class Reduce(_Record, frozen=True, tag="reduce"):
    """Lose `lose` and gain `gain` instead; `alt` if `lose` is not held in full."""

    lose: Amounts
    gain: Amounts
    alt: list[Effect] = []


class GainCondition(_Record, frozen=True, tag="condition"):
    """Gain a condition `now` or for the `next_level` (R-COND-1)."""

    condition: str
    timing: Literal["now", "next_level"] = "next_level"
    tokens: int = 0
    rounds: int = 0


class AddTokens(_Record, frozen=True, tag="tokens"):
    """Put tokens on a condition in play ("+X paralysis", R-COND-2)."""

    condition: str
    amount: int


class RemoveCondition(_Record, frozen=True, tag="remove_condition"):
    """Remove a condition; with no `condition` the player picks one they have."""

    condition: str = ""


class Downgrade(_Record, frozen=True, tag="downgrade"):
    """Downgrade the weapon: for `turns` player turns, or permanently if 0 (R-WEAPON-4)."""

    turns: int = 0


class GainWeapon(_Record, frozen=True, tag="gain_weapon"):
    """Choose one of `choices` and put it on top of the weapon stack."""

    choices: list[str]


class MonsterGain(_Record, frozen=True, tag="monster_gain"):
    """The monster gains armor and/or health: current and maximum (R-BATTLE-5)."""

    armor: int = 0
    health: int = 0


class MonsterHeal(_Record, frozen=True, tag="monster_heal"):
    """The monster heals up to its maximum health (R-BATTLE-5)."""

    amount: int


class Defend(_Record, frozen=True, tag="defend"):
    """The monster ignores the player's next weapon attack (R-BATTLE-4)."""


class Wound(_Record, frozen=True, tag="wound"):
    """Inflict wounds on the monster (not a weapon attack)."""

    amount: int
    ignore_armor: bool = False


class BreakArmor(_Record, frozen=True, tag="break_armor"):
    """Break the monster's armor (not a weapon attack)."""

    amount: int


class ExtraTurn(_Record, frozen=True, tag="extra_turn"):
    """Take another turn before the monster acts."""


class RevealMore(_Record, frozen=True, tag="reveal_more"):
    """The next Exploration step reveals more (or fewer) cards."""

    amount: int


class Commit(_Record, frozen=True, tag="commit"):
    """Commit to the next encounter (R-TRAVEL-7)."""


class GainSkill(_Record, frozen=True, tag="gain_skill"):
    """Draw `draw` skills and keep one (R-SKILL-1)."""

    draw: int = 2


class ModifyRoll(_Record, frozen=True, tag="modify_roll"):
    """Change the current die result (clamped to 1..6, R-EFFECT-4)."""

    amount: int


class Reroll(_Record, frozen=True, tag="reroll"):
    """Roll the current die again; with `choose` the player keeps either result."""

    choose: bool = True


class AttackPower(_Record, frozen=True, tag="attack_power"):
    """Change the power of the attack being made."""

    amount: int


class ExtraAttack(_Record, frozen=True, tag="extra_attack"):
    """Make another weapon attack now."""


class SkipTurn(_Record, frozen=True, tag="skip_turn"):
    """The player's coming turn is skipped."""


class MonsterAttack(_Record, frozen=True, tag="monster_attack"):
    """The monster makes an extra attack now with `bonus` on its roll."""

    bonus: int = 0


class RollCheck(_Record, frozen=True, tag="roll_check"):
    """Roll the die: a result above the target gives `success`, else `failure`.

    The target is `beat` when `against` is "number", the current level for
    "level", and the tokens on the card for "tokens".
    """

    success: list[Effect] = []
    failure: list[Effect] = []
    against: Literal["number", "level", "tokens"] = "number"
    beat: int = 0


class GainLevel(_Record, frozen=True, tag="gain_level"):
    """Gain `times` x the current level of `resource` (Daring)."""

    resource: str
    times: int = 1


class ReduceLoss(_Record, frozen=True, tag="reduce_loss"):
    """The effort about to be lost shrinks by `amount`, to at least `minimum`."""

    amount: int = 1
    minimum: int = 1


class ExtraSkillChoice(_Record, frozen=True, tag="skill_choices"):
    """The skill draw being made reveals `amount` more cards to choose from."""

    amount: int = 1


class Handler(_Record, frozen=True, tag="handler"):
    """Behaviour the records cannot say: a named Python handler with parameters."""

    name: str
    params: dict[str, Any] = {}


Effect = Union[
    Gain,
    Lose,
    Reduce,
    GainCondition,
    AddTokens,
    RemoveCondition,
    Downgrade,
    GainWeapon,
    MonsterGain,
    MonsterHeal,
    Defend,
    Wound,
    BreakArmor,
    ExtraTurn,
    RevealMore,
    Commit,
    GainSkill,
    ModifyRoll,
    Reroll,
    AttackPower,
    ExtraAttack,
    SkipTurn,
    MonsterAttack,
    RollCheck,
    GainLevel,
    ReduceLoss,
    ExtraSkillChoice,
    Handler,
]

# --------------------------------------------------------------------------- modifiers


class WoundPower(_Record, frozen=True, tag="wound_power"):
    """Wounding attacks of power <= `up_to` (0: any) change power by `amount`."""

    amount: int
    up_to: int = 0


class WoundCap(_Record, frozen=True, tag="wound_cap"):
    """The monster cannot suffer more than `amount` wounds in a round."""

    amount: int


class IgnoreResult(_Record, frozen=True, tag="ignore_result"):
    """Monster combat results of this type do nothing (R-BATTLE-6)."""

    result: str


class RevealDelta(_Record, frozen=True, tag="reveal"):
    """Exploration steps reveal `amount` more cards (negative: fewer; minimum 1)."""

    amount: int


class AbilityUses(_Record, frozen=True, tag="ability_uses"):
    """Ability uses at the start of a level change by `amount` (minimum 0)."""

    amount: int


class WeaponAttackCost(_Record, frozen=True, tag="weapon_attack_cost"):
    """Every weapon attack costs `amounts` more (not actions, R-BATTLE-3)."""

    amounts: Amounts


class RollBonus(_Record, frozen=True, tag="roll_bonus"):
    """The monster's combat rolls get `amount` added."""

    amount: int


class IgnoreArmor(_Record, frozen=True, tag="ignore_armor"):
    """Wounding weapon attacks ignore armor."""


class HungerDelta(_Record, frozen=True, tag="hunger"):
    """The food requirement changes by `amount` (minimum 0)."""

    amount: int


class RollInstead(_Record, frozen=True, tag="roll_instead"):
    """Instead of rolling for `condition` before a turn, the player may pay `amounts`."""

    condition: str
    amounts: Amounts


class WoundLoss(_Record, frozen=True, tag="wound_loss"):
    """Effort lost to WOUND results changes by `amount`, to at least `minimum`."""

    amount: int
    minimum: int = 1


Modifier = Union[
    WoundPower,
    WoundCap,
    IgnoreResult,
    RevealDelta,
    AbilityUses,
    WeaponAttackCost,
    RollBonus,
    IgnoreArmor,
    HungerDelta,
    RollInstead,
    WoundLoss,
]

# --------------------------------------------------------------------------- card text


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


class ClassCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A character class: its abilities are shared by both of its sheets."""

    id: str
    name: str
    text: str
    abilities: list[Ability]


class Character(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A character sheet of one class."""

    id: str
    name: str
    cls: str
    text: str


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


class Difficulty(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a difficulty changes (R-SETUP-3..5)."""

    id: str
    name: str
    text: str
    start: Amounts = {}
    extra_resource_roll: bool = False
    start_skill: bool = False
    monster_first: bool = False


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
}
assert tuple(CARD_KINDS) == Pack.__struct_fields__[2:], "CARD_KINDS must follow Pack's fields"
