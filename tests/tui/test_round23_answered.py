"""#28 round 22: "Attack with Pry taken. Options changed: …" ran long at 80 columns: the
prompt names an attack taken by its name alone."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.state import GameState
from unbroken.plugins import load_ruleset
from unbroken.tui.careful import MOVED, careful_cue
from unbroken.tui.questions import answered_words

RULES = load_ruleset()


def test_an_attack_taken_is_said_by_its_name() -> None:
    said = answered_words(act.Attack("pry"), GameState(), RULES)
    assert said == "Pry taken."
    cue = careful_cue(None, MOVED, (said,))
    assert cue.startswith("Pry taken. Options changed: "), cue
    assert "Attack with" not in cue  # 12 characters less: the cue's row and a bit
