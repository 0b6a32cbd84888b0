"""Last Rites (the Gravedigger's Response when the monster is defeated: gain 1 ME, one
ability use) is used for the player when nothing else could want the use before the uses
refill and the ME is not all at its cap (R-DIGI-4's mirror, `Game.obvious`)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from unbroken.api import (
    Game,
    actions,
    heuristic_bot,
    load_ruleset,
    play_taking_obvious,
)

ORLA = "unearthed:orla-vane"
LAST_RITES = actions.Use("unearthed:gravedigger", "last-rites")
WHY = "+1 ME: no other ability can use this level's uses"


def random_bot(seed: int) -> Callable[[Game, int], actions.Action]:
    rnd = random.Random(seed)
    return lambda game, n: rnd.choice(game.legal_actions())


def test_every_last_rites_taken_is_no_worse_and_its_use_unwanted() -> None:  # R-DIGI-4
    # The helper checks each one taken: legal, forecast no worse than Pass, and the use it
    # spends wanted by nothing before the uses refill (one more use allows nothing more,
    # and a fork that passed instead spends no use before the level ends).
    rules = load_ruleset()
    found: Counter[str] = Counter()
    for seed in range(150):
        game = Game.new(rules, ORLA, "normal", seed)
        found += play_taking_obvious(game, random_bot(seed))
        found += play_taking_obvious(Game.new(rules, ORLA, "easy", 500 + seed), heuristic_bot)
    assert found["last-rites"] >= 20, found


def at_last_rites(me: int) -> Game:
    """Orla's first heuristic game that reaches Last Rites with `me` ME or fewer."""
    rules = load_ruleset()
    for seed in range(200):
        game = Game.new(rules, ORLA, "easy", seed)
        n = 0
        while not game.is_over:
            if LAST_RITES in game.legal_actions() and game.state.res.get("me", 0) <= me:
                return game
            game.apply(heuristic_bot(game, n))
            n += 1
    raise AssertionError("no game reached Last Rites")


def test_last_rites_is_taken_for_the_player_and_says_why() -> None:  # R-DIGI-4
    game = at_last_rites(3)
    assert game.legal_actions() == [LAST_RITES, actions.Pass()]
    assert game.obvious() == (LAST_RITES, WHY)


def test_last_rites_with_the_me_at_its_cap_is_not_taken() -> None:  # R-DIGI-4, R-RES-2
    game = at_last_rites(3)
    game.state.res["me"] = game.ruleset.settings.caps["me"]
    assert game.obvious() is None
    assert game.pointless() is not None  # passed instead: the cap takes it all
