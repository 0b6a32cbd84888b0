"""Shared by the TUI tests: the games several of them set up, and the snapshots' settings."""

from __future__ import annotations

import pytest

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario

#: The terminal sizes every snapshot is taken at.
SIZES = [(80, 24), (100, 30), (120, 40)]


@pytest.fixture(autouse=True)
def snapshot_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """No cursor blink, and the screens as a player sees them after the first game: no
    first-game hints on top. Autouse in the modules that import it (the snapshots')."""
    monkeypatch.setenv("UNBROKEN_NO_BLINK", "1")
    assert save_settings(Settings(hints=False)) == ""


def paralysed() -> Game:
    """R-COND, Paralyzed (4 tokens after the Basilisk's gaze): the check rolls 5 (the turn
    is kept), the monster 2 (GAZE: a token more), the check 1 (the turn is lost), the
    monster 4, the check 6: several rounds on one key."""
    return (
        Scenario("tomu", level=4, seed=3)
        .resources(se=10, le=1)
        .weapon("knife", "sword")
        .condition("paralyzed", tokens=2)
        .monster("basilisk")
        .dice(5, 2, 1, 4, 6, *[3] * 20)
        .start("battle")
    )


def forge() -> Game:
    """Mae-El's Preparation with the wood and metal to craft the Maul, the Club in hand:
    crafting it moves the options' keys."""
    return (
        Scenario("mae-el")
        .resources(se=10, me=3, le=1, wood=6, metal=6)
        .weapon("club")
        .start("preparation")
    )


def weapon_rack() -> Game:
    """The Weapon Rack resolved: take a Club or a Knife, or none (R-WEAPON-3's supply)."""
    game = (
        Scenario("niola", seed=3)
        .encounters("weapon-rack", "metal-scraps", "a-safe-place")
        .start("exploration")
    )
    game.apply(act.ChooseEncounter("base:weapon-rack"))
    game.apply(act.Resolve())
    assert game.decision is not None and game.decision.kind == "choose_weapon"
    return game


def hovel_with_no_se() -> Game:
    """Exploration with no effort: keeping the Abandoned Hovel (1 SE) leaves Rest alone,
    taken for the player."""
    return (
        Scenario("tomu", seed=3)
        .resources(se=0, me=0, le=0)
        .encounters("abandoned-hovel", "metal-scraps", "a-safe-place")
        .start("exploration")
    )


def knife_against_the_goblin(level: int, *skills: str) -> Game:
    """Tomu at a `level` battle with the Knife (13 SE, 5 LE) and these skills, against the
    Goblin; every die rolls 3."""
    return (
        Scenario("tomu", level=level, seed=3)
        .resources(se=13, le=5)
        .weapon("knife")
        .skills(*skills)
        .monster("goblin")
        .dice(*[3] * 30)
        .start("battle")
    )


def three_responses(rules: Ruleset) -> Game:
    """Caellahan (Power Through) with Brute Force and Plate Splitter, the Sword's Cut
    against the Iron Beetle (Armored (Gauntlet)), its armor broken; `rules`: the base game's
    with the Gauntlet."""
    game = (
        Scenario("caellahan", level=2, ruleset=rules)
        .resources(se=10, me=3)
        .skills("base:brute-force", "gauntlet:plate-splitter")
        .weapon("base:sword")
        .monster("gauntlet:iron-beetle")
        .start("battle")
    )
    assert game.state.monster is not None
    game.state.monster.armor = 0
    return game


def committed_at_the_preparation() -> Game:
    """Tomu at a Preparation, committed to the next encounter (Abandoned Hovel, then Metal
    Scraps), 6 SE and no food: "committed", the ambush and the Hunger step all named."""
    scene = Scenario("tomu", seed=3).resources(se=6, food=0).commit()
    return scene.encounters("abandoned-hovel", "metal-scraps").start("preparation")


def fought(level: int, seed: int, monster: str, rules: Ruleset | None = None) -> Game:
    """A game just after Fight at `level`, the die having picked `monster` (`rules`: the
    plugins on now unless given)."""
    scene = Scenario("tomu", level=level, seed=seed, ruleset=rules).resources(se=13, food=3)
    game = scene.start("preparation")
    game.apply(next(a for a, _ in game.options() if isinstance(a, act.Fight)))
    assert game.state.monster is not None and game.state.monster.id == f"base:{monster}"
    return game
