"""Round 34 (#28, play34a): keys that looked eaten and cues that outlived their window.

34a-1: "3 3" (Focus), "8 8" (Forage), the second key a few seconds on, "did nothing and
said nothing" under "Asked again: 3 or Enter marks first". It had taken Focus again, once
the window was over: the next question's prompt was the last one's word for word
("Chosen: Focus. Asked again: …", the Display's "▼−4 ▲+1" too). The same option taken
again in a row is counted: "Chosen: Focus (twice in a row)."
34a-5: the cue said a key marks, and a key then took at once: the window's time ran out
between the key and its option's binding, which Textual runs a few messages later. A key
pressed while the cue was in sight does what it said. Enter in the beat after decisions
taken for the player (no option highlighted) did nothing, silently: it says why now."""

from __future__ import annotations

import asyncio
from typing import Any

from pilot import key_of, played, prompt, settle, sync
from textual import events
from textual.pilot import Pilot

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.game import GameScreen
from unbroken.tui.hints import HintBox
from unbroken.tui.pace import KeyPace

#: No beat, no double tap; the window's clock driven by hand (`over`).
SHORT = KeyPace(settle=0.0, careful=60.0, quick=0.0, first_new=False)


async def over(pilot: Pilot[Any], screen: GameScreen) -> None:
    """Let the careful window's time run out (its cue goes) and settle."""
    screen.decision_panel.careful_over()
    await settle(pilot)


def focus_twice() -> Scenario:
    """The Preparation with effort for three Focus (4 SE each)."""
    return Scenario("tomu", seed=3).resources(se=20, me=0, le=0)


@sync
async def test_the_same_option_taken_again_after_the_window_is_counted_in_the_prompt() -> None:
    game = focus_twice().start("preparation")
    async with played(game, SHORT) as (pilot, screen):
        key = key_of(screen, act.Focus)
        await pilot.press(key)  # no window: taken at once
        await settle(pilot)
        first = prompt(screen)
        assert game.state.res["me"] == 1, first
        assert f"Chosen: Focus. Asked again: {key} or Enter marks first" in first, first
        await over(pilot, screen)  # the window over: the key takes at once
        assert "Asked again" not in prompt(screen), prompt(screen)
        await pilot.press(key)
        await settle(pilot)
        second = prompt(screen)
        assert game.state.res["me"] == 2, second
        assert second != first, second  # the key did something, and the prompt says so
        assert f"Chosen: Focus (twice in a row). Asked again: {key}" in second, second
        await over(pilot, screen)
        await pilot.press(key)
        await settle(pilot)
        assert "Chosen: Focus (3 times in a row)." in prompt(screen), prompt(screen)


@sync
async def test_another_option_between_starts_the_count_again() -> None:
    game = focus_twice().start("preparation")
    async with played(game, SHORT) as (pilot, screen):
        focus, plan = key_of(screen, act.Focus), key_of(screen, act.Plan)
        for key in (focus, plan, focus):
            await over(pilot, screen)
            await pilot.press(key)
            await settle(pilot)
        said = prompt(screen)
        assert game.state.res["me"] == 2 and "Chosen: Focus. Asked again" in said, said


@sync
async def test_a_key_pressed_while_the_cue_showed_marks_though_the_window_closed_after() -> None:
    # The window's clock runs out after the key was read, before its binding runs.
    game = focus_twice().start("preparation")
    async with played(game, KeyPace(settle=0.0, careful=60.0, quick=0.0)) as (pilot, screen):
        panel = screen.decision_panel
        key = key_of(screen, act.Plan)
        assert "New question: a key or Enter marks a costly option" in prompt(screen)
        screen.app.post_message(events.Key(key, key))  # read now, its binding run later
        panel.careful_over()  # the window's time over meanwhile: the cue goes
        await settle(pilot)
        said = prompt(screen)
        assert game.state.res["cunning"] == 0, said  # not taken: marked, as the cue said
        assert f"{key} marked: press {key} again" in said, said
        await pilot.press(key)
        await settle(pilot)
        assert game.state.res["cunning"] == 1, prompt(screen)


@sync
async def test_a_key_after_the_cue_went_takes_at_once() -> None:
    game = focus_twice().start("preparation")
    async with played(game, KeyPace(settle=0.0, careful=60.0, quick=0.0)) as (pilot, screen):
        panel = screen.decision_panel
        panel.careful_over()
        await settle(pilot)
        assert "New question" not in prompt(screen), prompt(screen)
        await pilot.press(key_of(screen, act.Plan))
        await settle(pilot)
        assert game.state.res["cunning"] == 1, prompt(screen)


@sync
async def test_enter_in_the_beat_after_decisions_taken_for_the_player_says_why() -> None:
    # Explore: the same card revealed twice, its keep taken for the player; the Resolve
    # question's options dimmed for the beat, none highlighted: Enter did nothing, unsaid.
    scene = Scenario("tomu", seed=3).resources(se=20)
    game = scene.encounters("a-clever-scheme", "a-clever-scheme").start("preparation")
    async with played(game, KeyPace(settle=60.0, careful=60.0, quick=0.0)) as (pilot, screen):
        panel = screen.decision_panel
        panel.careful_over()
        await settle(pilot)
        await pilot.press(key_of(screen, act.Explore))
        await settle(pilot)
        assert panel.taken_for_you, prompt(screen)  # the keep taken for the player
        decisions = game.state.decisions
        await pilot.press("enter")
        await settle(pilot)
        notice = str(screen.query_one(HintBox).render())
        assert "Enter not taken: the options changed" in notice, (notice, panel.highlighted)
        assert game.state.decisions == decisions, prompt(screen)


@sync
async def test_the_first_questions_cue_goes_when_its_window_closes_hint_and_all() -> None:
    # 34a-5: "the first Preparation's cue stays while `3` takes Focus at once 4 s on".
    pace = KeyPace(settle=0.0, careful=60.0, quick=0.0)  # the game's first question: new
    game = focus_twice().start("preparation")
    async with played(game, pace) as (pilot, screen):
        panel = screen.decision_panel
        panel.careful_seconds = 0.5  # its clock started again, short (the load of the start)
        panel.open_careful("new")
        panel.draw()
        assert "New question: a key or Enter marks" in prompt(screen), prompt(screen)
        assert screen.query_one(HintBox).text  # the first game's hint beside it
        await asyncio.sleep(0.8)
        await settle(pilot)
        assert "marks" not in prompt(screen), prompt(screen)  # the cue went with its window
        await pilot.press(key_of(screen, act.Focus))
        await settle(pilot)
        assert game.state.res["me"] == 1, prompt(screen)  # as the screen says: at once
