"""#28 round 24: the plain-text game (the campaign's) drops a line typed ahead when the
question asked next is one the player has not seen: after a step taken for them (a
second `2`, typed after keeping a skill, took "Fight the monster now" on the next level,
past a hunger step taken for the player) or new cards revealed."""

from __future__ import annotations

import io
import os
import select
from typing import TextIO

import pytest

from unbroken.play import typed_ahead
from unbroken.play.text import TextGame
from unbroken.play.typed_ahead import DROPPED, discard
from unbroken.testing import Scenario


def test_a_terminal_s_unread_line_is_dropped_a_pipe_s_is_kept() -> None:
    main, other = os.openpty()
    with os.fdopen(other, "r", closefd=True) as terminal:
        os.write(main, b"2\n")
        assert select.select([terminal], [], [], 5)[0]  # the line waits to be read
        assert discard(terminal) is True
        assert not select.select([terminal], [], [], 0)[0]  # gone
        assert discard(terminal) is False  # nothing left to drop
    os.close(main)
    piped = io.StringIO("2\n")
    assert discard(piped) is False and piped.read() == "2\n"


def test_a_step_taken_for_the_player_drops_the_line_typed_ahead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Level 2's reward, no food: keeping a skill is followed by the Hunger step taken for
    # the player ("Eat 0 food"), then level 3's Preparation, a question not seen yet.
    game = Scenario("tomu", level=2).resources(se=8, food=0).monster("goblin").start("rewards")
    asked: list[str] = []  # the question whose line typed ahead was dropped

    def dropped(stdin: TextIO) -> bool:
        assert game.decision is not None
        asked.append(game.decision.kind)
        if len(asked) > 1:  # asked at every question since round 26: nothing typed ahead
            return False
        stdin.readline()  # the `2` typed for the skill's question
        return True

    monkeypatch.setattr(typed_ahead, "discard", dropped)
    out = io.StringIO()
    TextGame.resumed(game.ruleset, game, None).loop(io.StringIO("1\n2\n3\n"), out)
    said = out.getvalue()
    assert "Taken for you: Eat 0 food." in said
    assert asked[0] == "preparation", asked  # before level 3's first question was asked
    # The `2` ("Fight the monster now") was dropped: `3` was the answer, Focus.
    assert said.index("Taken for you") < said.index(DROPPED) < said.index("Preparation:")
    assert "You gain 1 ME [Focus]." in said and "Combat phase" not in said.split("Level 3")[1]
    assert game.state.level == 3 and game.decision is not None
    assert game.decision.kind == "preparation"


@pytest.mark.parametrize("monster", ["goblin", "gnoll"])
def test_the_table_says_a_row_a_skill_ignores_in_the_stage_s_words(monster: str) -> None:
    # With Hidden Pockets ("Ignore STEAL results") the text game read "3 STEAL: lose 2
    # food (lose 3 SE if unable)" where the full-screen stage reads "ignored (…)".
    from unbroken.tui.sheet_rows import row_texts

    game = Scenario("tomu", level=2).skills("hidden-pockets").monster(monster).start("battle")
    shown = TextGame.resumed(game.ruleset, game, None).display().splitlines()
    assert "    3 STEAL: ignored (Hidden Pockets)" in shown, shown
    card = game.ruleset.monsters[game.state.monster.id]  # type: ignore[union-attr]
    assert row_texts(game.state, game.ruleset, card)[2] == "ignored (Hidden Pockets)"
    # The other rows as printed; the ambush is no table row (R-COMBAT-1, R-BATTLE-6): it acts.
    assert any(line.startswith("    2 WOUND: lose") for line in shown), shown
    assert any(line.startswith("    ambush: lose") for line in shown), shown
