"""#18 item 3: rounds that pass without a key are shown one roll at a time, skippable."""

from __future__ import annotations

from typing import Any

from pilot import sync
from scenes import paralysed
from textual.widgets import RichLog

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.state import GameState, copy_state
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.passing import beat_roll, beats, skip_words

RULES = load_ruleset()


def attack(game: Game) -> act.Action:
    return next(a for a, why in game.options() if isinstance(a, act.Attack) and not why)


def test_a_decision_that_rolls_many_times_is_cut_at_each_roll() -> None:
    game = paralysed()
    before = copy_state(game.state)
    new = game.apply(attack(game))
    steps = beats(before, new)
    # The attack, then the monster's roll, the check that loses the turn, the monster's
    # second roll, and the check before the next turn.
    assert [roll.value if (roll := beat_roll(b)) else None for b in steps] == [None, 2, 1, 4, 6]
    assert [e for b in steps for e in b.events] == new  # nothing lost, nothing twice
    assert steps[-1].state == game.state

    # Each beat's state is the game as that roll left it: a token more after the GAZE.
    def tokens(state: GameState) -> int:
        return next(c.tokens for c in state.conditions if c.id == "base:paralyzed")

    assert tokens(steps[1].state) == tokens(before) + 1
    assert any(isinstance(e, ev.TurnSkipped) for e in steps[2].events)


def test_one_roll_is_one_beat() -> None:
    game = Scenario("tomu", level=1).monster("goblin").dice(*[3] * 10).start("battle")
    before = copy_state(game.state)
    new = game.apply(attack(game))
    assert len(beats(before, new)) == 1


async def attacks_paralysed(pilot: Any, app: UnbrokenApp) -> tuple[GameScreen, int]:
    """Take the attack in the paralysed scene (its rounds then pass on their own); return
    the screen and the attack's option index."""
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen)
    index = next(i for i, (a, _) in enumerate(screen.offered) if a == attack(screen.game))
    screen.take(index)
    return screen, index


@sync
async def test_the_rounds_are_shown_one_by_one_and_a_key_skips_them() -> None:
    app = UnbrokenApp(RULES, animate=True, game=paralysed())
    async with app.run_test(size=(80, 24)) as pilot:
        screen, index = await attacks_paralysed(pilot, app)
        passing = screen.passing
        assert passing is not None and passing.shown == 1
        asked = str(screen.query_one("#prompt").render())  # the key that skips, as paced
        assert screen.offered == [] and asked == skip_words(screen.pace.stray), asked
        # The beats' clock is driven here, not waited for (the timers are stopped).
        screen.rolling.stop()
        screen.rounds.hold()
        said = len(screen.said)
        screen.rounds.beat_over()  # the first beat's time is up: the monster's roll
        assert passing.shown == 2 and len(screen.said) > said  # its own log lines
        assert screen.rolling.rolling  # its die rolls, on the one die timer
        screen.rounds.hold()
        screen.rolling.land()  # its die has landed
        await pilot.pause()
        stage = str(screen.query_one("#stage").render())
        assert "die ⚁ 2 (monster's combat roll)" in stage and "▶2 GAZE" in stage, stage
        await pilot.press("space")
        await pilot.pause()
        assert screen.passing is None and screen.offered  # the next decision, at once
        assert "You lose this turn." in screen.said  # Paralyzed took it (35b-5)
        assert screen.game.state.decision == "player_turn"


@sync
async def test_without_the_roll_animation_the_rounds_are_not_held() -> None:
    app = UnbrokenApp(RULES, animate=False, game=paralysed())
    async with app.run_test(size=(80, 24)) as pilot:
        screen, index = await attacks_paralysed(pilot, app)
        assert screen.passing is None and screen.offered
        assert "You lose this turn." in screen.said  # Paralyzed took it (35b-5)


@sync
async def test_the_log_shows_its_newest_line_after_the_rounds_passed_on_their_own() -> None:
    # Round 8: after the rounds ran out with no key, the log stopped mid-way ("The die
    # shows 2 …") with "You lose 1 SE" out of view: the options came back under the log
    # after it had scrolled to its end, and took rows from it.
    app = UnbrokenApp(RULES, animate=True, game=paralysed())
    async with app.run_test(size=(80, 24)) as pilot:
        screen, index = await attacks_paralysed(pilot, app)
        while screen.passing is not None:  # each beat's time runs out, no key pressed
            await pilot.pause()
            screen.rolling.stop()
            screen.rounds.beat_over()
        await pilot.pause()
        await pilot.pause()
        assert screen.offered
        log = screen.query_one("#log", RichLog)
        assert log.max_scroll_y > 0  # more lines than rows: the newest must be scrolled to
        assert log.scroll_y == log.max_scroll_y, (log.scroll_y, log.max_scroll_y)
        shown = [log.render_line(y).text.strip() for y in range(log.size.height)]
        assert screen.said[-1].split()[-1] in shown[-1], (screen.said[-1], shown)
        # Scrolled up on purpose, it stays where the player put it as its rows change.
        log.scroll_home(animate=False)
        await pilot.pause()
        screen.decision_panel.clear(skip_words(3.0))
        await pilot.pause()
        screen.refresh_all()  # the options back: the log's rows change twice
        await pilot.pause()
        assert log.scroll_y == 0 < log.max_scroll_y


def test_the_prompt_says_which_key_skips_the_rounds() -> None:
    # #28 round 26: "(any key: skip)", where a key within the pace's `stray` seconds of
    # the one that set the rounds passing does not skip them (README: "not one within 3
    # seconds"); keys paced at once skip at any time.
    assert skip_words(3.0) == "Rounds pass on their own… (a key after 3 s: skip)"
    assert skip_words(0.0) == "Rounds pass on their own… (a key: skip)"
