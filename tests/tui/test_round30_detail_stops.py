"""#28 round 30 (30b-14, as round 28's): the line under the list said "Dangerous Idea [Sage]
(1 ability use): roll the die: if it is above the level, gain 1 time" and "Attack with
Shove: break 1 armor - pay 2 SE", no full stop: where an option's row was cut and its
detail was its own words alone, they came without their stop. Every way the line says an
option, over the options of many games (round 29's walk), ends its last sentence and each
one before a sentence's opening words."""

from __future__ import annotations

import random
import re

from test_round29_detail_stops import RULES, ways

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.tui.details import detail_ways, dimmed_detail

#: A sentence's opening words with no stop before them ("- pay 1 ME Defeats it if …").
RUN_ON = re.compile(r"(?<![.?!…:]) (Paid as|No use now|Defeats it|Last use|Your last|Wound \d)")


def unstopped(line: str) -> bool:
    """Return whether a line under the list leaves a sentence without its stop."""
    return bool(line) and (not line.endswith((".", "?", "!", "…")) or bool(RUN_ON.search(line)))


def test_a_cut_rows_own_words_end_with_their_stop() -> None:
    game = Scenario("tomu", level=1).weapon("knife").monster("goblin").start("battle")
    pry = act.Attack("pry")
    said = detail_ways(pry, game, game.query().forecast(pry), False, True, "1. Attack with P…")
    assert said[-1] == "Attack with Pry: break 1 armor - pay 2 SE.", said
    skip = next(a for a, why in game.options() if isinstance(a, act.Skip))
    assert detail_ways(skip, game, game.query().forecast(skip), False, False, "") == [""]


def test_no_detail_line_leaves_a_sentence_without_its_stop() -> None:
    seen = 0
    for n, hero in enumerate(sorted(RULES.characters)):
        pick = random.Random(100 + n)
        game = Game.new(RULES, hero, seed=30 + n)
        for _ in range(150):
            if game.is_over:
                break
            options = game.options()
            for action, why in options:
                # ways' first is `detail`'s own: the line shows only `detail_ways`' (after it)
                said = [dimmed_detail(action, why, game)] if why else ways(game, action)[1:]
                for line in said:
                    seen += 1
                    assert not unstopped(line), (hero, action, line)
            game.apply(pick.choice([a for a, why in options if not why]))
    assert seen > 2000
