"""Round 31 (#28, play31b, 31b-4): a key pressed while the screen still showed the question
before (the last key's outcome being worked out, `%` running) acted on the next question:
"1 1" kept Discarded Weaponry, one more `1` read over the keep question marked Resolve on
the next; over "Asked again: 3 marks first", "3 3" left `3 marked` and no Focus taken.
Played at the tester's pace (0.9 s between keys, the player's key times)."""

from __future__ import annotations

import asyncio
from typing import Any

from pilot import key_of, played, prompt, settle, sync
from textual import events

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.game import GameScreen
from unbroken.tui.hints import HintBox
from unbroken.tui.pace import PLAYERS

#: The tester's time between keys.
PACE = 0.9


def focus_twice() -> Scenario:
    """The Preparation with effort for two Focus (4 SE each), Inspiration not yet payable."""
    return Scenario("tomu", seed=3).resources(se=20, me=0, le=0)


def slow_apply(screen: GameScreen, key: str) -> None:
    """Make the next option taken slow as with `%` running: while it is worked out, the
    player presses `key` (read by the terminal then, over the question still drawn)."""
    session: Any = screen.session
    real = session.apply

    def apply(action: act.Action) -> Any:
        session.apply = real
        screen.app.post_message(events.Key(key, key))  # read now, handled after
        return real(action)

    session.apply = apply


@sync
async def test_a_key_pressed_over_the_question_before_marks_nothing_on_the_next() -> None:
    game = focus_twice().start("preparation")
    async with played(game, PLAYERS) as (pilot, screen):
        await asyncio.sleep(PLAYERS.careful + 0.5)  # the new question's window over
        await settle(pilot)
        panel, key = screen.decision_panel, key_of(screen, act.Focus)
        slow_apply(screen, key)
        await pilot.press(key)  # takes Focus; the next `3` is pressed before "Asked again"
        await settle(pilot)
        said = prompt(screen)
        assert game.state.res["me"] == 1, said  # one Focus taken, not two
        assert panel.marked is None, said  # the key pressed over the last question marks nothing
        assert f"Asked again: {key} or Enter marks first, again takes it." in said, said
        notice = str(screen.query_one(HintBox).render())
        assert f"{key} not taken: pressed before this question showed" in notice, notice
        # The prompt's promise then holds at the tester's pace: the key marks, again takes.
        await asyncio.sleep(PACE)
        await pilot.press(key)
        await settle(pilot)
        assert f"{key} marked: press {key} again" in prompt(screen), prompt(screen)
        await asyncio.sleep(PACE)
        await pilot.press(key)
        await settle(pilot)
        assert game.state.res["me"] == 2, prompt(screen)


@sync
async def test_keys_pressed_after_the_question_showed_act_as_its_prompt_says() -> None:
    # "3 3 4 4", 0.9 s apart, over "Asked again: 3 marks first, again takes it.": the
    # second `3` takes Focus; Inspiration, payable then, is taken by the first `4`.
    game = focus_twice().start("preparation")
    async with played(game, PLAYERS) as (pilot, screen):
        await asyncio.sleep(PLAYERS.careful + 0.5)
        await settle(pilot)
        key = key_of(screen, act.Focus)
        await pilot.press(key)
        await settle(pilot)
        assert "Asked again" in prompt(screen), prompt(screen)
        taken = []
        for k in (key, key, key_of(screen, act.Inspiration)):
            await asyncio.sleep(PACE)
            await pilot.press(k)
            await settle(pilot)
            taken.append((game.state.res["me"], game.state.res["le"]))
        assert taken == [(1, 0), (2, 0), (0, 1)], (taken, prompt(screen))


@sync
async def test_enter_pressed_over_the_question_before_takes_nothing_on_the_next() -> None:
    # The same for Enter: read before "Asked again" was drawn, it is not the next
    # question's Enter (the highlight there is on Focus: it would mark it).
    game = focus_twice().start("preparation")
    async with played(game, PLAYERS) as (pilot, screen):
        await asyncio.sleep(PLAYERS.careful + 0.5)
        await settle(pilot)
        panel, key = screen.decision_panel, key_of(screen, act.Focus)
        slow_apply(screen, "enter")
        await pilot.press(key)
        await settle(pilot)
        said = prompt(screen)
        assert game.state.res["me"] == 1 and panel.marked is None, said
        notice = str(screen.query_one(HintBox).render())
        assert "Enter not taken: pressed before this question showed" in notice, notice
        await asyncio.sleep(PACE)
        await pilot.press(key)
        await settle(pilot)
        assert f"{key} marked: press {key} again" in prompt(screen), prompt(screen)


@sync
async def test_a_key_pressed_over_the_keep_question_marks_nothing_on_resolve() -> None:
    # 31b-4: "1 1" kept Discarded Weaponry; the screen still showed "1 marked: press 1
    # again"; one more `1` then showed the Resolve question already "1 marked".
    game = (
        Scenario("tomu", level=1)
        .encounters("discarded-weaponry", "sickly-berries")
        .start("exploration")
    )
    async with played(game, PLAYERS) as (pilot, screen):
        panel = screen.decision_panel
        await asyncio.sleep(PACE)
        await pilot.press("1")  # the cards just revealed: marks
        await settle(pilot)
        assert "1 marked: press 1 again" in prompt(screen), prompt(screen)
        slow_apply(screen, "1")  # the third `1`, pressed while the keep is worked out
        await asyncio.sleep(PACE)
        await pilot.press("1")
        await settle(pilot)
        said = prompt(screen)
        assert game.decision is not None and game.decision.kind == "resolve_or_rest", said
        assert panel.marked is None and "1 marked" not in said, said
        notice = str(screen.query_one(HintBox).render())
        assert "1 not taken: pressed before this question showed" in notice, notice
