"""The driver: run the queued effects and steps until the player must decide again.

`take` carries out a legal action (taking.TAKE) and drives on; `drive` pops
the Resolver's stack: a card effect goes to its function in effects.EFFECTS,
a flow step to its function in the step registry (resolver.STEPS). This
module imports every module that registers steps (travel, combat,
responses), so once it is imported the registry is complete — checked here.
"""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import combat, responses, travel
from unbroken.core import events as ev
from unbroken.core.effects import EFFECTS
from unbroken.core.resolver import STEP_CALLS, STEPS, Death, Resolver, step_call
from unbroken.core.steps import STEP_TYPES
from unbroken.core.taking import TAKE

#: The modules whose flow steps the driver runs (imported for their @step registrations).
STEP_MODULES = (travel, combat, responses)

_missing = [t.__name__ for t in STEP_TYPES if t not in STEPS]
assert not _missing, f"flow steps without a function: {_missing}"


def drive(r: Resolver) -> None:
    """Run scheduled items until a decision is needed or the game ends."""
    s = r.state
    calls = STEP_CALLS
    try:
        while not r.waiting and s.outcome is None:
            then = r.then  # a step may replace the stack (a monster defeated)
            if not then:
                raise AssertionError("the flow ran out of steps")
            item = then.pop()
            r.acting = item  # the forecast names the card of an effect by it
            effect = item.effect
            if effect is None:
                fn, at = calls.get(item.step) or step_call(item.step)
                fn(r, at)
            else:
                EFFECTS[type(effect)](r, effect, item)
    except Death as death:
        r.then = []
        r.game_over(False, death.cause, death.source)
    if s.outcome is None:
        r.emit(ev.Awaiting(r.waiting, list(r.then), r.trigger))


def take(r: Resolver, action: act.Action) -> None:
    """Carry out a legal action for the pending decision, then drive on."""
    try:
        TAKE[type(action)](r, action)
    except Death as death:
        r.then = []
        r.game_over(False, death.cause, death.source)
    drive(r)
