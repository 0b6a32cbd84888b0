"""#28 playtest round 32's Hand (32a-6): scrolled with Tab and ↓, its title said only
"↓ more" though lines were hidden above, and it stayed scrolled once Tab left it."""

from __future__ import annotations

from pilot import played, settle, sync

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.hand import HandPanel
from unbroken.tui.option_rows import DecisionList


def a_long_hand() -> Scenario:
    """Helena at level 2 with a knife, two skills and two conditions: her Hand is cut at
    80x24 beside the Preparation's options (round 26's)."""
    scene = Scenario("helena", level=2).resources(se=15, food=3).weapon("knife")
    scene = scene.skills("second-wind", "brute-force")
    return scene.condition("frightened", True, 0, 2).condition("poisoned", True, 2, 0)


@sync
async def test_the_hands_title_marks_lines_hidden_above_and_below() -> None:
    assert save_settings(Settings(hints=False)) == ""
    async with played(a_long_hand().start("preparation")) as (pilot, screen):
        await settle(pilot)
        hand = screen.query_one(HandPanel)
        assert hand.max_scroll_y >= 2, hand.max_scroll_y  # room to stop between the ends
        seen: set[tuple[bool, bool]] = set()
        for y in range(int(hand.max_scroll_y) + 1):
            hand.scroll_to(y=y, animate=False, immediate=True)
            await settle(pilot)
            title = str(hand.border_title)
            above, below = hand.scroll_y > 0, hand.scroll_y < hand.max_scroll_y
            seen.add((above, below))
            assert ("↑" in title and "more" in title) == above, (hand.scroll_y, title)
            assert ("↓" in title and "more" in title) == below, (hand.scroll_y, title)
        assert seen == {(False, True), (True, True), (True, False)}, seen


@sync
async def test_tab_out_of_the_hand_scrolls_it_back_to_its_top() -> None:
    # The Hand left scrolled hid its first lines, the conditions and the weapon's attacks
    # that the next decision is about; back in it, the card picked is scrolled into sight.
    assert save_settings(Settings(hints=False)) == ""
    async with played(a_long_hand().start("preparation")) as (pilot, screen):
        await settle(pilot)
        hand = screen.query_one(HandPanel)
        await pilot.press("tab")
        for _ in range(8):
            await pilot.press("down")
        await settle(pilot)
        assert hand.scroll_y > 0, "↓ scrolled nothing"
        picked = hand.scroll_y
        await pilot.press("tab")
        await settle(pilot)
        assert isinstance(screen.focused, DecisionList), screen.focused
        assert hand.scroll_y == 0, hand.scroll_y
        assert "↑" not in str(hand.border_title), hand.border_title
        await pilot.press("tab")  # back: the card picked in sight again
        await settle(pilot)
        assert hand.scroll_y == picked, (hand.scroll_y, picked)


@sync
async def test_the_hands_leave_after_its_screen_went_does_nothing() -> None:
    # Round 34 (34b-1), three times in the game: Tab into the Hand, `3` (Focus), then `u`:
    # the game quit with "NoScreen: node has no screen" in the Hand's `leave`. `u` draws
    # a new screen; the old Hand, its focus gone, ran its leave (after a refresh) once
    # removed. Seen in tmux, fixed there; here the leave of a Hand taken off its screen.
    assert save_settings(Settings(hints=False)) == ""
    async with played(a_long_hand().start("preparation")) as (pilot, screen):
        await settle(pilot)
        hand = screen.query_one(HandPanel)
        await hand.remove()
        hand.leave()  # raised NoScreen before
        assert not hand.is_attached
