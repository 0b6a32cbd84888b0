"""A handler that passes wrong values through its ctx, or changes the state itself, is
named (plugin, handler, card, its line) and the decision refused; the game goes on
(#19 item 5: it was "engine invariant violated", or a crash later naming no plugin)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from unbroken import hookimpl
from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.game import Game
from unbroken.core.handlers import HandlerError
from unbroken.plugins import load_plugins
from unbroken.testing import FolderPlugin, Scenario, play, write_pack

ENCOUNTER = """
[[encounters]]
id = "trap"
name = "A Trap"
group = "food"
time = 1
text = "Something is wrong with it."
effects = [{ kind = "handler", name = "bad:act" }]
"""


def game_with(tmp_path: Path, act_: Callable[[Any, dict[str, Any]], None]) -> Game:
    class Bad(FolderPlugin):
        @hookimpl
        def unbroken_effect_handlers(self) -> dict[str, Any]:
            return {"act": act_}

    folder = write_pack(tmp_path / "bad", {"encounters.toml": ENCOUNTER})
    rules = load_plugins(["base", "bad"], extra=[("bad", Bad(folder))]).ruleset
    game = Scenario("tomu", ruleset=rules).encounters("bad:trap").start("preparation")
    play(game, act.Explore(), act.ChooseEncounter("bad:trap"))
    return game


def changes_the_state(ctx: Any, params: dict[str, Any]) -> None:
    ctx.state.res["se"] = 20


def loses_gold(ctx: Any, params: dict[str, Any]) -> None:
    ctx.lose({"gold": 1})


def gains_a_negative(ctx: Any, params: dict[str, Any]) -> None:
    ctx.apply(m.Gain({"food": -3}))


def names_no_condition(ctx: Any, params: dict[str, Any]) -> None:
    ctx.apply(m.GainCondition("bad:nothing"))


def offers_no_weapon(ctx: Any, params: dict[str, Any]) -> None:
    ctx.apply(m.Lose({"se": 1}, alt=[m.GainWeapon(["base:lance"])]))


def sets_words_as_tokens(ctx: Any, params: dict[str, Any]) -> None:
    ctx.set_tokens("two")


HANDLER = "plugin 'bad': effect handler 'bad:act' on 'bad:trap'"


@pytest.mark.parametrize(
    ("handler", "message"),
    [
        (
            changes_the_state,
            f"{HANDLER} raised StateChanged: changed the game state directly (res); ctx.state "
            "is for reading: act through ctx.apply, ctx.lose, ctx.set_tokens or ctx.roll "
            "(test_handler_faults.py:45)",
        ),
        (
            loses_gold,
            f"{HANDLER} raised ValueError: ctx.lose: unknown resource 'gold'; one of: se, me, "
            "le, cunning, food, wood, metal, treasure, time (test_handler_faults.py:50)",
        ),
        (
            gains_a_negative,
            f"{HANDLER} raised ValueError: ctx.apply: Gain `amounts`: food = -3: an amount is "
            "a whole number, 0 or more (test_handler_faults.py:54)",
        ),
        (
            names_no_condition,
            f"{HANDLER} raised ValueError: ctx.apply: GainCondition `condition`: no condition "
            "'bad:nothing' is loaded (test_handler_faults.py:58)",
        ),
        (
            offers_no_weapon,
            f"{HANDLER} raised ValueError: ctx.apply: GainWeapon `choices`: no weapon "
            "'base:lance' is loaded (test_handler_faults.py:62)",
        ),
        (
            sets_words_as_tokens,
            f"{HANDLER} raised TypeError: ctx.set_tokens takes a whole number, not 'two' "
            "(test_handler_faults.py:66)",
        ),
    ],
)
def test_a_handler_passing_wrong_values_is_named_and_the_decision_refused(
    tmp_path: Path, handler: Callable[[Any, dict[str, Any]], None], message: str
) -> None:
    game = game_with(tmp_path, handler)
    before, se = list(game.events), game.state.res["se"]
    with pytest.raises(HandlerError) as caught:
        game.apply(act.Resolve())
    assert str(caught.value) == message
    assert game.events == before and game.state.res["se"] == se  # as it was
    assert act.Rest() in game.legal_actions()  # the game goes on


def reads_the_state(ctx: Any, params: dict[str, Any]) -> None:
    """Reading the state, acting, and reading again is what a handler is for."""
    if ctx.state.res["food"] < 7:
        ctx.apply(m.Gain({"food": 1}))
    ctx.lose({"se": 1})
    assert ctx.state.res["se"] >= 0


def test_a_handler_that_reads_the_state_and_acts_through_ctx_is_fine(tmp_path: Path) -> None:
    game = game_with(tmp_path, reads_the_state)
    food, se = game.state.res["food"], game.state.res["se"]
    game.apply(act.Resolve())
    assert (game.state.res["food"], game.state.res["se"]) == (food + 1, se - 1)
