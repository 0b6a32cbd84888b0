"""#28 round 24b-11 and after: in the plain-text game a second line typed for one question
answered the question that followed at once (an attack's, then the Response window the
monster's roll opened). A line typed ahead is dropped, with a line saying so, when the
question asked next is a new one, as the full-screen game tells them: another level, step
or kind of question, or any after a Response (the same question asked again drops it too,
with its own words since round 26: tests/session/test_text_round26.py)."""

from __future__ import annotations

import io
from typing import TextIO

import pytest

from games import lucky_battle
from unbroken.play import typed_ahead
from unbroken.play.text import TextGame
from unbroken.play.typed_ahead import DROPPED, asked_anew


def test_a_line_typed_for_an_attack_answers_no_response_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = lucky_battle()
    asked: list[str] = []  # the questions asked when a line typed ahead was looked for

    def dropped(stdin: TextIO) -> bool:
        assert game.decision is not None
        asked.append(game.decision.kind)
        if len(asked) > 1:
            return False
        stdin.readline()  # the second `1`, typed for the attack's question
        return True

    monkeypatch.setattr(typed_ahead, "discard", dropped)
    out = io.StringIO()
    # `1` attacks; the second `1` (typed ahead: it would use Lucky) is dropped; `3` passes.
    TextGame.resumed(game.ruleset, game, None).loop(io.StringIO("1\n1\n3\nq\n"), out)
    said = out.getvalue()
    assert asked[0] == "response", asked  # before the Response window was asked
    assert said.index("Attack with") < said.index(DROPPED) < said.index("Use a Response?")
    assert "You use Lucky" not in said
    assert len(asked) > 1, asked  # and the question after the Response window (`3`)


def test_only_a_new_question_drops_what_was_typed_ahead() -> None:
    turn, response = (2, "battle", "player_turn"), (2, "battle", "response")
    assert asked_anew(turn, response)  # the monster's roll opened a Response window
    assert asked_anew(response, response)  # the next window
    assert asked_anew(response, turn)  # the next turn
    assert asked_anew((2, "battle", "player_turn"), (3, "preparation", "preparation"))
    assert not asked_anew(turn, turn)  # the same turn asked again (an extra turn)
    assert not asked_anew((1, "preparation", "preparation"), (1, "preparation", "preparation"))
    assert not asked_anew(turn, (2, "battle", ""))  # the game over: no question
