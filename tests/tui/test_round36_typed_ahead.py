"""#28 playtest round 36 (36b-4): "2 2" to keep a card that cannot be paid ("cannot pay:
rest, gain 3 SE"), then "2 2" to rest on it, at a player's pace: the Rest was taken for
the player, and the second pair marked and took "Fight the monster now" at the
Preparation (twice in one game). A pair typed ahead for the question before decisions
taken for the player takes nothing there: its first key marks, the second, right on it,
is refused, said; the same key later takes the option marked."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from pilot import key_of, played, prompt, settle, sync
from textual.pilot import Pilot

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.state import Phase
from unbroken.testing import Scenario
from unbroken.tui.hints import HintBox
from unbroken.tui.pace import PLAYERS

#: The player's pace; a pair's keys count as typed together for 3 s, so that a loaded
#: machine's slow keys are still a pair (a player's pair is a quarter second apart).
PAIRS = replace(PLAYERS, quick=3.0)
#: A player's time between the two keys of a pair.
IN_PAIR = 0.25


def goblins_unpaid() -> Scenario:
    """An Exploration whose second card, Starving Goblins, cannot be paid (no food)."""
    return (
        Scenario("tomu")
        .resources(se=10, me=0, le=0, food=0)
        .encounters("abandoned-hovel", "starving-goblins")
    )


async def pair(pilot: Pilot[Any], key: str) -> None:
    """Press `key` twice at a player's pace."""
    for wait in (0.0, IN_PAIR):
        await asyncio.sleep(wait)
        await pilot.press(key)


def fighting(game: Game) -> bool:
    """Return whether the battle has begun (Fight taken)."""
    return game.state.phase == Phase.COMBAT


@sync
async def test_a_pair_typed_ahead_over_a_rest_taken_for_you_does_not_fight() -> None:
    game = goblins_unpaid().start("exploration")
    async with played(game, PAIRS) as (pilot, screen):
        await asyncio.sleep(1.5)  # the cards read
        await pair(pilot, "2")  # kept: the Rest taken for the player, the Preparation asked
        await settle(pilot)
        assert "Taken for you: Rest" in prompt(screen), prompt(screen)
        assert key_of(screen, act.Fight) == "2", screen.offered
        await asyncio.sleep(PLAYERS.settle + 0.3)  # the beat over, as the tester's was
        await pair(pilot, "2")
        await settle(pilot)
        said = prompt(screen)
        notice = " ".join(str(screen.query_one(HintBox).render()).split())
        assert not fighting(game), said
        assert "2 marked: press 2 again" in said, said  # the mark stays
        assert "2 not taken: pressed right after its mark" in notice, notice
        await asyncio.sleep(PAIRS.quick)  # read: the key again takes it
        await pilot.press("2")
        await settle(pilot)
        assert fighting(game), prompt(screen)
