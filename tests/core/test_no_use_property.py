"""Round 19 (#28): wherever the core says a Response to the monster's roll is of no use
(`Query.cannot_help`, what the options' "(no use now: …)" and the log ask), using it,
then passing the rest of the window, never leaves the player better off than passing,
over random and heuristic games: each forked with the same dice and played past the
row (tests/core/test_pointless.py's comparison)."""

from __future__ import annotations

from collections import Counter

from test_pointless import CHARACTERS, DIFFICULTIES, RULES, _no_better, fork, random_bot

from unbroken.bots.heuristic import heuristic_bot
from unbroken.bots.registry import Bot
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.query import IDLE, MISSED, SAME_ROW, WORSE, Query


def _check(game: Game, found: Counter[str]) -> None:
    """Check every Response of no use at this decision against Pass (counted by why)."""
    d = game.decision
    if d is None or d.kind != "response" or game.state.trigger != "after_monster_roll":
        return
    legal = game.legal_actions()
    if act.Pass() not in legal:
        return
    since = len(game.events)
    dice_seed = since * 7919 + game.state.seed % 1000
    for use in legal:
        if not isinstance(use, act.Use):
            continue
        ability = game.ruleset.ability(use.source, use.ability)
        assert ability is not None
        why = Query(game.ruleset, game.state).cannot_help(ability.effects)
        if not why:
            continue
        found[why] += 1
        used = fork(game, dice_seed)
        used.apply(use)
        passed = fork(game, dice_seed)
        passed.apply(act.Pass())
        worse = _no_better(used, passed, since, rows_differ=why != SAME_ROW)
        assert not worse, f"{use!r} beats Pass ({why}: {worse}); seed {game.state.seed}"


def _play(game: Game, choose: Bot, found: Counter[str]) -> None:
    n = 0
    while not game.is_over and n < 600:
        _check(game, found)
        game.apply(choose(game, n))
        n += 1


def test_a_response_of_no_use_never_beats_pass() -> None:
    found: Counter[str] = Counter()
    for seed in range(600):
        character = CHARACTERS[seed % len(CHARACTERS)]
        difficulty = DIFFICULTIES[seed % len(DIFFICULTIES)]
        _play(Game.new(RULES, character, difficulty, 20_000 + seed), random_bot(seed), found)
        game = Game.new(RULES, character, difficulty, 30_000 + seed)
        _play(game, heuristic_bot, found)
    # The games met each roll case (the Wyvern's lose 3 to 4, a HEAL at full health, …).
    assert {SAME_ROW, MISSED, IDLE, WORSE} <= set(found), found
