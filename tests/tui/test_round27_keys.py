"""#28 round 27: the keys, marks and the prompt's messages.

27a-3: "Taken for you: …" left the prompt with the careful window (~4 s after the
decision), unless cards came with it: the Hunger step's "Eat 0 food", 3 SE lost, and
Rests taken at Bear Trap and Fallen Knight went unseen. What was taken for the player
stays said until their next key on the options, whatever came with it."""

from __future__ import annotations

import pytest
from pilot import paced, played, prompt, settle, sync
from scenes import hovel_with_no_se

from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario

RULES = load_ruleset()


def test_taken_for_you_stays_said_after_the_careful_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paced(monkeypatch, settle=60.0)  # the clocks ended by hand below
    stays_said()


@sync
async def stays_said() -> None:
    async with played(hovel_with_no_se()) as (pilot, screen):
        await pilot.press("1")  # keeps the Hovel: Rest is taken for the player
        await settle(pilot)
        assert screen.game.state.step == "preparation"
        panel = screen.decision_panel
        panel.settle_over()  # what their clocks do: the beat, then the window, over
        panel.careful_over()
        await settle(pilot)
        said = prompt(screen)
        assert "Taken for you: Rest" in said, said
        assert "marks" not in said and "New options" not in said, said  # the window is over
        await pilot.press("1")  # Explore, at once: the player's next key
        await settle(pilot)
        assert screen.game.state.step == "exploration"
        assert "Taken for you" not in prompt(screen), prompt(screen)


def exploring() -> Game:
    """The Preparation, Explore's key showing the level's cards."""
    return Scenario("tomu", seed=3).start("preparation")


def test_a_resize_keeps_the_mark_and_its_cue(monkeypatch: pytest.MonkeyPatch) -> None:
    # 27a-8: "1 marked: press 1 again…", then a resize to 120x40: the prompt said "Cards
    # revealed: a key or Enter marks…" and `1` marked again (the same decision drawn again
    # was offered as if the key that revealed the cards had just been pressed).
    paced(monkeypatch, careful=60.0)
    mark_kept()


@sync
async def mark_kept() -> None:
    async with played(exploring()) as (pilot, screen):
        await pilot.press("1")  # Explore: the cards are revealed, a new question
        await settle(pilot)
        assert screen.game.state.step == "exploration"
        decisions = screen.game.state.decisions
        await pilot.press("1")
        await settle(pilot)
        assert "1 marked: press 1 again" in prompt(screen), prompt(screen)
        for size in ((120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert "1 marked: press 1 again" in prompt(screen), (size, prompt(screen))
            assert screen.decision_panel.marked == 0
        await pilot.press("1")  # takes it: the mark was kept
        await settle(pilot)
        assert screen.game.state.decisions > decisions


def test_a_resize_keeps_the_highlight_and_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    # A resize draws the same decision again, not offered anew (k47, 27a-8's cause): the
    # highlight moved by the arrows stays, and the window over the cards revealed stays
    # the one their key opened (offered again, its last key's cards were "revealed" again).
    paced(monkeypatch, careful=60.0)
    highlight_kept()


@sync
async def highlight_kept() -> None:
    async with played(exploring()) as (pilot, screen):
        await pilot.press("1")  # Explore: the cards are revealed, a new question
        await settle(pilot)
        panel = screen.decision_panel
        asked, said = panel.asked_at, prompt(screen)
        await pilot.press("down")  # off the first card
        await settle(pilot)
        assert panel.highlighted == 1
        for size in ((120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert panel.highlighted == 1, size
            assert panel.asked_at == asked, size  # not asked anew
            assert prompt(screen) == said, (size, prompt(screen))
