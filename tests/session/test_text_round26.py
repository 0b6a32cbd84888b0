"""#28 round 26: in the plain-text game a line typed ahead of the same question asked again
("1" then "1" on a battle turn, both read at once) took it twice, where the full-screen game
marks that key first (`AGAIN`). It is dropped too, with a line saying the question is asked
again; what the answer showed between (the monster's roll) was not read when it was typed."""

from __future__ import annotations

import io
from typing import TextIO

import pytest

from unbroken.core import events as ev
from unbroken.play import typed_ahead
from unbroken.play.text import TextGame
from unbroken.play.typed_ahead import DROPPED, DROPPED_AGAIN
from unbroken.testing import Scenario


def test_a_line_typed_ahead_of_a_battle_turn_asked_again_is_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # No Response in play: the monster's roll comes between two battle turns.
    goblin = Scenario("tomu", level=2, seed=3).resources(se=13).monster("goblin")
    game = goblin.dice(*[4] * 30).start("battle")
    asked: list[tuple[str, int]] = []  # (question, attacks so far) where input was dropped

    def dropped(stdin: TextIO) -> bool:
        attacks = sum(isinstance(e, ev.AttackChosen) for e in game.events)
        asked.append((game.decision.kind if game.decision else "", attacks))
        if len(asked) > 1:
            return False
        stdin.readline()  # the second `1`, typed for the first turn's question
        return True

    monkeypatch.setattr(typed_ahead, "discard", dropped)
    out = io.StringIO()
    TextGame.resumed(game.ruleset, game, None).loop(io.StringIO("1\n1\nq\n"), out)
    said = " ".join(out.getvalue().split())  # its lines wrapped at 80 columns
    assert asked[0] == ("player_turn", 1), asked  # the turn asked again, after one attack
    assert DROPPED_AGAIN in said and DROPPED not in said, said
    assert said.index("You attack with Bare Hands: Shove") < said.index(DROPPED_AGAIN)
    assert sum(isinstance(e, ev.AttackChosen) for e in game.events) == 1  # not two


def test_nothing_is_dropped_after_the_last_question() -> None:
    game = Scenario("tomu", level=2, seed=3).resources(se=13).monster("goblin").start("battle")
    stdin = io.StringIO("1\n")
    over = (2, "battle", "")
    assert typed_ahead.drop_typed_ahead(stdin, over, over, False, []) == ""
    assert stdin.read() == "1\n"  # left as it was
    assert game.decision is not None
