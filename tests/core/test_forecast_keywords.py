"""The forecast and the log name a monster's keywords (#28): the Gauntlet's Iron Beetle
(Armored: wounding attacks of power 3 or less have -1 power) and Grave Warden
(Relentless: it heals 1 before each of your combat turns), read from the expansion's
own content files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_plugins
from unbroken.testing import FolderPlugin, Scenario, pass_responses, play
from unbroken.words.actions import option_text
from unbroken.words.cards import describe_card
from unbroken.words.events import Narrator

CONTENT = (
    Path(__file__).resolve().parents[2] / "plugins/unbroken-gauntlet/src/unbroken_gauntlet/content"
)


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    """The base game and the Gauntlet's keywords and monsters (its skills need its code)."""
    folder = tmp_path_factory.mktemp("gauntlet")
    for name in ("keywords.toml", "monsters.toml"):
        shutil.copy(CONTENT / name, folder / name)
    return load_plugins(["base", "gauntlet"], extra=[("gauntlet", FolderPlugin(folder))]).ruleset


def bare(rules: Ruleset, monster: str, level: int) -> Game:
    """The monster's 1 armor broken with the Club's crack; the player's turn again."""
    game = (
        Scenario("maxyn-zenma", level=level, ruleset=rules)
        .resources(se=20, me=3)
        .weapon("club")
        .monster(monster)
        .dice(1, 1, 1)
        .start("battle")
    )
    play(game, act.Attack("crack"))
    pass_responses(game)  # Dodge, after the monster's roll
    assert game.state.monster is not None and game.state.monster.armor == 0
    return game


def lines(game: Game) -> list[str]:
    return [option_text(a, why, game.state, game.ruleset) for a, why in game.options()]


def test_the_iron_beetles_armored_lowers_the_attack_and_is_named(rules: Ruleset) -> None:
    game = bare(rules, "gauntlet:iron-beetle", 2)
    # With the base game loaded its Armored condition shares the name: one name per card
    # everywhere, the keyword with its expansion (#28 item 6, round 10).
    assert "Attack with Bash: wound 1 (Armored (Gauntlet) −1) - pay 3 SE" in lines(game)
    narrator = Narrator(rules)
    for event in game.events:
        narrator.describe(event)
    said = [narrator.describe(e) for e in game.apply(act.Attack("bash"))]
    assert "Attack power is now 1 (Armored (Gauntlet) −1)." in said


def test_the_grave_wardens_heal_is_named_in_the_log(rules: Ruleset) -> None:
    game = bare(rules, "gauntlet:grave-warden", 3)
    narrator = Narrator(rules)
    for event in game.events:
        narrator.describe(event)
    said = [narrator.describe(e) for e in game.apply(act.Attack("heavy-blow"))]
    while game.decision is not None and game.decision.kind == "response":
        said += [narrator.describe(e) for e in game.apply(act.Pass())]
    assert any(line and line.startswith("The monster heals 1 (Relentless)") for line in said)


def test_a_keyword_named_as_a_base_card_is_shown_with_its_expansion(rules: Ruleset) -> None:
    # #28 round 10: "Armored" was the Hobgoblin's reward (the base game's condition) and
    # Gauntlet's keyword on the Iron Beetle, both shown bare in `cards`, on the stage's
    # rules and in the log.
    assert "  Armored (Gauntlet): " in "\n".join(describe_card(rules, "gauntlet:iron-beetle"))
    assert rules.card_name("base:armored") == "Armored"


def test_an_attack_that_cannot_be_paid_shows_its_effective_power(rules: Ruleset) -> None:
    # #28 round 11: payable, "Heavy blow: wound 2 (Armored (Gauntlet) −1)"; with no ME to
    # pay it the dimmed line said the printed "wound 3".
    game = (
        Scenario("maxyn-zenma", level=2, ruleset=rules)
        .resources(se=5, me=0, le=0)
        .weapon("club")
        .monster("gauntlet:iron-beetle")
        .dice(1, 1, 1)
        .start("battle")
    )
    play(game, act.Attack("crack"))
    pass_responses(game)
    heavy = "Attack with Heavy blow: wound 2 (Armored (Gauntlet) −1) - pay 1 ME (cannot pay)"
    assert heavy in lines(game)
