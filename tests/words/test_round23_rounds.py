"""#28 round 22: the option preview of a ROAR while already Frightened said the total
("Frightened for 4 rounds"), and the Hand's count took in the round under way: both count
the rounds after this one, as the log does ("Frightened: now for 3 rounds after this
one.", words/rounds_left.py; round 26: one count)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_text
from unbroken.words.cards import condition_in_play

RULES = load_ruleset()


def at_the_bears_roar(roars: int) -> Game:
    """Tomu (Lucky) at the Lucky window after the Bear's `roars`-th ROAR (dice 4, 3: the
    second with Frightened's +1)."""
    game = (
        Scenario("tomu", level=2).skills("lucky").monster("bear").dice(4, 3, 1, 1).start("battle")
    )
    for n in range(roars):
        if n:
            game.apply(act.Pass())
        game.apply(act.Skip())
    assert game.state.trigger == "after_monster_roll"
    return game


def frightened(game: Game) -> str:
    held = next(c for c in game.state.conditions if c.id == "base:frightened")
    return condition_in_play(held, RULES, game.state.round)[0]


def test_a_second_roar_says_what_it_changes_as_the_log_will() -> None:
    game = at_the_bears_roar(2)
    line = option_text(act.Pass(), "", game.state, RULES)
    assert line.endswith("Bear's ROAR: Frightened now for 3 rounds after this one"), line
    assert "for 4 rounds" not in line


def test_a_first_roar_says_its_rounds_after_this_one() -> None:
    line = option_text(act.Pass(), "", at_the_bears_roar(1).state, RULES)
    assert line.endswith("Bear's ROAR: gain Frightened now for 2 rounds after this one"), line


def test_the_hand_counts_frightened_as_the_log_does() -> None:
    game = at_the_bears_roar(2)  # round 2: gained in round 1 for 2 rounds after it
    assert frightened(game) == "Frightened (1 round after this one)"
    game.apply(act.Pass())  # the second ROAR: "now for 3 rounds after this one"
    game.apply(act.Skip())  # round 3 under way: 2 more after it
    assert game.state.round == 3
    assert frightened(game) == "Frightened (2 rounds after this one)"
