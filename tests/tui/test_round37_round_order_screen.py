"""#28 playtest round 37 (37a-10): the death screen's "How it ended" read "You skip your
turn." "Frightened: round 9 and 2 rounds after it." "Round 9.": a round's end counting a
condition down said the round about to start before its "Round N.". Told from the events
(no screen saw the game) each is its own row, after the round it names
(tests/words/test_round37_round_order.py: the game screen's log, the viewer, `unbroken play`)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.gameover import GameOverScreen


def test_the_death_screen_says_a_round_s_count_after_its_round() -> None:
    # Hard: the Bear strikes first. Its ROAR (4) frightens Tomu for 2 rounds after round 1,
    # its WOUND (1 +1) takes 1 SE in round 2, round 3's WOUND (6) kills.
    game = (
        Scenario("tomu", level=2, difficulty="hard")
        .resources(se=1)
        .monster("bear")
        .dice(4, 1, 6, *[6] * 10)
        .start("battle")
    )
    game.apply(act.Skip())
    game.apply(act.Skip())
    assert game.is_over
    ending = GameOverScreen(game).how_it_ended()
    at = ending.index("Round 3.")
    assert ending[at - 1 : at + 2] == [
        "You skip your turn.",
        "Round 3.",
        "Frightened: ends with round 3.",
    ], ending
