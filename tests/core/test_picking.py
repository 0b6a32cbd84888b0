"""#28 round 16: "Keep which result?" listed the results by value, so Enter's default (the
first) kept the worse one after a reroll; the one the forecast proves better is Enter's
default, and the prompt says which is the new roll. Round 32 (32a-10): ordered the better
first, else by value, the options came sometimes first roll first, sometimes the lower die
first; they come in the order rolled, the first roll then the re-roll, every time, and the
better one is Enter's default where it stands (`picking.better_pick`)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.picking import better_pick
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


def offered(game: Game) -> list[act.Action]:
    """Return the options' actions in the order offered."""
    return [a for a, _ in game.options()]


def test_the_first_roll_comes_first_whatever_its_value_or_worth() -> None:
    # 32a-10: (4, 2) then (2, 4) offered 2 before 4 both times; (2, 3) offered the 3 first.
    for first, again in ((2, 3), (3, 2), (3, 1), (1, 3), (3, 4), (4, 3)):
        game = rerolled(first, again)
        assert offered(game) == [act.PickRoll(first), act.PickRoll(again)], (first, again)
    # The engine's legal actions keep their order (the bots' and the pinned digests').
    assert rerolled(4, 3).legal_actions() == [act.PickRoll(3), act.PickRoll(4)]


def test_the_better_result_is_enters_default_wherever_it_stands() -> None:
    game = rerolled(2, 3)  # lose 4 SE, then the reroll: lose 3 SE
    assert better_pick(game.ruleset, game.state, game.options()) == 1
    game = rerolled(3, 2)
    assert better_pick(game.ruleset, game.state, game.options()) == 0
    game = rerolled(3, 1)  # lose 3 SE, then a MISS
    assert better_pick(game.ruleset, game.state, game.options()) == 1


def test_results_not_proved_better_have_no_default() -> None:
    game = rerolled(3, 4)  # lose 3 SE or gain Bleeding: neither is better in everything
    assert offered(game) == [act.PickRoll(3), act.PickRoll(4)]
    assert better_pick(game.ruleset, game.state, game.options()) is None


def test_the_prompt_says_which_is_the_new_roll() -> None:
    game = rerolled(2, 3)
    assert game.decision is not None
    text = prompt_text(game.decision.prompt, game.state, game.ruleset)
    assert text == "Keep which result? The new roll is the 3 (the 2 came first)."
