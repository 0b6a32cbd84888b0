"""#28 round 16: "Keep which result?" listed the results by value, so Enter's default (the
first) kept the worse one after a reroll; the one the forecast proves better comes first,
and the prompt says which is the new roll."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.words.prompts import prompt_text


def rerolled(*dice: int) -> Game:
    """The Wyvern rolls dice[0], Lucky Break rerolls dice[1] (its table: 1 MISS, 2 WOUND
    lose 4 SE, 3 WOUND lose 3 SE, 4 DAZE Bleeding)."""
    game = (
        Scenario("maxyn-zenma", level=4)
        .resources(se=20)
        .skills("lucky")
        .monster("wyvern")
        .dice(*dice, 3, 3)
        .start("battle")
    )
    game.apply(act.Skip())
    game.apply(act.Use("base:lucky", "lucky-reroll"))
    assert game.legal_actions() == [act.PickRoll(min(dice[:2])), act.PickRoll(max(dice[:2]))]
    return game


def test_the_better_result_comes_first_whatever_its_value() -> None:
    game = rerolled(2, 3)  # lose 4 SE, then the reroll: lose 3 SE
    assert [a for a, _ in game.options()] == [act.PickRoll(3), act.PickRoll(2)]
    game = rerolled(3, 1)  # lose 3 SE, then a MISS
    assert [a for a, _ in game.options()] == [act.PickRoll(1), act.PickRoll(3)]


def test_results_not_proved_better_keep_their_order() -> None:
    game = rerolled(3, 4)  # lose 3 SE or gain Bleeding: neither is better in everything
    assert [a for a, _ in game.options()] == [act.PickRoll(3), act.PickRoll(4)]


def test_the_prompt_says_which_is_the_new_roll() -> None:
    game = rerolled(2, 3)
    assert game.decision is not None
    text = prompt_text(game.decision.prompt, game.state, game.ruleset)
    assert text == "Keep which result? The new roll is the 3 (the 2 came first)."
