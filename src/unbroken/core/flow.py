"""Deprecated: the old home of the rules in motion, kept for one release (0.3).

The engine that was the class `Run` here is now split by job:
`resolver` (the Resolver and the step registry), `steps` (typed flow steps),
`driver` (drive, take), `payment`, `effects` (EFFECTS), `responses`,
`legality`, `taking` (TAKE), `handlers` and the phases' steps in `travel` and
`combat`. Import from those. This module re-exports the names other code
used, and `Run` is the `Resolver` with its former methods (`.s` is `.state`, `.out` is `.emitted`;
`push` still takes a step by its wire name). `step` now registers a function
for a step type (`@step(steps.SkillsDraw)`), not for a name, and `STEPS` is
keyed by step type.
"""

from __future__ import annotations

from typing import Any

from unbroken.core import actions as act
from unbroken.core import driver, effects, legality, payment, responses, steps
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.combat import clamp_die, effective_roll, reveal_monster
from unbroken.core.effects import EFFECTS, HandlerContext
from unbroken.core.handlers import BUILTIN_HANDLERS, HandlerError, lose_per_token
from unbroken.core.payment import CANNOT_PAY
from unbroken.core.resolver import STEPS, Death, Resolver, step
from unbroken.core.responses import NO_USES
from unbroken.core.state import GameState, Queued
from unbroken.core.steps import Step
from unbroken.core.taking import TAKE, hunger_cost

#: The question of each kind of decision (now `legality.DECISIONS[kind].prompt`).
DECISIONS: dict[str, str] = {kind: rules.prompt for kind, rules in legality.DECISIONS.items()}

__all__ = [
    "BUILTIN_HANDLERS",
    "CANNOT_PAY",
    "DECISIONS",
    "EFFECTS",
    "NO_USES",
    "STEPS",
    "TAKE",
    "Death",
    "HandlerContext",
    "HandlerError",
    "Resolver",
    "Run",
    "clamp_die",
    "effective_roll",
    "hunger_cost",
    "lose_per_token",
    "step",
]


class Run(Resolver):
    """Deprecated alias of `Resolver` (until 0.3), with its former methods.

    Each method calls the function that does its job now (`run.gain(...)` is
    `payment.gain(resolver, ...)`); new code calls those functions.
    """

    @property
    def s(self) -> GameState:
        """The game state (now `.state`)."""
        return self.state

    @property
    def out(self) -> list[ev.Event]:
        """The events emitted (now `.emitted`)."""
        return self.emitted

    def push(self, *items: Queued | Step | str) -> None:
        """Schedule items to run next; a step may still be given by its wire name."""
        super().push(*(steps.parse(i) if isinstance(i, str) else i for i in items))

    def drive(self) -> None:
        driver.drive(self)

    def take(self, action: act.Action) -> None:
        driver.take(self, action)

    def do(self, q: Queued) -> None:
        EFFECTS[type(q.effect)](self, q.effect, q)

    # paying
    def can_pay(self, amounts: dict[str, int]) -> bool:
        return payment.can_pay(self.state, amounts)

    def why_not_pay(self, amounts: dict[str, int]) -> str:
        return payment.why_not_pay(self.state, amounts)

    def payment(self, amounts: dict[str, int]) -> dict[str, int] | None:
        return payment.payment(self.state, amounts)

    def spend(self, amounts: dict[str, int], source: str) -> None:
        payment.spend(self, amounts, source)

    def lose(self, amounts: dict[str, int], source: str, cause: str = "") -> bool:
        return payment.lose(self, amounts, source, cause)

    def gain(self, amounts: dict[str, int], source: str) -> None:
        payment.gain(self, amounts, source)

    # effects
    def gain_condition(self, cid: str, timing: str, tokens: int, rounds: int) -> None:
        effects.gain_condition(self, cid, timing, tokens, rounds)

    def downgrade(self, turns: int, source: str) -> None:
        effects.downgrade(self, turns, source)

    def monster_changed(self, why: str, **changes: Any) -> None:
        effects.monster_changed(self, why, **changes)

    def wound(self, amount: int, ignore_armor: bool, source: str) -> None:
        effects.wound(self, amount, ignore_armor, source)

    def reveal_monster(self) -> None:
        reveal_monster(self)

    # Responses
    def fire(self, trigger: str, **ctx: Any) -> None:
        responses.fire(self, trigger, **ctx)

    def usable(self, source: str, ability: m.Ability, kind: str) -> bool:
        return responses.usable(self, source, ability, kind)

    def why_not_usable(self, source: str, ability: m.Ability, kind: str) -> str:
        return responses.why_not_usable(self, source, ability, kind)

    def optional_responses(
        self, trigger: str, fresh: bool = False
    ) -> list[tuple[str, m.Ability, str]]:
        return responses.optional_responses(self, trigger, fresh)

    def use(self, source: str, ability: m.Ability, kind: str) -> None:
        responses.use(self, source, ability, kind)

    # legality
    def legal(self) -> list[act.Action]:
        return legality.legal(self)

    def allows(self, action: act.Action) -> bool:
        return legality.allows(self, action)

    def options(self) -> list[tuple[act.Action, str]]:
        return legality.options(self)

    def cost(self, action: act.Action) -> dict[str, int]:
        return legality.cost(self, action)

    def effort_options(self) -> list[tuple[act.Action, str]]:
        return legality.effort_options(self)

    def weapon_options(self) -> list[tuple[act.Action, str]]:
        return legality.weapon_options(self)

    def ability_options(self, timings: tuple[str, ...]) -> list[tuple[act.Action, str]]:
        return legality.ability_options(self, timings)

    def attack_choices(self) -> list[tuple[act.Action, str]]:
        return legality.attack_choices(self)

    def general_actions(self) -> list[act.Action]:
        return legality.general_actions(self)

    def ability_actions(self, timings: tuple[str, ...]) -> list[act.Action]:
        return legality.ability_actions(self, timings)

    def attack_options(self) -> list[tuple[m.Attack, dict[str, int]]]:
        return legality.attack_options(self)

    def attack_cost(self, attack: m.Attack) -> dict[str, int]:
        return legality.attack_cost(self, attack)

    def ignores_armor(self, attack: m.Attack) -> bool:
        return legality.ignores_armor(self, attack)

    def attacks(self) -> list[act.Action]:
        return legality.attacks(self)

    def food_requirement(self) -> int:
        return legality.food_requirement(self)
