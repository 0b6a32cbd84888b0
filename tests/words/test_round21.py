"""README playtest round 21 (#28): words that said less, or other, than the game does."""

from __future__ import annotations

from types import ModuleType

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.state import DecisionKind
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_text
from unbroken.words.passing import passed_line

RULES = load_ruleset()


def test_a_weapon_card_says_a_weapon_may_be_declined_and_the_log_says_it_was() -> None:
    # Round 21: "Weapon Rack: 1 SE -> take a weapon: Knife (you fight with it, your Maul
    # kept under it…)" read as a forced swap; "Take none" came only after paying, and the
    # log said nothing of it. R-REWARD-2: the player may take one, or none.
    game = (
        Scenario("tomu")
        .resources(se=10, time=10)
        .weapon("maul")
        .encounters("weapon-rack", "catch-a-breath")
        .start("exploration")
    )
    rack = act.ChooseEncounter("base:weapon-rack")
    line = option_text(rack, "", game.state, game.ruleset)
    assert line.startswith("Weapon Rack: 1 SE -> take a weapon or none: Club or Knife"), line
    game.apply(rack)
    while game.state.decision != DecisionKind.CHOOSE_WEAPON:
        game.apply(act.Resolve())
    assert act.Pass() in game.legal_actions()
    said = passed_line(act.Pass(), game.legal_actions(), game.state, RULES)
    assert said == "You take no weapon: you keep the Maul.", said


def test_the_last_hunger_asks_every_scoring_in_play() -> None:
    # Round 21 (Unearthed on): "the 6 SE hunger takes scores nothing", where the Tally
    # counts SE (eating 2 food gave 34, not 27). The option says each scoring's points.
    from pathlib import Path

    from unbroken.plugins import load_plugins, other_scores
    from unbroken.testing import expansions_from_source

    plugins = Path(__file__).resolve().parents[2] / "plugins"
    with expansions_from_source(plugins, {"unearthed": "unbroken_unearthed"}):
        loaded = load_plugins(["base", "unearthed"], extra=[("unearthed", _unearthed())])
        scene = Scenario("unearthed:hesk-marrow", level=4, ruleset=loaded.ruleset)
        game = scene.resources(se=20, food=4).monster("troll").start("hunger")
        scores = other_scores(game.ruleset, list(game.events), loaded)
        assert scores is not None
        eat = act.Eat(2)
        said = option_text(eat, "", game.state, game.ruleset, None, "", scores)
        assert "scores nothing" not in said, said
        assert "2 food kept score" in said, said
        game.apply(eat)
        assert game.outcome is not None and game.outcome.won
        tally = loaded.alternative_scores(list(game.events), game.state, game.ruleset)
        assert f"Unearthed Tally {tally['unearthed:tally']}" in said, said


def _unearthed() -> ModuleType:
    import importlib

    return importlib.import_module("unbroken_unearthed")


def test_a_breaking_attack_says_its_armor_one_way() -> None:
    # Round 21: "Shatter: break 3 armor" on one screen, "break armor 3" on another (the
    # option of an attack that cannot be paid). One wording, the forecast's.
    for game in (scene_at_turn(me=1), scene_at_turn(me=0)):
        said = [
            option_text(a, why, game.state, game.ruleset)
            for a, why in game.options()
            if a == act.Attack("shatter")
        ]
        assert said and said[0].startswith("Attack with Shatter: break 3 armor"), said


def scene_at_turn(me: int) -> Game:
    """The Maul's holder at their first battle turn against the Troll, with `me` ME."""
    game = (
        Scenario("tomu", level=2)
        .resources(se=10, me=me)
        .weapon("maul")
        .monster("troll")
        .start("battle")
    )
    while game.decision is not None and act.Attack("shatter") not in [a for a, _ in game.options()]:
        game.apply(act.Pass())
    return game


def test_a_once_per_turn_response_says_its_limit_on_its_option() -> None:
    # Round 21: Sidestep's option line dropped "(once per turn)"; only the detail line
    # said it. It is in the option's head, which a row cut for room keeps.
    game = at_the_monsters_roll("sidestep")
    use = act.Use("base:sidestep", "sidestep-step")
    said = option_text(use, "", game.state, game.ruleset)
    assert said.startswith("Sidestep (pay 2 SE, once per turn): "), said


def at_the_monsters_roll(skill: str) -> Game:
    """Tomu holding `skill` at the Bear's first combat roll, its Response window (a 4:
    Sidestep may help)."""
    game = (
        Scenario("tomu", level=2)
        .resources(se=10, me=3)
        .skills(skill)
        .monster("bear")
        .dice(4, 4, 4, 4)
        .start("battle")
    )
    while game.decision is not None and game.state.trigger != "after_monster_roll":
        game.apply(act.Skip() if act.Skip() in game.legal_actions() else act.Pass())
    return game
