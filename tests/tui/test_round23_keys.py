"""#28 playtest round 23: committed to the next encounter, "1 1": the first `1` explored,
the keep was taken for the player ("Taken for you: Root Tangle…"), and the second `1`,
1.2 s later, resolved the card at once ("You pay 2 SE"): Resolve was the only option, and
a lone option was taken at once even in the careful window. After decisions taken for the
player, and while cards just revealed are unread, a lone costly option marks first too;
cards revealed (the Exploration's) keep that window open until an option is taken."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from pilot import played, prompt, settle, sync
from scenes import forge
from textual.pilot import Pilot

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.game import GameScreen
from unbroken.tui.pace import KeyPace
from unbroken.tui.passing import skip_words

RULES = load_ruleset()
#: The beat after decisions taken for the player ended by hand, a window no test outlasts.
PACE = KeyPace(settle=60.0, careful=60.0, quick=0.0, first_new=False)


def committed_to(card: str) -> Scenario:
    """Return a Preparation committed to the next encounter, `card` on top of the deck."""
    return Scenario("tomu", seed=3).resources(se=13).encounters(card, "cold-spring").commit()


@asynccontextmanager
async def explored(card: str) -> AsyncIterator[tuple[Pilot[Any], GameScreen]]:
    """Play a Preparation committed to `card`; Explore (the keep is taken for the player),
    the beat over: the pilot and the screen."""
    game = committed_to(card).start("preparation")
    async with played(game, PACE) as (pilot, screen):
        await pilot.press(str(screen.offered.index((act.Explore(), "")) + 1))
        await settle(pilot)
        assert "Taken for you:" in prompt(screen), prompt(screen)
        screen.decision_panel.settle_over()  # what its timer does once the beat is over
        await settle(pilot)
        assert [a for a, _ in screen.offered] == [act.Resolve()], screen.offered
        yield pilot, screen


@sync
async def test_a_lone_costly_option_after_a_keep_taken_for_you_marks_first() -> None:
    async with explored("root-tangle") as (pilot, screen):
        game = screen.game
        se = game.state.res["se"]
        await pilot.press("1")  # the double tap's second key: Root Tangle costs 2 SE
        await settle(pilot)
        assert game.state.res["se"] == se, prompt(screen)
        assert "1 marked: press 1 again" in prompt(screen), prompt(screen)
        await pilot.press("1")
        await settle(pilot)
        assert game.state.res["se"] == se - 2, prompt(screen)


@sync
async def test_the_window_after_cards_revealed_and_taken_lasts_until_one_is_taken() -> None:
    async with explored("root-tangle") as (pilot, screen):
        game = screen.game
        screen.decision_panel.careful_over()  # what a clock would do: none runs now
        await settle(pilot)
        se = game.state.res["se"]
        await pilot.press("1")
        await settle(pilot)
        assert game.state.res["se"] == se, prompt(screen)
        assert "until one is taken" in prompt(screen), prompt(screen)


@sync
async def test_keys_moved_while_rounds_passed_say_the_options_changed() -> None:
    # Rounds passing on their own (the roll animation on) clear the options for their
    # "Rounds pass on their own…": the options after them were compared with none, and a
    # weapon changed meanwhile (crafted here; a DISARM in a round) said nothing of it.
    game = forge()
    async with played(game) as (pilot, screen):
        screen.decision_panel.clear(skip_words(3.0))
        screen.session.apply(act.Craft("base:maul"))  # what passed meanwhile
        screen.refresh_all()  # what the end of the rounds does (GameScreen.finish)
        await settle(pilot)
        assert game.state.weapons[-1] == "base:maul"
        assert "Options changed" in prompt(screen), prompt(screen)
