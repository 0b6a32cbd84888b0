"""#28 round 16: an option that ends the battle turn says "(it takes your turn)", decided
by the core (Query.ends_turn), checked against what Game.apply then does (R-BATTLE-2)."""

from __future__ import annotations

import random

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.state import DecisionKind, Phase
from unbroken.plugins import load_ruleset
from unbroken.sim import MAX_DECISIONS, greedy_bot
from unbroken.testing import Scenario
from unbroken.words.actions import option_text

RULES = load_ruleset()
SAID = "it takes your turn"


def _turn_ended(game: Game, action: act.Action) -> bool | None:
    """Return whether taking `action` (on a fork) ended the player's turn: the next turn
    began (the monster's, or an extra one of the player's); None when the battle or the
    game ended first, so neither can be told."""
    fork = game.fork()
    events = fork.apply(action)
    while fork.state.decision == DecisionKind.RESPONSE:  # pass every window
        events += fork.apply(act.Pass())
    for e in events:
        if isinstance(e, ev.TurnStarted | ev.TurnSkipped):
            return True
        if isinstance(e, ev.MonsterDefeated | ev.GameOver):
            return None
    return False


def test_cold_logic_on_the_battle_turn_says_it_takes_the_turn() -> None:
    # Round 16: Cold Logic ("Action, any time") took the battle turn unannounced.
    game = Scenario("tomu").resources(se=10, cunning=3).monster("hyena").start("battle")
    use = act.Use("base:sage", "cold-logic")
    assert use in game.legal_actions()
    said = option_text(use, "", game.state, RULES)
    assert SAID in said.partition(": ")[0], said  # in the cost's bracket, seen first
    assert _turn_ended(game, use) is True


def test_every_option_says_it_takes_the_turn_exactly_when_the_core_ends_it() -> None:
    # R-BATTLE-2, over every option of the battle positions of bot games.
    chooser = random.Random(16)
    characters, checked, said = sorted(RULES.characters), 0, 0
    for seed in range(30):
        game = Game.new(RULES, character=characters[seed % len(characters)], seed=seed)
        for n in range(MAX_DECISIONS):
            if game.is_over:
                break
            legal = game.legal_actions()
            if game.state.phase == Phase.COMBAT:
                for action in legal:
                    if isinstance(action, act.Attack | act.Skip):
                        continue  # the turn by their own words
                    # Only a turn not yet spent can be taken: a Response, or a choice in
                    # the monster's turn or after the turn's attack, takes none.
                    unspent = game.state.decision == DecisionKind.PLAYER_TURN
                    ended = _turn_ended(game, action) if unspent else False
                    if ended is None:
                        continue
                    text = option_text(action, "", game.state, RULES)
                    assert (SAID in text) == ended, (text, ended)
                    checked, said = checked + 1, said + ended
            bot = chooser.random() < 0.6
            game.apply(greedy_bot(game, n) if bot else chooser.choice(legal))
    assert said >= 5 and checked - said >= 20, (checked, said)  # both kinds were seen
