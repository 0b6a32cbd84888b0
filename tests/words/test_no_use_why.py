"""Why an option is of no use, from its sources (`words.no_use_why.option_no_use`, what the
game screen asks), is what its line's "(no use now: …)" says: every note is made from the
same reasons (`note_of`)."""

from __future__ import annotations

import random

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset
from unbroken.sim import MAX_DECISIONS, greedy_bot
from unbroken.testing import Scenario
from unbroken.words.actions import option_text
from unbroken.words.no_use import NO_USE
from unbroken.words.no_use_why import option_no_use

RULES = load_ruleset()


def _agree(game: Game) -> int:
    """Assert every option of `game`'s decision says "no use now" with the reason its
    sources give, and only then; return how many of its options are of no use."""
    query, found = game.query(), 0
    for action, why in game.options():
        if why:
            continue
        f = query.forecast(action)
        text = option_text(action, "", game.state, game.ruleset, f)
        reason = option_no_use(action, game.state, game.ruleset, f)
        assert f"{NO_USE}: {reason}" in text if reason else NO_USE not in text, (action, text)
        found += reason is not None
    return found


def test_the_reason_from_its_sources_is_the_lines_own_in_played_games() -> None:
    assert _played(RULES, 24) >= 10  # options of no use were seen


def test_the_reason_agrees_with_both_expansions(everything: Ruleset) -> None:
    assert _played(everything, 12) >= 3


def _played(rules: Ruleset, games: int) -> int:
    """Play `games` games (a bot, with random choices) checking every decision's options
    (`_agree`); return how many options of no use were seen."""
    chooser = random.Random(25)
    characters, found = sorted(rules.characters), 0
    for seed in range(games):
        game = Game.new(rules, character=characters[seed % len(characters)], seed=seed)
        for n in range(MAX_DECISIONS):
            if game.is_over:
                break
            found += _agree(game)
            legal = game.legal_actions()
            game.apply(greedy_bot(game, n) if chooser.random() < 0.6 else chooser.choice(legal))
    return found


def test_the_reason_agrees_where_each_kind_of_note_is_said() -> None:
    # Committed: Take a Peek and Orienteer; Healing Herbs with an active Amnesia (removal);
    # a weapon card whose weapon is held; SE at the cap (Focus's gain, paid otherwise).
    games = [
        Scenario("mae-el").commit().start(),
        Scenario("huckdorf", level=3)
        .resources(food=2)
        .encounters("healing-herbs")
        .condition("amnesia")
        .start("exploration"),
        Scenario("huckdorf", level=2).encounters("healing-herbs").start("exploration"),
        Scenario("tomu").resources(se=20, me=7).start(),
        Scenario("tomu").resources(se=2, me=3).start(),
    ]
    assert sum(_agree(game) for game in games) >= 3
    peek = act.Use("base:sneak", "take-a-peek")
    assert option_no_use(peek, games[0].state, RULES) == "you are committed to 1 card"
