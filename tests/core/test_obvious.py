"""Obvious Responses (R-DIGI-4's mirror): a Response that only gains, at no cost that could
be wanted, is used for the player; anything else is asked as before.

The property test plays many random and heuristic games taking every obvious Response and
checks each (`unbroken.testing.play_taking_obvious`): legal, forecast no worse than Pass
(every resource as much or more, one more, the rest the same), and, for a class ability,
no other answer needing the ability use it spent before the uses refill.
"""

from __future__ import annotations

import random
from collections import Counter

from unbroken.bots.heuristic import heuristic_bot
from unbroken.bots.registry import Bot
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.obvious import NO_USE_SPENT
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, play_taking_obvious

RULES = load_ruleset()
CHARACTERS = sorted(RULES.characters)
DIFFICULTIES = [d.id for d in RULES.settings.difficulties]
RUSH = act.Use("base:daring", "daring-rush")


def random_bot(seed: int) -> Bot:
    rnd = random.Random(seed)
    return lambda game, n: rnd.choice(game.legal_actions())


def test_every_obvious_use_is_no_worse_than_pass_in_bot_games() -> None:  # R-DIGI-4
    found: Counter[str] = Counter()
    for seed in range(600):
        character = CHARACTERS[seed % len(CHARACTERS)]
        difficulty = DIFFICULTIES[seed % len(DIFFICULTIES)]
        found += play_taking_obvious(Game.new(RULES, character, difficulty, seed), random_bot(seed))
        if seed < 300:
            game = Game.new(RULES, character, difficulty, 10_000 + seed)
            found += play_taking_obvious(game, heuristic_bot)
    # The games met the base game's free gains at once-a-level triggers, many times.
    assert found["daring-rush"] >= 10, found


def at_battle_start(se: int, *skills: str) -> Game:
    """Maxyn with Daring (and `skills`) at level 2, at the start of a battle."""
    return (
        Scenario("maxyn-zenma", level=2)
        .resources(se=se)
        .skills("daring", *skills)
        .monster("goblin")
        .dice(1, 1, 1, 1, 1, 1)
        .start("battle")
    )


def test_rush_of_blood_is_taken_with_the_gain_and_why() -> None:  # R-DIGI-4
    game = at_battle_start(10)
    assert game.legal_actions() == [RUSH, act.Pass()]
    assert game.pointless() is None
    assert game.obvious() == (RUSH, f"+2 SE: {NO_USE_SPENT}")


def test_rush_of_blood_partly_capped_says_what_it_gains() -> None:  # R-DIGI-4, R-RES-2
    assert at_battle_start(19).obvious() == (RUSH, f"+1 SE: {NO_USE_SPENT}")


def test_rush_of_blood_at_the_cap_is_pointless_not_obvious() -> None:  # R-DIGI-4
    game = at_battle_start(20)
    assert game.obvious() is None
    assert game.pointless() is not None


def test_a_second_response_in_the_window_leaves_it_asked() -> None:  # R-DIGI-4, R-EFFECT-2
    # A Hunter with Daring against the armored Kobold: Snare (2 SE, a use) answers at battle
    # start too, and the order of the two is the player's, so nothing is taken for them.
    game = (
        Scenario("huckdorf", level=2)
        .resources(se=10)
        .skills("daring")
        .monster("kobold")
        .dice(1, 1, 1, 1, 1, 1)
        .start("battle")
    )
    assert RUSH in game.legal_actions()
    assert act.Use("base:hunter", "snare") in game.legal_actions()
    assert game.obvious() is None


def test_light_sleeper_is_taken_at_an_ambush() -> None:  # R-DIGI-4, R-COMBAT-1
    # #28 round 20: the only Response on offer, free, only +4 SE, and an ambush comes once a
    # level, yet it was asked at every ambush (the ambush was not a once-a-level trigger).
    wake = act.Use("base:light-sleeper", "light-sleeper-wake")
    game = (
        Scenario("huckdorf", level=2)
        .resources(se=15)
        .skills("light-sleeper")
        .monster("bear")
        .dice(1, 1, 1, 1, 1, 1)
        .start("ambush")
    )
    assert game.legal_actions() == [wake, act.Pass()]
    assert game.obvious() == (wake, f"+4 SE: {NO_USE_SPENT}")


def test_daring_at_the_basilisks_battle_start_is_taken_too() -> None:  # R-DIGI-4, R-EFFECT-2
    # #28 round 35: Daring was taken at a level-3 battle start but asked at the Basilisk's
    # (level 4): its Petrifying Gaze acts at battle start and the window reopens after it,
    # so Daring was offered again further on. Used there it gains the same: it is taken now.
    game = (
        Scenario("maxyn-zenma", level=4)
        .resources(se=10)
        .skills("daring")
        .monster("basilisk")
        .dice(1, 1, 1, 1, 1, 1)
        .start("battle")
    )
    assert game.legal_actions() == [RUSH, act.Pass()]
    assert game.obvious() == (RUSH, f"+4 SE: {NO_USE_SPENT}")
    game.apply(RUSH)
    assert game.state.res["se"] == 14
    assert [c.id for c in game.state.conditions] == ["base:paralyzed"]
