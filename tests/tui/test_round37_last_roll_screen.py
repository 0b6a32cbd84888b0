"""#28 playtest round 37 (37b-2): the last monster roll of a game (a round begun after
Paralyzed took every turn left, its WOUND asking for a Response) was missing from the game
screen's log and so from the death screen, which shows the log's lines since the last key
("Round 12." and then the death). For a game no screen saw it tells them again
(`taken_since`: words.retold, tests/words/test_round37_last_roll_words.py)."""

from __future__ import annotations

from typing import Any

from pilot import settle, sync
from playing import RULES
from textual.pilot import Pilot

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.gameover import GameOverScreen

ROUND_3 = [
    "Round 3.",
    "The die shows 1 (monster's combat roll).",
    "The monster's action (1): WOUND.",
]


async def passed(pilot: Pilot[Any], screen: GameScreen) -> None:
    """Take Pass (its key again when the first only marked it), the rounds' beats run out."""
    decisions = screen.game.state.decisions
    for _ in range(5):
        if screen.game.state.decisions > decisions or screen.game.is_over:
            break
        screen.take(next(i for i, (a, _) in enumerate(screen.offered) if a == act.Pass()))
        while screen.passing is not None:  # each beat's time runs out, no key pressed
            await pilot.pause()
            screen.rolling.stop()
            screen.rounds.beat_over()
        await settle(pilot)
    assert screen.game.state.decisions > decisions or screen.game.is_over


@sync
async def test_the_game_screen_says_the_last_roll_of_a_game() -> None:
    game = (  # as tests/words/test_round37_last_roll_words.py's: the third WOUND kills
        Scenario("tomu", level=4, seed=3, difficulty="hard")
        .resources(se=4, cunning=1)
        .weapon("knife")
        .condition("paralyzed", tokens=6)
        .monster("basilisk")
        .dice(6, 3, 1, 2, 1, *[6] * 20)
        .start("battle")
    )
    app = UnbrokenApp(RULES, animate=True, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(2):
            await passed(pilot, screen)
        assert screen.said[-3:] == ROUND_3, screen.said[-12:]
        await passed(pilot, screen)
        passing = screen.said.index("You pass: Warding Sign [Sage] not used.", len(screen.said) - 3)
        assert screen.said[passing - 3 : passing] == ROUND_3
        assert isinstance(app.screen, GameOverScreen)  # its lines: the screen's since the key
