"""#28 round 29 (29a-14): on one screen the option said "Ogre's ROAR: Frightened now for 3
rounds after this one", the line under the list "Ogre's ROAR: Frightened for 4 rounds" (the
total, the round under way in it: words/forecast.py's detail did not follow the rounds from
the state, as the option's note does), and the Hand the next round "2 rounds after this
one". One measure, the rounds after the one under way (R-COND-1): all three name the same
last round of Frightened, for a first ROAR, a second, a third, and a Frightened held from
before the battle."""

from __future__ import annotations

import re

import pytest

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.details import detail
from unbroken.words.actions import option_text
from unbroken.words.cards import condition_in_play

RULES = load_ruleset()
AFTER = re.compile(r"ROAR: (?:gain )?Frightened now for (\d+) rounds? after this one")


def at_a_roar(roars: int, held: int) -> Game:
    """Tomu (Lucky) at the Lucky window after the Bear's `roars`-th ROAR, Frightened for
    `held` rounds before the battle (0: not). The die shows 4, ROAR, with Frightened's +1."""
    first = 3 if held else 4
    scene = Scenario("tomu", level=2).skills("lucky").monster("bear").dice(first, 3, 3, 1, 1)
    if held:
        scene = scene.condition("frightened", True, 0, held)
    game = scene.start("battle")
    for n in range(roars):
        if n:
            game.apply(act.Pass())
        game.apply(act.Skip())
    assert game.state.trigger == "after_monster_roll"
    return game


def last_round_said(text: str, battle_round: int) -> int:
    """Return the last round of Frightened a text names: "now for N rounds after this one"."""
    found = AFTER.search(text)
    assert found, text
    return battle_round + int(found.group(1))


def hand_last_round(game: Game) -> int:
    """Return the last round of Frightened the Hand names."""
    held = next(c for c in game.state.conditions if c.id == "base:frightened")
    said = condition_in_play(held, RULES, game.state.round)[0]
    if said == "Frightened (ends with this round)":
        return game.state.round
    found = re.fullmatch(r"Frightened \((\d+) rounds? after this one\)", said)
    assert found, said
    return game.state.round + int(found.group(1))


@pytest.mark.parametrize(("roars", "held"), [(1, 0), (2, 0), (3, 0), (1, 2), (2, 3)])
def test_the_option_the_line_under_it_and_the_hand_name_one_last_round(
    roars: int, held: int
) -> None:
    game = at_a_roar(roars, held)
    now = game.state.round
    option = option_text(act.Pass(), "", game.state, RULES)
    under = detail(act.Pass(), game)
    assert "Frightened for" not in under, under
    last = last_round_said(option, now)
    assert last_round_said(under, now) == last, (option, under)
    game.apply(act.Pass())  # the ROAR lands, the round ends
    assert game.state.round == now + 1
    assert hand_last_round(game) == last
