"""#28 round 19: a Response that adds power once the attack is chosen is in its line.

A playtester held Gauntlet's Plate Splitter ("After you choose a wounding attack against
an Armored monster, +2 power") against the Iron Beetle; the attack read "wound 1
(Armored (Gauntlet) −1)" and nothing of the +2. The figure stays what is certain (a
Passive's change is in it); a Response is the player's choice, said "if used", as the
core forecasts its line (`Forecast.if_used`): what it would make of the attack.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, expansions_from_source
from unbroken.words.actions import option_text

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"


@pytest.fixture(scope="module")
def gauntlet() -> Iterator[Ruleset]:
    with expansions_from_source(PLUGINS, {"gauntlet": "unbroken_gauntlet"}) as rules:
        yield rules


def at_cut(rules: Ruleset, character: str, monster: str, *skills: str) -> Game:
    game = (
        Scenario(character, level=2, ruleset=rules)
        .resources(se=10, me=3)
        .skills(*skills)
        .weapon("base:sword")
        .monster(monster)
        .start("battle")
    )
    assert game.state.monster is not None
    game.state.monster.armor = 0  # broken already: the Sword may Cut
    return game


def cut_line(game: Game) -> str:
    assert act.Attack("cut") in game.legal_actions()
    return option_text(act.Attack("cut"), "", game.state, game.ruleset)


def test_plate_splitter_against_an_armored_monster_is_in_the_attack_line(
    gauntlet: Ruleset,
) -> None:
    game = at_cut(gauntlet, "tomu", "gauntlet:iron-beetle", "gauntlet:plate-splitter")
    line = cut_line(game)
    # Printed 2, Armored −1 (power 3 or less): 1; with +2 the power is 4 and Armored
    # does not apply, so it takes the Beetle's 3 health.
    assert line.startswith("Attack with Cut: wound 1 (Armored (Gauntlet) −1; "), line
    assert "defeats it if Plate Splitter used" in line, line
    fork = game.fork()  # and so it does
    fork.apply(act.Attack("cut"))
    taken = fork.apply(act.Use("gauntlet:plate-splitter", "plate-splitter-seam"))
    assert any(isinstance(e, ev.MonsterDefeated) for e in taken)


def test_plate_splitter_against_a_monster_not_armored_says_nothing(gauntlet: Ruleset) -> None:
    game = at_cut(gauntlet, "tomu", "base:bear", "gauntlet:plate-splitter")
    assert "Plate Splitter" not in cut_line(game)  # it would do nothing


def test_power_through_and_heave_say_their_figures() -> None:
    game = at_cut(load_ruleset(), "caellahan", "base:bear", "base:brute-force")
    line = cut_line(game)
    assert line.startswith("Attack with Cut: wound 2 (wound 3 if Power Through [Brawler] used")
    assert "defeats it if Brute Force used" in line, line  # 4 power, the Bear's 4 health


def test_no_response_is_named_when_the_attack_already_defeats() -> None:
    game = at_cut(load_ruleset(), "caellahan", "base:bear", "base:brute-force")
    assert game.state.monster is not None
    game.state.monster.health = 2
    line = cut_line(game)
    assert "if" not in line.partition(" - pay")[0], line
