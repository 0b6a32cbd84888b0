"""The Resolver: one application of the rules, and the registry of flow steps.

A `Resolver` takes the state as it is and changes it only by emitting events
(the reducer applies each at once). What remains to be done lives in its
`then` stack of `Queued` items: card effects, and flow steps (typed values,
see `unbroken.core.steps`), so a game can be resumed from its state alone.

The jobs done with a Resolver live in modules of their own, as functions
taking it first: paying (payment), card effects (effects), Responses
(responses), legality (legality), taking an action (taking), the phases'
steps (travel, combat), and the driver that runs the stack (driver).
This module knows none of them: each step function registers itself here
with `@step(StepType)`, and the driver, which imports every module that
registers steps, checks that every step type has one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core import rng
from unbroken.core.hand import CardsInPlay, Hand, InPlay
from unbroken.core.reducer import REDUCERS
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState, Phase, Queued, StepName
from unbroken.core.steps import Step
from unbroken.core.steps import parse as steps_parse

#: The events that change the cards in play (see Resolver.cards_in_play).
_HAND_EVENTS = frozenset(
    {
        ev.GameStarted,
        ev.SkillKept,
        ev.ConditionGained,
        ev.ConditionRemoved,
        ev.ConditionsAdvanced,
        ev.MonsterRevealed,
        ev.MonsterRemoved,
        ev.StepEntered,
        ev.GameOver,
    }
)


# Enum members looked up once: an enum's attribute costs 100 ns on Python 3.11.
_COMBAT, _NO_DECISION = Phase.COMBAT, DecisionKind.NONE


class Death(Exception):
    """The player could not pay effort they had to pay (R-RES-5)."""

    def __init__(self, cause: str, source: str = "") -> None:
        super().__init__(cause)
        self.cause = cause
        self.source = source


#: Memo of the Queued item of each step pushed (items are immutable and shared).
#: Emptied at MEMO_LIMIT.
_QUEUED: dict[Step, Queued] = {}
MEMO_LIMIT = 4096


def _queued(item: Step) -> Queued:
    """Return the (immutable, shared) Queued item for a step."""
    if len(_QUEUED) >= MEMO_LIMIT:
        _QUEUED.clear()
    found = _QUEUED[item] = Queued(step=item.wire())
    return found


class Resolver:
    """One application of the rules: emits events until the next decision."""

    def __init__(
        self,
        ruleset: Ruleset,
        state: GameState,
        dice: Callable[[str, str], int] | None = None,
    ) -> None:
        self.rules = ruleset
        self.state = state
        self.dice = dice
        self.emitted: list[ev.Event] = []  # the events of this application, in order
        self.then: list[Queued] = list(state.then)
        self.waiting = _NO_DECISION
        self.trigger = ""
        self._hand: Hand | None = None
        #: The attack (with its cost) legality found for the action being taken.
        self.allowed_attack: tuple[m.Attack, dict[str, int]] | None = None
        #: The card effect being run (the driver sets it; the forecast names its card).
        self.acting: Queued | None = None

    # ------------------------------------------------------------------ plumbing

    def emit(self, event: ev.Event) -> None:
        """Apply an event to the state and record it."""
        kind = type(event)
        REDUCERS[kind](self.state, event)
        self.emitted.append(event)
        if kind in _HAND_EVENTS:
            self._hand = None

    def push(self, *items: Queued | Step) -> None:
        """Schedule items to run next, the first given running first."""
        then = self.then
        for item in reversed(items):
            # type() is, not isinstance(): with a Struct class that costs 100 ns when false.
            if type(item) is not Queued:  # a Step (mypy does not narrow this way)
                item = _QUEUED.get(item) or _queued(item)  # type: ignore[arg-type]
            then.append(item)

    def push_effects(self, effects: Iterable[m.Effect], source: str, result: str = "") -> None:
        """Schedule card effects to run next, in printed order."""
        queued = [Queued(effect=e, source=source, result=result) for e in effects]
        self.then.extend(reversed(queued))

    def queued_steps(self) -> Iterator[tuple[int, Step]]:
        """Yield the place in the stack and the step of every queued step, next first."""
        then = self.then
        for i in range(len(then) - 1, -1, -1):
            if then[i].effect is None:
                yield i, parse_step(then[i].step)

    def replace(self, at: int, item: Step) -> None:
        """Put a step in the stack instead of the item at place `at`."""
        self.then[at] = _QUEUED.get(item) or _queued(item)

    def wait(self, decision: DecisionKind, trigger: str = "") -> None:
        """Stop here: the player must make `decision`."""
        self.waiting = decision
        self.trigger = trigger

    def enter(self, phase: Phase, stepname: StepName) -> None:
        """Enter a step of a phase, unless the game is in it already."""
        if self.state.phase != phase or self.state.step != stepname:
            self.emit(ev.StepEntered(phase, stepname))

    def game_over(self, won: bool, cause: str = "", source: str = "") -> None:
        """End the game, won (with its score) or lost (with its cause)."""
        score, rank = self.score() if won else (0, "")
        s = self.state
        self.emit(ev.GameOver(won, s.level, s.step, cause, score, rank, source))

    def score(self) -> tuple[int, str]:
        """Return the points and rank of what is left (R-SCORE-1/2)."""
        settings = self.rules.settings
        points = sum(n * self.state.res.get(k, 0) for k, n in settings.score.items())
        rank = ""
        for low, name in settings.ranks:
            if points >= low:
                rank = name
        return points, rank

    def roll(self, stream: str, purpose: str, sides: int = 6) -> int:
        """Roll the die on a named stream (or take the next scripted result)."""
        if self.dice is not None:
            value = self.dice(stream, purpose)
        else:
            s = self.state
            value = rng.die(s.seed, stream, s.counters.get(stream, 0), sides)
        self.emit(ev.DieRolled(stream, purpose, value))
        return value

    # ------------------------------------------------------------------ what is in play

    def cards_in_play(self) -> CardsInPlay:
        """Return the cards whose abilities are in play now."""
        s = self.state
        return (
            s.cls,
            tuple(s.skills),
            tuple([c.id for c in s.conditions if c.active]) if s.conditions else (),
            s.monster.id if s.monster is not None and s.phase == _COMBAT else "",
        )

    def hand(self) -> Hand:
        """Return the abilities in play now (kept until an event changes the cards in play)."""
        hand = self._hand
        if hand is None:
            hand = self._hand = self.rules.hand(self.cards_in_play())
        return hand

    def in_play(self) -> tuple[InPlay, ...]:
        """Return (source card, ability, kind of card) for every ability in play."""
        return (self._hand or self.hand()).in_play

    def abilities(self, kind: str, trigger: str = "") -> tuple[InPlay, ...]:
        """Return the abilities of a kind in play ("action", or "response" at a trigger)."""
        return (self._hand or self.hand()).abilities(kind, trigger)

    def modifiers(self, kind: type) -> tuple[Any, ...]:
        """Return every Passive modifier of this kind in play."""
        return (self._hand or self.hand()).passives(kind)

    def ignores(self, result: str) -> bool:
        """Return whether a Passive in play ignores this combat result."""
        return any(mod.result == result for mod in self.modifiers(m.IgnoreResult))

    def condition(self, cid: str, active: bool = True) -> Any:
        """Return the condition in play (active, or pending), or None."""
        for c in self.state.conditions:
            if c.id == cid and c.active == active:
                return c
        return None

    def holds(self, weapon: str) -> bool:
        """Return whether the player has this weapon: in the stack or set aside (R-WEAPON-1/4)."""
        s = self.state
        return weapon in s.weapons or any(a.weapon == weapon for a in s.set_aside)


# ---------------------------------------------------------------------- the step registry

StepFunction = Callable[[Resolver, Any], None]
#: The function of every step type (filled by @step where each is written).
STEPS: dict[type[Step], StepFunction] = {}
_F = TypeVar("_F", bound=Callable[..., None])


def step(kind: type[Step]) -> Callable[[_F], _F]:
    """Register the function that runs a step type: fn(resolver, step)."""

    def register(fn: _F) -> _F:
        STEPS[kind] = fn
        return fn

    return register


#: Memos of each queued wire string: its step, and its step's function with the step.
#: Emptied at MEMO_LIMIT.
_PARSED: dict[str, Step] = {}
STEP_CALLS: dict[str, tuple[StepFunction, Step]] = {}


def parse_step(wire: str) -> Step:
    """Return the step a queued wire string names ("skills.draw:2" → SkillsDraw(2))."""
    found = _PARSED.get(wire)
    if found is None:
        if len(_PARSED) >= MEMO_LIMIT:
            _PARSED.clear()
        found = _PARSED[wire] = steps_parse(wire)
    return found


def step_call(wire: str) -> tuple[StepFunction, Step]:
    """Return the function of a queued step, and the step (see STEP_CALLS)."""
    at = parse_step(wire)
    if len(STEP_CALLS) >= MEMO_LIMIT:
        STEP_CALLS.clear()
    found = STEP_CALLS[wire] = (STEPS[type(at)], at)
    return found
