"""A handler's loss on a monster's WOUND row is that row's wound loss, as a printed Lose's
(R-BATTLE-6, R-EFFECT-2, R-EFFECT-3): the wound_loss window opens and Passives apply."""

from __future__ import annotations

import dataclasses
from typing import Any

import msgspec

from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario

RULES = load_ruleset()
SCRATCH = act.Use("base:brawler", "just-a-scratch")


def bite(ctx: Any, params: dict[str, Any]) -> None:
    ctx.lose({"se": 2, "food": 1})


def with_a_biting_hyena(handler: Any = bite) -> Ruleset:
    """The base ruleset, the Hyena's every row a WOUND whose effect is `tide:bite`."""
    row = m.Row(result="WOUND", effects=[m.Handler(name="tide:bite")])
    hyena = msgspec.structs.replace(RULES.monsters["base:hyena"], table=[row] * 6)
    return dataclasses.replace(
        RULES,
        monsters={**RULES.monsters, "base:hyena": hyena},
        handlers={**RULES.handlers, "tide:bite": handler},
    )


def bitten(*conditions: str) -> Game:
    """Caellahan (Brawler: Just a Scratch) on Hard: the Hyena strikes first, rolling a 2."""
    scenario = (
        Scenario("caellahan", "hard", ruleset=with_a_biting_hyena())
        .resources(se=6, food=2)
        .monster("hyena")
        .no_time_track()
        .dice(2, 1, 1, 1, 1, 1)
    )
    for cid in conditions:
        scenario = scenario.condition(cid)
    game = scenario.start("battle")
    if game.decision is not None and game.decision.trigger == "after_monster_roll":
        game.apply(act.Pass())  # I've Seen Worse: not used
    return game


def test_a_handlers_loss_on_a_wound_row_opens_the_wound_loss_window() -> None:
    # R-EFFECT-2: Just a Scratch is offered against the handler's loss of 2 SE.
    game = bitten()
    assert game.decision is not None and game.decision.trigger == "wound_loss"
    assert game.state.pending_loss == 2
    assert game.state.res["food"] == 1  # the rest is lost at once
    assert SCRATCH in game.legal_actions()
    game.apply(SCRATCH)
    assert game.state.res["se"] == 5  # 1 less (R-EFFECT-3: the reduction is the loss's)


def test_a_handlers_wound_loss_is_lowered_by_the_wound_loss_passives() -> None:
    # R-EFFECT-3: Armored's Plates (WOUND losses 1 less) act on it as on a printed row.
    game = bitten("armored")
    assert game.decision is not None and game.decision.trigger == "wound_loss"
    game.apply(act.Pass())
    assert game.state.res["se"] == 5
