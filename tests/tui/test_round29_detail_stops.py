"""#28 round 29 (29a-8): the line under the list said "Forage [Hunter] (pay 2 time, 1 ability
use).. Last use this level: none for Snare.": where the ability's printed words were left out
(tui/details.py `without`), their full stop stayed beside the new one. Every way the line
says an option, over the options of many games, ends each sentence once."""

from __future__ import annotations

import random
import re

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.details import detail, detail_ways, without
from unbroken.words.actions import option_text

RULES = load_ruleset()
#: A sentence ended twice, or a clause after a full stop; not an ellipsis ("…", "...").
TWICE = re.compile(r"(?<!\.)\.\.(?!\.)|\. \.|\.;")


def ways(game: Game, action: act.Action) -> list[str]:
    """Every way the line says `action`: its row shown whole, cut, said briefly."""
    f = game.query().forecast(action)
    row = option_text(action, "", game.state, RULES)
    said = [detail(action, game, f)]
    for brief in (False, True):
        for cut in (False, True):
            for shown in (row, f"{row[:30]}…)", ""):
                said += detail_ways(action, game, f, brief, cut, shown)
    return said


def test_a_left_out_ability_text_leaves_one_full_stop() -> None:
    game = Scenario("huckdorf", level=2).ability_uses(1).start("preparation")
    forage = next(a for a in game.legal_actions() if isinstance(a, act.Use))
    said = detail_ways(forage, game, game.query().forecast(forage), False, True, "8. Forage […]")
    assert said[-1] == (
        "Forage [Hunter] (pay 2 time, 1 ability use). None left for Snare (battle Response)."
    ), said


def test_without_ends_the_sentence_once() -> None:
    assert without("A: gain 1 food. B.", "gain 1 food") == "A. B."
    assert without("A: gain 1 food.", "gain 1 food.") == "A."
    assert without("A: gain 1 food", "gain 1 food") == "A."
    assert without("A. Gain 1 food. B.", "Gain 1 food.") == "A. B."
    assert without("A gain 1 food (no use now)", "gain 1 food") == "A (no use now)"


def test_no_detail_line_ends_a_sentence_twice() -> None:
    seen = 0
    for n, hero in enumerate(sorted(RULES.characters)):
        pick = random.Random(n)
        game = Game.new(RULES, hero, seed=29 + n)
        for _ in range(150):
            if game.is_over:
                break
            options = game.legal_actions()
            for action in options:
                for line in ways(game, action):
                    seen += 1
                    assert not TWICE.search(line), (hero, action, line)
            game.apply(pick.choice(options))
    assert seen > 2000
