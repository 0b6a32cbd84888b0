"""#28 playtest round 31 (31b-7): Gauntlet's Plate Splitter ("After you choose a wounding
attack against an Armored monster, +2 power") did nothing against a monster with armor but
not the Armored keyword, and the Pass taken for the player said only "it would do nothing
here". Its option and the line of the Pass taken say why: the monster is not Armored."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.pointless import NO_EFFECT, pointless_answer
from unbroken.core.ruleset import Ruleset
from unbroken.testing import Scenario, expansions_from_source
from unbroken.words.actions import option_text
from unbroken.words.no_use import ability_no_use
from unbroken.words.taken import taken_for_you

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
SEAM = act.Use("gauntlet:plate-splitter", "plate-splitter-seam")


@pytest.fixture(scope="module")
def gauntlet() -> Iterator[Ruleset]:
    with expansions_from_source(PLUGINS, {"gauntlet": "unbroken_gauntlet"}) as rules:
        yield rules


def cut_chosen(rules: Ruleset, monster: str) -> Game:
    """Tomu with Plate Splitter, the Sword's Cut chosen against `monster` (armor broken)."""
    game = (
        Scenario("tomu", level=2, ruleset=rules)
        .resources(se=10, me=3)
        .skills("gauntlet:plate-splitter")
        .weapon("base:sword")
        .monster(monster)
        .start("battle")
    )
    assert game.state.monster is not None
    game.state.monster.armor = 0
    game.apply(act.Attack("cut"))
    assert SEAM in game.legal_actions()
    return game


def test_plate_splitter_says_the_monster_is_not_armored(gauntlet: Ruleset) -> None:
    game = cut_chosen(gauntlet, "base:bear")
    ability = gauntlet.ability(SEAM.source, SEAM.ability)
    assert ability is not None
    assert ability_no_use(ability, game.state, gauntlet) == "the Bear is not Armored"
    line = option_text(SEAM, "", game.state, gauntlet)
    assert "(no use now: the Bear is not Armored)" in line, line
    # The Pass taken for the player says it too, not only "it would do nothing here".
    found = pointless_answer(game)
    assert found == (act.Pass(), NO_EFFECT)
    taken = taken_for_you(act.Pass(), found[1], game.state, gauntlet, game.legal_actions())
    assert "the Bear is not Armored" in taken, taken


def test_against_an_armored_monster_it_says_nothing_of_the_kind(gauntlet: Ruleset) -> None:
    game = cut_chosen(gauntlet, "gauntlet:iron-beetle")
    ability = gauntlet.ability(SEAM.source, SEAM.ability)
    assert ability is not None
    assert "not Armored" not in ability_no_use(ability, game.state, gauntlet)
