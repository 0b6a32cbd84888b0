"""#28 playtest round 28 (28a-20): once Paralyzed takes every turn left (6 tokens: no
roll of the die is higher), the rounds were still shown one by one at the die's pace
(13 rounds, about 30 s) and said in about 60 log lines; they are shown at once, said in
one line."""

from __future__ import annotations

from pilot import sync
from playing import RULES

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.state import copy_state
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.passing import beat_roll, beats, locked
from unbroken.words.events import Narrator


def gazed() -> Game:
    """Paralyzed at 5 tokens (3, and the Basilisk's gaze at the battle's start): the
    check rolls 6 (the turn is kept); a Skip, and the monster rolls 2 (GAZE: 6 tokens,
    every turn left is lost); then six rounds pass on their own to the player's death."""
    return (
        Scenario("tomu", level=4, seed=3)
        .resources(se=10, le=1)
        .weapon("knife", "sword")
        .condition("paralyzed", tokens=3)
        .monster("basilisk")
        .dice(6, 2, *[3, 1, 4, 6, 5, 1] * 10)
        .start("battle")
    )


def test_the_rounds_after_the_lock_are_one_beat() -> None:
    game = gazed()
    before = copy_state(game.state)
    steps = beats(before, game.apply(act.Skip()))
    assert len(steps) > 10  # a beat per roll
    shown = locked(RULES, steps)
    # The Skip, the GAZE that took the turns (shown alone), then the rest at once.
    assert [roll.value if (roll := beat_roll(b)) else None for b in shown] == [None, 2, 3]
    assert [e for b in shown for e in b.events] == [e for b in steps for e in b.events]
    assert shown[-1].state == steps[-1].state and game.is_over


def test_the_rounds_lost_are_said_in_one_line() -> None:
    game = gazed()
    narrator = Narrator(RULES)
    narrator.follow(game.events)
    said = [narrator.describe(e) for e in game.apply(act.Skip())]
    lines = [part for line in [*said, narrator.said()] if line for part in line.split("\n")]
    lock = next(i for i, line in enumerate(lines) if "no roll of the die is higher" in line)
    assert lines[lock + 1 :] == [
        "Rounds 2 to 7: Paralyzed takes each of your turns (its checks rolled 3, 4, 5, 3, "
        "4, 5); the monster's rolls: 1 WOUND, 6 WOUND, 1 WOUND, 1 WOUND, 6 WOUND, 1 WOUND; "
        "you lose 10 SE; Paralyzed at 8 tokens.",
        "You die of your wounds from the Basilisk, at level 4 (Battle step).",
    ]
    assert lines[:lock] == [
        "You skip your turn.",
        "The die shows 2 (monster's combat roll).",
        "The monster's action (2): GAZE.",
    ]


@sync
async def test_the_screen_shows_the_lost_rounds_at_once() -> None:
    app = UnbrokenApp(RULES, animate=True, game=gazed())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        before = len(screen.said)
        screen.take(next(i for i, (a, _) in enumerate(screen.offered) if a == act.Skip()))
        passing = screen.passing
        assert passing is not None and len(passing.steps) == 3
        while screen.passing is not None:  # each beat's time runs out, no key pressed
            await pilot.pause()
            screen.rolling.stop()
            screen.rounds.beat_over()
        said = screen.said[before:]
        assert not any("(Paralyzed check)" in line for line in said), said
        assert [line.split(":")[0] for line in said[-2:]] == [
            "Rounds 2 to 7",
            "You die of your wounds from the Basilisk, at level 4 (Battle step).",
        ]
