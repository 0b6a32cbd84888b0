"""The flow steps the engine can queue, as typed values, and their stable names on the wire.

A step is a frozen value: its class says what to do next ("the monster's
attack"), its fields the arguments (the attack's bonus). The engine queues
steps as `Queued` items, and the `Awaiting` event records that stack, so a
game can be resumed from its events alone. On the wire (and in the state) a
step stays the string it has always been — its stable name, then its argument
after a colon: "travel.preparation", "skills.draw:2", "monster.attack:0",
"window.again:wound_loss|class:x/dodge". `Step.wire()` writes that string and
`parse()` reads it back; they round-trip exactly, so recordings made before
steps had types verify byte for byte (a class rename never changes the wire:
the name is the class's `name`, not its Python name).

The engine converts at the boundary only: `Resolver.push` turns a step into
its (shared, memoized) `Queued` item and the driver turns a popped item back
into the step and its function. Step functions and the rest of the engine
see typed values only.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec


class Step(msgspec.Struct, frozen=True):
    """A flow step to run: the class says which, the fields are its arguments."""

    #: The step's stable name on the wire (never change one: recordings hold it).
    name: ClassVar[str] = ""

    def arg(self) -> str:
        """Return the step's argument as written on the wire ("" for none)."""
        return ""

    @classmethod
    def parse_arg(cls, arg: str) -> Step:
        """Return the step of this class whose wire argument is `arg`."""
        return cls()

    def wire(self) -> str:
        """Return the step as queued on the wire: "name" or "name:arg"."""
        arg = self.arg()
        return f"{self.name}:{arg}" if arg else self.name


# ---------------------------------------------------------------- the Travel Phase


class Preparation(Step, frozen=True):
    """R-TRAVEL-1: the Preparation step."""

    name = "travel.preparation"


class AfterAction(Step, frozen=True):
    """After a General/Travel action in Preparation: back to it, or the ambush."""

    name = "travel.after_action"


class Exploration(Step, frozen=True):
    """R-TRAVEL-5: reveal encounter cards."""

    name = "travel.exploration"


class ExplorationEnd(Step, frozen=True):
    """R-TRAVEL-6: discard the encounter card and lose its time."""

    name = "travel.exploration_end"


class _Count(Step, frozen=True):
    """A step whose argument is a count."""

    count: int = 0

    def arg(self) -> str:
        return str(self.count)

    @classmethod
    def parse_arg(cls, arg: str) -> Step:
        return cls(int(arg))


class SkillsGain(_Count, frozen=True):
    """Gain a skill: before_skill_gain Responses, then draw `count` and keep one."""

    name = "skills.gain"


class SkillsDraw(_Count, frozen=True):
    """R-REWARD-1 / R-SKILL-1: draw `count` skills and keep one."""

    name = "skills.draw"


# ---------------------------------------------------------------- Responses


class _Trigger(Step, frozen=True):
    """A step about the Response window of one trigger."""

    trigger: str = ""

    def arg(self) -> str:
        return self.trigger

    @classmethod
    def parse_arg(cls, arg: str) -> Step:
        return cls(arg)


class Window(_Trigger, frozen=True):
    """A trigger fired: offer the optional Responses usable now."""

    name = "window"


class Rewindow(_Trigger, frozen=True):
    """After one Response: offer the ones not yet used at this trigger."""

    name = "rewindow"


class WindowClose(_Trigger, frozen=True):
    """The player is done with Responses before the mandatory ones."""

    name = "window.close"


class WindowAgain(Step, frozen=True):
    """After the mandatory Responses: offer the optional ones not yet used.

    `used` is None until the window before the mandatory ones closes
    (WindowClose), then the Responses used in it (maybe none).
    """

    name = "window.again"
    trigger: str = ""
    used: tuple[str, ...] | None = None

    def arg(self) -> str:
        if self.used is None:
            return self.trigger
        return f"{self.trigger}|{','.join(self.used)}"

    @classmethod
    def parse_arg(cls, arg: str) -> Step:
        trigger, bar, used = arg.partition("|")
        if not bar:
            return cls(trigger)
        return cls(trigger, tuple(key for key in used.split(",") if key))


class RollInstead(Step, frozen=True):
    """A condition's roll may be replaced by a payment (the Basilisk's metal)."""

    name = "condition.roll_instead"
    condition: str = ""
    ability: str = ""

    def arg(self) -> str:
        return f"{self.condition}/{self.ability}"

    @classmethod
    def parse_arg(cls, arg: str) -> Step:
        condition, _, ability = arg.partition("/")
        return cls(condition, ability)


# ---------------------------------------------------------------- the Combat Phase


class Ambush(Step, frozen=True):
    """R-COMBAT-1: the ambush."""

    name = "combat.ambush"


class Trickery(Step, frozen=True):
    """R-COMBAT-2: the Trickery step."""

    name = "combat.trickery"


class Battle(Step, frozen=True):
    """R-BATTLE-1: the Battle step starts."""

    name = "combat.battle"


class Round(Step, frozen=True):
    """R-BATTLE-1: a battle round starts."""

    name = "battle.round"


class RoundEnd(Step, frozen=True):
    """A battle round ends: conditions that last some rounds count down."""

    name = "battle.round_end"


class PlayerTurn(Step, frozen=True):
    """R-BATTLE-2: the player's turn starts."""

    name = "battle.player_turn"


class PlayerAct(Step, frozen=True):
    """The player acts on their turn (or the turn is skipped)."""

    name = "battle.player_act"


class PlayerTurnEnd(Step, frozen=True):
    """The player's turn ends: set-aside weapons count down, extra turns come."""

    name = "battle.player_turn_end"


class AttackResolve(Step, frozen=True):
    """R-BATTLE-3/4: apply the chosen attack."""

    name = "attack.resolve"


class AttackEnd(Step, frozen=True):
    """An armor-breaking attack ends."""

    name = "attack.end"


class ExtraAttack(Step, frozen=True):
    """Another attack now, if one is possible (Wrecker)."""

    name = "attack.extra"


class MonsterTurn(Step, frozen=True):
    """The monster's turn starts."""

    name = "battle.monster_turn"


class MonsterAttack(Step, frozen=True):
    """R-BATTLE-6: the monster attacks, with a bonus to its roll."""

    name = "monster.attack"
    bonus: int = 0

    def arg(self) -> str:
        return str(self.bonus)

    def wire(self) -> str:
        return f"{self.name}:{self.bonus}"  # the bonus is written even when 0

    @classmethod
    def parse_arg(cls, arg: str) -> Step:
        return cls(int(arg or 0))


class MonsterRoll(Step, frozen=True):
    """The monster's combat roll."""

    name = "monster.roll"


class MonsterResolve(Step, frozen=True):
    """Apply the table row of the final roll."""

    name = "monster.resolve"


class MonsterAttackDone(Step, frozen=True):
    """The monster's attack is over: its roll bonus goes."""

    name = "monster.attack_done"


class WoundLoss(Step, frozen=True):
    """Lose the (possibly reduced) effort of a WOUND result."""

    name = "monster.wound_loss"


class Rewards(Step, frozen=True):
    """R-REWARD-1: the monster's rewards."""

    name = "combat.rewards"


class Hunger(Step, frozen=True):
    """R-HUNGER-1/2: the Hunger step."""

    name = "combat.hunger"


class LevelEnd(Step, frozen=True):
    """The level ends: level_end Responses fire."""

    name = "level.end"


class LevelAdvance(Step, frozen=True):
    """R-LEVEL-1/2: win after level 4, or set up the next level."""

    name = "level.advance"


#: The steps without fields, made once (a step is a frozen value; the engine pushes these
#: at most decisions, and making one costs about 45 ns): `r.push(steps.PREPARATION)`.
PREPARATION = Preparation()
AFTER_ACTION = AfterAction()
EXPLORATION = Exploration()
EXPLORATION_END = ExplorationEnd()
AMBUSH = Ambush()
TRICKERY = Trickery()
BATTLE = Battle()
ROUND = Round()
ROUND_END = RoundEnd()
PLAYER_TURN = PlayerTurn()
PLAYER_ACT = PlayerAct()
PLAYER_TURN_END = PlayerTurnEnd()
ATTACK_RESOLVE = AttackResolve()
ATTACK_END = AttackEnd()
EXTRA_ATTACK = ExtraAttack()
MONSTER_TURN = MonsterTurn()
MONSTER_ROLL = MonsterRoll()
MONSTER_RESOLVE = MonsterResolve()
MONSTER_ATTACK_DONE = MonsterAttackDone()
WOUND_LOSS = WoundLoss()
REWARDS = Rewards()
HUNGER = Hunger()
LEVEL_END = LevelEnd()
LEVEL_ADVANCE = LevelAdvance()


def _concrete(cls: type[Step]) -> list[type[Step]]:
    found = [cls] if cls.name else []
    for sub in cls.__subclasses__():
        found.extend(_concrete(sub))
    return found


#: Every step type, in the order written here.
STEP_TYPES: tuple[type[Step], ...] = tuple(_concrete(Step))
#: Every step type by its name on the wire.
BY_NAME: dict[str, type[Step]] = {cls.name: cls for cls in STEP_TYPES}
assert len(BY_NAME) == len(STEP_TYPES), "two step types share a name"


def parse(wire: str) -> Step:
    """Return the step a queued wire string names ("skills.draw:2" → SkillsDraw(2))."""
    name, _, arg = wire.partition(":")
    kind = BY_NAME.get(name)
    if kind is None:
        raise ValueError(f"unknown flow step {name!r} (in {wire!r})")
    return kind.parse_arg(arg)
