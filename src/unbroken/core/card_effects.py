"""The effect and modifier records printed on cards: what a card does, as data.

An effect (`Gain`, `Lose`, `Reduce`, ... or a named `Handler`) is carried out
by its function in `unbroken.core.effects`; a Passive is a `Modifier` the
engine reads where it applies. Each record is tagged by `kind` in content
files. `unbroken.core.model` re-exports them with the cards they are on.
"""

from __future__ import annotations

from typing import Any, Literal, Union

import msgspec

#: Resources and how many of each: resource id (see `model.RESOURCES`) -> number.
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

#: The effect records whose tables of amounts name resources and are never negative (a
#: negative gain is a loss that skips R-RES-4's substitution): handlers and content checks.
AMOUNT_FIELDS: dict[type, tuple[str, ...]] = {
    Gain: ("amounts",),
    Lose: ("amounts",),
    Reduce: ("lose", "gain"),
}

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
