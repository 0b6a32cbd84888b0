"""#28 playtest: a decision taken for the player changes the options under their next key.

Keeping the Abandoned Hovel with no SE left one answer, Rest, taken at once; the
key the player then pressed for Rest landed on the next step's "Fight the
monster now", and `u` could not take that back. Keys now wait a moment after a
decision taken for the player, with the cue in the prompt, and `u` takes the
player's own decision back with those taken after it. Round 4: a key typed ~1.5 s
later, after the beat, still took "Fight": now the first key only marks an option,
and the same key again (or Enter) takes it. Round 5: that cost a key press mid-turn, so
only a costly option (one that spends, loses, fights, ...) is marked first, and only for
a few seconds after the beat; any other option's key takes it at once.
"""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
import pytest
from pilot import paced
from scenes import hovel_with_no_se

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.widgets import OPTION_KEYS

RULES = load_ruleset()


async def rest_taken_for_you(pilot: Any, app: UnbrokenApp) -> GameScreen:
    """Keep the Hovel (hovel_with_no_se): Rest is taken for the player; return the screen."""
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen)
    await pilot.press("1")
    return screen


async def settled_after_rest(pilot: Any, app: UnbrokenApp) -> GameScreen:
    """Rest taken for the player (rest_taken_for_you), then the beat over: the options' keys
    act, the careful window open; return the screen."""
    screen = await rest_taken_for_you(pilot, app)
    screen.decision_panel.settle_over()
    await pilot.pause()
    return screen


def prompt(screen: GameScreen) -> str:
    return str(screen.query_one("#prompt").render())


def test_a_key_right_after_a_decision_taken_for_you_takes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paced(monkeypatch, settle=60.0)  # ended by hand below
    asyncio.run(key_right_after())


async def key_right_after() -> None:
    app = UnbrokenApp(RULES, animate=False, game=hovel_with_no_se())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await rest_taken_for_you(pilot, app)
        assert screen.game.state.step == "preparation"
        assert "Taken for you: Rest" in prompt(screen)
        events = len(screen.game.events)
        await pilot.press("2", "enter")  # aimed at Resolve/Rest: must not pick a new option
        await pilot.pause()
        assert len(screen.game.events) == events
        assert screen.game.state.step == "preparation"
        screen.decision_panel.settle_over()  # what the timer does after a beat
        await pilot.pause()
        assert not screen.decision_panel.taken_for_you  # the keys act again
        # round 11: what was taken stays said while the careful window is open
        assert "Taken for you: Rest" in prompt(screen) and "New options:" in prompt(screen)
        assert "a key or Enter marks a costly option, again takes it" in prompt(screen)
        await pilot.press("2")  # round 4: typed ~1.5 s later for Rest, it only marks "Fight"
        await pilot.pause()
        assert len(screen.game.events) == events
        assert screen.decision_panel.highlighted == 1
        assert "2 marked: press 2 again (or Enter) to take it" in prompt(screen)
        await pilot.press("2")  # the same key again takes the option it is aimed at
        await pilot.pause()
        assert len(screen.game.events) > events
        assert "marked" not in prompt(screen)  # and keys take at once again


def test_a_key_on_an_option_that_shows_cards_marks_it_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # #28 round 5: only a costly option (Fight: the battle) was marked first, a free one
    # (Explore) taken by its key at once. Round 12: Explore shows cards, which `u` cannot
    # take back (a key meant for the last question took it): it is marked first too.
    paced(monkeypatch, settle=60.0)
    asyncio.run(explore_marked_first())


async def explore_marked_first() -> None:
    app = UnbrokenApp(RULES, animate=False, game=hovel_with_no_se())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await settled_after_rest(pilot, app)
        assert screen.offered[0][0] == act.Explore()
        await pilot.press("1")  # Explore shows cards: marked first
        await pilot.pause()
        assert screen.game.state.step == "preparation"
        assert "1 marked: press 1 again" in prompt(screen), prompt(screen)
        await pilot.press("1")
        await pilot.pause()
        assert screen.game.state.step == "exploration"


def test_after_a_while_a_costly_option_is_taken_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paced(monkeypatch, settle=60.0)
    asyncio.run(costly_after_a_while())


async def costly_after_a_while() -> None:
    app = UnbrokenApp(RULES, animate=False, game=hovel_with_no_se())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await rest_taken_for_you(pilot, app)
        screen.decision_panel.settle_over()
        screen.decision_panel.careful_over()  # what its timer does once the options were read
        await pilot.pause()
        assert "marks" not in prompt(screen)
        await pilot.press("1")  # Explore, taken at once (Fight alone always marks first)
        await pilot.pause()
        assert screen.game.state.step == "exploration"


def test_enter_after_the_beat_marks_then_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    paced(monkeypatch, settle=60.0)
    asyncio.run(enter_after_the_beat())


async def enter_after_the_beat() -> None:
    app = UnbrokenApp(RULES, animate=False, game=hovel_with_no_se())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await settled_after_rest(pilot, app)
        events = len(screen.game.events)
        await pilot.press("down", "enter")  # meant for the old decision: marks Fight
        await pilot.pause()
        assert len(screen.game.events) == events
        assert "2 marked: press 2 again (or Enter) to take it" in prompt(screen)
        await pilot.press("enter")
        await pilot.pause()
        assert len(screen.game.events) > events


def test_u_takes_back_your_decision_with_the_one_taken_for_you(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paced(monkeypatch, settle=60.0)
    asyncio.run(u_after())


def key_of(screen: GameScreen, action: act.Action) -> str:
    return next(OPTION_KEYS[i] for i, (a, _) in enumerate(screen.offered) if a == action)


async def u_after() -> None:
    # A recorded game (take-backs replay the recording): seed 1's first character
    # explores; keeping the Slithering Snake, which asks what it cannot pay, leaves Rest.
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # New game, then Enter on a character starts
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press(key_of(screen, act.Explore()))
        before = msgspec.json.encode(screen.game.state)
        snake = key_of(screen, act.ChooseEncounter("base:slithering-snake"))
        await pilot.press(snake, snake)  # the reveal's window: marked, then kept (round 16)
        assert screen.game.state.step == "preparation"  # Rest was taken for the player
        assert "Taken for you: Rest" in prompt(screen)
        await pilot.press("u")  # not held back by the pause: it is not an option's key
        await pilot.pause()
        again = app.screen
        assert isinstance(again, GameScreen) and again is not screen
        assert msgspec.json.encode(again.game.state) == before  # the choice, with the Rest


def test_a_key_does_what_the_prompt_says(monkeypatch: pytest.MonkeyPatch) -> None:
    # Round 7: the prompt still said "a key marks a costly option, again (or Enter) takes
    # it" when its few seconds were over; the player pressed twice as told and both took
    # (Delve twice: the only ME spent). While the cue is in sight a key marks; once the
    # window closes the cue goes with it.
    paced(monkeypatch, settle=60.0)
    asyncio.run(as_the_prompt_says())


async def as_the_prompt_says() -> None:
    app = UnbrokenApp(RULES, animate=False, game=hovel_with_no_se())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await settled_after_rest(pilot, app)
        panel = screen.decision_panel
        assert "a key or Enter marks a costly option" in prompt(screen)
        panel.careful = False  # the window's state gone by a way that did not redraw
        events = len(screen.game.events)
        await pilot.press("2")  # Fight: the prompt says a key marks it
        await pilot.pause()
        assert len(screen.game.events) == events
        assert "2 marked: press 2 again (or Enter) to take it" in prompt(screen)
        panel.careful_over()  # a mark outlives the window (round 9), and its cue is true
        await pilot.pause()
        assert "2 marked: press 2 again" in prompt(screen) and "marks" not in prompt(screen)
        await pilot.press("2")
        await pilot.pause()
        assert len(screen.game.events) > events
        assert "marked" not in prompt(screen) and "marks" not in prompt(screen)


def test_a_mark_outlives_the_careful_window(monkeypatch: pytest.MonkeyPatch) -> None:
    # Round 9: a key on Rest "did nothing" and no "2 marked" line stayed: the key marked
    # the option just before the careful window ended, and its end wiped the mark and
    # its cue (the next key took it at once). A mark now stays, cue and all, until a key.
    paced(monkeypatch, settle=60.0)
    asyncio.run(mark_then_window_ends())


async def mark_then_window_ends() -> None:
    app = UnbrokenApp(RULES, animate=False, game=hovel_with_no_se())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await settled_after_rest(pilot, app)
        panel = screen.decision_panel
        events = len(screen.game.events)
        await pilot.press("2")  # marks Fight
        await pilot.pause()
        assert len(screen.game.events) == events
        panel.careful_over()  # what its timer does, a moment after the mark
        await pilot.pause()
        assert "2 marked: press 2 again (or Enter) to take it" in prompt(screen)
        await pilot.press("2")
        await pilot.pause()
        assert len(screen.game.events) > events
