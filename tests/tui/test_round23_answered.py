"""#28 round 22: "Attack with Pry taken. Options changed: …" ran long at 80 columns: the
prompt names an attack taken by its name alone. Round 30: what a key took is named after
"Chosen:" ("… 1 LE taken." read as 1 LE taken)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.state import GameState
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, mixed_walk
from unbroken.tui.answers import answered_words
from unbroken.tui.careful import MOVED, careful_cue

RULES = load_ruleset()


def test_an_attack_taken_is_said_by_its_name() -> None:
    said = answered_words(act.Attack("pry"), GameState(), RULES)
    assert said == "Chosen: Pry."
    cue = careful_cue(None, MOVED, (said,))
    assert cue.startswith("Chosen: Pry. Options changed: "), cue
    assert "Attack with" not in cue  # 12 characters less: the cue's row and a bit


def test_what_a_key_took_is_named_after_chosen() -> None:
    """#28 round 30 (30b-6): "Accept that you cannot pay Mumbling Kobold's 1 LE taken."
    read as if 1 LE was taken: every option a key took but a Response's use is named after
    "Chosen:", its words whole before the full stop, over a game's every decision."""
    state = GameState(chosen="base:mumbling-kobold")
    said = answered_words(act.Forfeit(), state, RULES)
    assert said == "Chosen: Accept that you cannot pay Mumbling Kobold's 1 LE.", said
    seen = 0
    for game in mixed_walk(a_game(), 7):
        for action, _ in game.options():
            said = answered_words(action, game.state, RULES)
            if isinstance(action, act.Use):
                assert said.endswith(" used."), said
            else:
                assert said.startswith("Chosen: ") and " taken" not in said, said
                seen += 1
    assert seen


def a_game() -> Game:
    """A new game of Tomu's (seed 3), played on by the words' mix of bots."""
    return Scenario("tomu", seed=3).start("preparation")
