"""Round 35's playtest (#28, 35b-8): `%` read "8. [same as 6] Delve" beside "6. Orienteer",
"3. [same as 1] Focus" beside "1. Explore": options that do different things. Checked
here, future by future, against rollouts played afresh (no race, no reuse, no cache): the
twins are truly the same futures; the words say so ("[same futures as 1]")."""

from __future__ import annotations

from unbroken.advisor.estimator import futures, futures_key, weigh
from unbroken.advisor.rollouts import position, rollout
from unbroken.advisor.twins import twins
from unbroken.bots.heuristic import heuristic_bot
from unbroken.core.game import Game
from unbroken.core.state import DecisionKind
from unbroken.plugins import load_ruleset
from unbroken.tui.odds import same_text

GAMES = 32


def _preparation() -> Game:
    """Tomu's level-2 Preparation of seed 3 (decision 17), the bot playing up to it."""
    game = Game.new(load_ruleset(), "tomu", "normal", 3)
    while game.state.decisions < 17:
        game.apply(heuristic_bot(game, game.state.decisions))
    assert game.state.decision == DecisionKind.PREPARATION
    return game


def test_options_said_the_same_won_the_same_futures_played_afresh() -> None:
    game = _preparation()
    legal = list(game.legal_actions())
    race = weigh(game, legal, GAMES)
    same = twins(race)
    assert same, "no twins at this Preparation: pick another"
    seen = position(game)
    seeds = futures(futures_key(seen), 0, GAMES)
    for k, j in same.items():
        assert legal[k] != legal[j]  # different options, not one option counted twice
        shared = min(race.games[k], race.games[j])
        mine = [rollout(seen, legal[k], s) for s in seeds[:shared]]
        theirs = [rollout(seen, legal[j], s) for s in seeds[:shared]]
        assert mine == theirs, (legal[k], legal[j])
        # The race's own bits are those rollouts' (not a cache's nor another option's).
        assert [bool(race.wins[k] >> i & 1) for i in range(shared)] == mine


def test_the_words_say_same_futures_not_the_same_option() -> None:
    assert same_text("6") == "[same futures as 6]"
