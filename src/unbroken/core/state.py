"""GameState and its parts: everything a game is, as msgspec Structs.

The state changes only in `unbroken.core.reducer.apply_event`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import msgspec

from unbroken.core.model import Effect


class Phase(StrEnum):
    """The phase the game is in (the phase tracker's first word)."""

    SETUP = "setup"
    TRAVEL = "travel"
    COMBAT = "combat"
    OVER = "over"


class StepName(StrEnum):
    """The step of its phase the game is in (the phase tracker's second word, R-FLOW-1)."""

    SETUP = "setup"
    PREPARATION = "preparation"
    DECISION = "decision"
    EXPLORATION = "exploration"
    AMBUSH = "ambush"
    TRICKERY = "trickery"
    BATTLE = "battle"
    REWARDS = "rewards"
    HUNGER = "hunger"


#: The steps of each phase in the order they come (the phase tracker's row).
PHASE_STEPS: dict[Phase, tuple[StepName, ...]] = {
    Phase.SETUP: (StepName.SETUP,),
    Phase.TRAVEL: (StepName.PREPARATION, StepName.DECISION, StepName.EXPLORATION),
    Phase.COMBAT: (
        StepName.AMBUSH,
        StepName.TRICKERY,
        StepName.BATTLE,
        StepName.REWARDS,
        StepName.HUNGER,
    ),
    Phase.OVER: (),
}


class DecisionKind(StrEnum):
    """The kind of decision the engine waits for (`unbroken.core.legality.DECISIONS`
    says, for each, what is legal, how one action is checked and how all are listed)."""

    NONE = ""  # no decision pending: the game is setting up, running its flow, or over
    CHOOSE_SKILL = "choose_skill"
    PREPARATION = "preparation"
    CHOOSE_ENCOUNTER = "choose_encounter"
    RESOLVE_OR_REST = "resolve_or_rest"
    TRICKERY = "trickery"
    PLAYER_TURN = "player_turn"
    EXTRA_ATTACK = "extra_attack"
    RESPONSE = "response"
    PICK_ROLL = "pick_roll"
    ROLL_INSTEAD = "roll_instead"
    CHOOSE_WEAPON = "choose_weapon"
    CHOOSE_CONDITION = "choose_condition"
    HUNGER = "hunger"


class Turn(StrEnum):
    """Whose battle turn it is."""

    NONE = ""  # outside a battle
    PLAYER = "player"
    MONSTER = "monster"


class MonsterState(msgspec.Struct):
    """The monster in play, with its trackers."""

    id: str
    armor: int
    max_armor: int
    health: int
    max_health: int
    defend: bool = False
    wounds_this_round: int = 0


class ConditionState(msgspec.Struct):
    """A condition card in play: active now, or pending for the next level."""

    id: str
    active: bool
    tokens: int = 0
    rounds: int = 0
    now: bool = False  # gained "immediately": discarded at the end of this combat
    since: int = 0  # the battle round it was gained in (rounds count after it)


class SetAside(msgspec.Struct):
    """A weapon set aside by a temporary downgrade, back after `turns` player turns."""

    weapon: str
    turns: int
    depth: int = 0  # its place in the stack, where it goes back


class Queued(msgspec.Struct, frozen=True, omit_defaults=True):
    """One thing the engine does next: an effect of a card, or a named flow step."""

    step: str = ""  # a flow continuation, e.g. "battle.player_turn"
    effect: Effect | None = None
    source: str = ""  # the card the effect is printed on
    result: str = ""  # the combat result word when the effect is a table row's


class Outcome(msgspec.Struct, frozen=True):
    """How a game ended (R-END-1)."""

    won: bool
    level: int
    step: StepName
    cause: str = ""
    score: int = 0
    rank: str = ""
    source: str = ""


class GameState(msgspec.Struct):
    """The whole state of one game of Unbroken."""

    seed: int = 0
    character: str = ""
    cls: str = ""
    difficulty: str = ""
    options: dict[str, Any] = {}
    ruleset: str = ""

    level: int = 1
    phase: Phase = Phase.SETUP
    step: StepName = StepName.SETUP

    res: dict[str, int] = {}
    time_track: bool = True
    ability_uses: int = 0

    weapons: list[str] = []  # bottom (starting weapon) first, current last
    set_aside: list[SetAside] = []
    skills: list[str] = []
    conditions: list[ConditionState] = []

    encounter_deck: list[str] = []
    encounter_discard: list[str] = []
    revealed: list[str] = []
    chosen: str = ""
    reveal_bonus: int = 0
    committed: bool = False

    skill_deck: list[str] = []
    skill_discard: list[str] = []
    choices: list[str] = []  # cards offered by the pending choose_* decision

    monster: MonsterState | None = None
    round: int = 0
    turn: Turn = Turn.NONE
    roll: int = 0  # the die result being resolved
    rolls: list[int] = []  # I've Seen Worse: the results to pick from
    roll_bonus: int = 0  # bonus on the current monster attack
    attack: str = ""  # weapon attack being resolved: "<weapon>/<attack>"
    attack_power: int = 0
    pending_loss: int = 0  # effort about to be lost to a WOUND result
    extra_turns: int = 0
    skip_turn: bool = False

    trigger: str = ""  # the Response window open now
    used: list[str] = []  # abilities used at this trigger
    used_turn: list[str] = []
    used_battle: list[str] = []
    used_level: list[str] = []

    # The flow: what the engine waits for, and what it does next.
    decision: DecisionKind = DecisionKind.NONE
    then: list[Queued] = []  # a stack: the last item runs next

    counters: dict[str, int] = {}  # generator draw counter per named stream
    decisions: int = 0
    outcome: Outcome | None = None


def copy_state(state: GameState) -> GameState:
    """Return an independent copy of a game state: nothing shared that either can change."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=GameState)
