"""#28 playtest round 14: the prompt said what a key would not do (80x24)."""

from __future__ import annotations

import asyncio

import pytest
from pilot import paced, played, prompt, settle

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.careful import NEW
from unbroken.tui.decisions import DecisionPanel

RULES = load_ruleset()


def step(game: Game) -> str:
    """Return the game's step (asked through a call: mypy narrows it across a key)."""
    return game.state.step


def marked(panel: DecisionPanel) -> int | None:
    """Return the option marked (asked through a call: mypy narrows it across a key)."""
    return panel.marked


def hunger() -> Game:
    """The Hunger step with two costly options: eat the 1 food held, or eat none."""
    return Scenario("tomu", level=3).resources(food=1, se=6).start("hunger")


def test_moving_off_a_marked_option_unmarks_it_and_enter_does_what_the_prompt_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Round 14: at the Hunger step `1` marked option 1 ("1 marked: press 1 again (or
    # Enter) to take it"), ↓ moved the highlight to option 5 and the prompt still said
    # so; Enter then marked 5. Moving off a marked option unmarks it, and the prompt
    # says what Enter on the option highlighted does (here: mark it first).
    paced(monkeypatch, careful=60.0)  # the window stays open
    asyncio.run(mark_then_move())


async def mark_then_move() -> None:
    game = hunger()
    async with played(game, rules=RULES) as (pilot, screen):
        panel = screen.decision_panel
        assert [a for a, _ in screen.offered] == [act.Eat(food=1), act.Eat(food=0)]
        panel.open_careful(NEW)  # as the battle's kill left it
        panel.draw()
        await pilot.press("1")
        await settle(pilot)
        assert "1 marked: press 1 again (or Enter)" in prompt(screen), prompt(screen)
        await pilot.press("down")
        await settle(pilot)
        assert panel.highlighted == 1 and marked(panel) is None
        assert "1 marked" not in prompt(screen), prompt(screen)
        assert "a key or Enter marks a costly option" in prompt(screen), prompt(screen)
        await pilot.press("enter")  # marks the one highlighted, as the prompt says
        await settle(pilot)
        assert step(game) == "hunger"
        assert "2 marked: press 2 again (or Enter)" in prompt(screen), prompt(screen)
        panel.odds = ({0: "61%", 1: "40%"}, "")  # the options drawn again: the mark stays
        await settle(pilot)
        assert panel.highlighted == 1 and marked(panel) == 1, (panel.highlighted, marked(panel))
        assert "2 marked: press 2 again (or Enter)" in prompt(screen), prompt(screen)
        await pilot.press("up")  # off it and back: its mark is gone with the move
        await settle(pilot)
        assert marked(panel) is None and "marked:" not in prompt(screen), prompt(screen)
        await pilot.press("down", "enter", "enter")
        await settle(pilot)
        assert step(game) != "hunger" and game.state.res["food"] == 1, game.state.step


def test_moving_off_a_mark_kept_past_the_window_lets_enter_take_at_once() -> None:
    # The window's time over, a mark stays (its cue in sight) until the next key: moving
    # off it ends both, and Enter takes the option highlighted at once, as the bare
    # prompt says.
    asyncio.run(mark_outlasts_window())


async def mark_outlasts_window() -> None:
    game = hunger()
    async with played(game, rules=RULES) as (pilot, screen):
        panel = screen.decision_panel
        panel.open_careful(NEW)
        panel.draw()
        await pilot.press("1")
        await settle(pilot)
        panel.careful_over()  # what the timer does: the mark and its cue stay
        await settle(pilot)
        assert "1 marked: press 1 again (or Enter)" in prompt(screen), prompt(screen)
        await pilot.press("down")
        await settle(pilot)
        assert "marked" not in prompt(screen) and "marks" not in prompt(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert step(game) != "hunger"
        assert game.state.res["food"] == 1  # Eat none: the one highlighted
