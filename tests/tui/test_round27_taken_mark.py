"""#28 playtest round 27 (27b-14): "1 1", and the first `1`'s answers were taken for the
player ("Taken for you: … New options: …"); the second `1` marked a costly option, and the
mark's own prompt ("1 marked: press 1 again (or Enter) to take it. …") replaced the notice:
what was taken was seen only in `l`. While a mark is on, what was taken stays said above it,
until an option is taken."""

from __future__ import annotations

from pilot import key_of, marks, played, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.tui.game import GameScreen
from unbroken.tui.pace import KeyPace

#: The beat after decisions taken for the player ended by hand, a window no test outlasts.
PACE = KeyPace(settle=60.0, careful=60.0, quick=0.0, first_new=False)
#: What the log says was taken for the player when Explore's key kept the one card.
TAKEN = "Taken for you: keep Root Tangle"


def committed() -> Game:
    """A Preparation committed to the next encounter, Root Tangle (2 SE) on top: Explore
    keeps it for the player, and Resolve, alone and costly, marks first."""
    return (
        Scenario("tomu", seed=3)
        .resources(se=13)
        .encounters("root-tangle", "cold-spring")
        .commit()
        .start("preparation")
    )


def on_screen(screen: GameScreen) -> str:
    """Return the screen as drawn, its rows joined by spaces, each row's runs of spaces one."""
    strips = screen._compositor.render_strips()
    return " ".join(" ".join("".join(s.text for s in strip).split()) for strip in strips)


@sync
async def test_the_taken_line_stays_in_sight_under_a_mark() -> None:
    async with played(committed(), PACE) as (pilot, screen):
        await pilot.press(str(screen.offered.index((act.Explore(), "")) + 1))
        await settle(pilot)
        assert TAKEN in prompt(screen), prompt(screen)
        screen.decision_panel.settle_over()  # what its clock does once the beat is over
        await settle(pilot)
        await marks(pilot, screen, "1")  # the double press's second `1`
        said = prompt(screen)
        assert TAKEN in said, said
        assert said.index(TAKEN) < said.index("1 marked"), said  # the taken line first
        assert TAKEN in on_screen(screen) and "1 marked: press 1" in on_screen(screen)
        se = screen.game.state.res["se"]
        await pilot.press("1")  # takes it: what was taken is no longer said
        await settle(pilot)
        assert screen.game.state.res["se"] == se - 2, prompt(screen)
        assert "Taken for you" not in prompt(screen), prompt(screen)


def hovel_with_no_se() -> Game:
    """Exploration with no effort: keeping the Abandoned Hovel (1 SE) leaves Rest alone,
    taken for the player; the Preparation after it has no cards unread."""
    return (
        Scenario("tomu", seed=3)
        .resources(se=0, me=0, le=0)
        .encounters("abandoned-hovel", "metal-scraps", "a-safe-place")
        .start("exploration")
    )


@sync
async def test_the_taken_line_stays_under_a_mark_made_after_the_window() -> None:
    # The window's time over, "Taken for you: Rest" still said until the next key (27a-3):
    # Fight's key, which always marks first, does not drop it.
    async with played(hovel_with_no_se(), PACE) as (pilot, screen):
        await pilot.press("1")  # keeps the Hovel: Rest is taken for the player
        await settle(pilot)
        panel = screen.decision_panel
        panel.settle_over()
        panel.careful_over()
        await settle(pilot)
        assert "Taken for you: Rest" in prompt(screen), prompt(screen)
        assert not panel.careful, prompt(screen)  # the window is over
        await marks(pilot, screen, key_of(screen, act.Fight))
        assert "Taken for you: Rest" in prompt(screen), prompt(screen)
