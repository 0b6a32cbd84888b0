"""Round 17's playtest (#28): a Response window where every Response would do nothing is
passed for the player (R-DIGI-4), as the options' "(no use now: …)" says; and over
random bot games, a window is asked only where some Response in it is not pointless."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from unbroken.bots.heuristic import heuristic_bot
from unbroken.core import actions as act
from unbroken.core import pointless
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.play.session import GameSession
from unbroken.plugins import load_plugins
from unbroken.sim import greedy_bot
from unbroken.testing import FolderPlugin, Scenario
from unbroken.words.actions import option_text

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
SNARE = act.Use("base:hunter", "snare")


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    """The base game with the Gauntlet's monsters and the Unearthed's skills (Shovel
    Parry), read from the expansions' own content files."""
    extra = []
    for name, files in (
        ("gauntlet", ("keywords.toml", "monsters.toml")),
        ("unearthed", ("skills.toml",)),
    ):
        folder = tmp_path_factory.mktemp(name)
        for file in files:
            shutil.copy(PLUGINS / f"unbroken-{name}/src/unbroken_{name}/content" / file, folder)
        extra.append((name, FolderPlugin(folder)))
    return load_plugins(["base", "gauntlet", "unearthed"], extra=extra).ruleset


def test_snare_against_no_armor_is_passed_for_the_player(rules: Ruleset) -> None:
    # Round 17: at the Gutter Wolf (0 armor) the game stopped on "Use a Response?
    # 1. Snare [Hunter] (…) (no use now: the monster has no armor)  2. Pass". The use
    # is noted in the window-again step queued after it, which Pass's queue lacked.
    game = Scenario("huckdorf", ruleset=rules).monster("gauntlet:gutter-wolf").start("battle")
    assert game.state.trigger == "battle_start"
    assert game.legal_actions() == [SNARE, act.Pass()]
    assert "(no use now: the monster has no armor)" in option_text(
        SNARE, "", game.state, game.ruleset
    )
    assert game.query().does_nothing(SNARE)
    assert game.pointless() == (act.Pass(), pointless.NO_EFFECT)
    session = GameSession(game)
    session.auto_pass = True
    assert session.for_player() == (act.Pass(), pointless.NO_EFFECT)


def test_snare_against_armor_is_still_asked(rules: Ruleset) -> None:
    game = Scenario("huckdorf", ruleset=rules).monster("gauntlet:iron-beetle").start("battle")
    assert game.legal_actions() == [SNARE, act.Pass()]
    assert not game.query().does_nothing(SNARE)
    assert game.pointless() is None


def _windows(rules: Ruleset, games: int) -> list[tuple[Game, list[act.Use]]]:
    """Every Response window (Uses and Pass only) of random bot games, each on a fork."""
    characters = sorted(rules.characters)
    difficulties = [d.id for d in rules.settings.difficulties]
    found = []
    for i in range(games):
        game = Game.new(rules, characters[i % len(characters)], difficulties[i % 3], 1700 + i)
        pick = random.Random(i)
        n = 0
        while not game.is_over and n < 400:
            legal = game.legal_actions()
            uses = [a for a in legal if isinstance(a, act.Use)]
            if game.state.decision == "response" and uses and len(uses) == len(legal) - 1:
                found.append((game.fork(), uses))
            x = pick.random()
            bot = heuristic_bot if x < 0.5 else greedy_bot if x < 0.75 else None
            game.apply(bot(game, n) if bot else pick.choice(legal))
            n += 1
    return found


def test_a_window_is_asked_only_where_some_response_is_not_pointless(rules: Ruleset) -> None:
    # Round 17: Vampire's MISS offered "Lucky … Shovel Parry (no use now: the roll comes
    # to 1 either way)", the Gutter Wolf "Snare (no use now: the monster has no armor)".
    # Each Response is asked of the core alone (`pointless_use`).
    windows = _windows(rules, 120)
    asked = passed = 0
    for game, uses in windows:
        alone = [pointless.pointless_use(game, use) for use in uses]
        for use, why in zip(uses, alone, strict=True):
            # What the option marks "no use now" the core finds pointless too.
            text = option_text(use, "", game.state, game.ruleset)
            assert why or "(no use now" not in text, text
        if game.pointless() is not None:
            passed += 1
            assert all(alone), (game.state.trigger, uses)
        elif all(alone):
            # Only a mix can matter then: Dodge (-1) and Shovel Parry (-2) together take
            # the Gnoll's 4 to its MISS, though each alone lands on a row as bad.
            assert len(uses) > 1, (game.state.trigger, uses)
        else:
            asked += 1
    assert asked > 50 and passed > 20, (asked, passed)


def _vampires_miss(rules: Ruleset, le: int) -> Game:
    game = (
        Scenario("huckdorf", level=4, ruleset=rules)
        .resources(se=20, me=3, le=le)
        .skills("lucky", "unearthed:shovel-parry")
        .monster("vampire")
        .dice(*[1] * 20)
        .start("battle")
    )
    game.apply(act.Pass())  # Snare
    game.apply(act.Attack("shove"))  # a 1: the monster strikes back, a natural 1
    assert game.state.trigger == "after_monster_roll" and game.state.roll == 1
    return game


def test_two_useless_responses_after_the_vampires_miss_are_passed(rules: Ruleset) -> None:
    game = _vampires_miss(rules, le=0)
    lucky, parry = [a for a in game.legal_actions() if isinstance(a, act.Use)]
    assert pointless.pointless_use(game, lucky) == pointless.MISSED
    assert pointless.pointless_use(game, parry) == pointless.SAME_ROW
    assert game.pointless() is not None


def test_lucky_after_the_vampires_miss_is_asked_while_le_is_held(rules: Ruleset) -> None:
    # A new roll may come to CONFUSE: 1 LE for 2 SE, a trade the player may want; Lucky
    # is not pointless, so the window is asked (Shovel Parry marked "no use now").
    game = _vampires_miss(rules, le=2)
    lucky, parry = [a for a in game.legal_actions() if isinstance(a, act.Use)]
    assert pointless.pointless_use(game, lucky) == ""
    assert pointless.pointless_use(game, parry) == pointless.SAME_ROW
    assert game.pointless() is None
