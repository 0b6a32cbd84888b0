"""The core decides which keywords a handler's effects need that the monster in play lacks
(`Query.keywords_lacked`, k51-1): Gauntlet's Plate Splitter ("+2 power against an Armored
monster", a handler given `keyword = "armored"`) does nothing against a monster that is not
Armored (31b-7). The words only name what it returns ("the Bear is not Armored")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from unbroken.core import model as m
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_plugins
from unbroken.testing import FolderPlugin, Scenario

CONTENT = (
    Path(__file__).resolve().parents[2] / "plugins/unbroken-gauntlet/src/unbroken_gauntlet/content"
)


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    """The base game and the Gauntlet's keywords and monsters (no handler is run here)."""
    folder = tmp_path_factory.mktemp("gauntlet")
    for name in ("keywords.toml", "monsters.toml"):
        shutil.copy(CONTENT / name, folder / name)
    return load_plugins(["base", "gauntlet"], extra=[("gauntlet", FolderPlugin(folder))]).ruleset


def against(rules: Ruleset, monster: str) -> Game:
    return Scenario("tomu", level=2, ruleset=rules).monster(monster).start("battle")


def wants(*keywords: str) -> list[m.Effect]:
    return [m.Handler(name="gauntlet:against", params={"keyword": k}) for k in keywords]


def test_handlers_needing_a_keyword_the_monster_lacks_name_it(rules: Ruleset) -> None:
    bear = against(rules, "base:bear").query()
    assert bear.keywords_lacked(wants("armored")) == ("armored",)
    # Each once, in their order.
    assert bear.keywords_lacked(wants("fast", "armored", "fast")) == ("fast", "armored")


def test_a_monster_with_one_of_them_lacks_none(rules: Ruleset) -> None:
    beetle = against(rules, "gauntlet:iron-beetle").query()  # Armored
    assert "gauntlet:armored" in rules.monsters["gauntlet:iron-beetle"].keywords
    assert beetle.keywords_lacked(wants("armored")) == ()
    assert beetle.keywords_lacked(wants("fast", "armored")) == ()


def test_other_effects_are_not_judged_by_keywords(rules: Ruleset) -> None:
    bear = against(rules, "base:bear").query()
    assert bear.keywords_lacked([]) == ()
    assert bear.keywords_lacked([m.Handler(name="gauntlet:against", params={})]) == ()
    mixed = [*wants("armored"), m.Gain(amounts={"se": 1})]
    assert bear.keywords_lacked(mixed) == ()
    # No monster in play: nothing is lacked.
    assert Scenario(ruleset=rules).start().query().keywords_lacked(wants("armored")) == ()
