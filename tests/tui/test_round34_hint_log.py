"""Round 34 (#28, play34b, 34b-4): a first game's Preparation hint was written twice in the
full log (`l`). The hint, cut to its rows, is kept whole in the full log the first time it
is shown; a notice over it ("Not now: …", from a dimmed option's key) gave it back when it
went, and the hint shown again was kept again."""

from __future__ import annotations

import asyncio

from pilot import played, settle, sync

from unbroken.core.state import StepName
from unbroken.testing import Scenario
from unbroken.tui.hints import HINTS, HintBox
from unbroken.tui.option_rows import OPTION_KEYS


@sync
async def test_a_hint_back_after_a_notice_is_not_written_again_in_the_full_log() -> None:
    game = Scenario("helena", level=1).start("preparation")  # options to every row: cut
    async with played(game) as (pilot, screen):
        box = screen.query_one(HintBox)
        hint = f"First game: {HINTS[StepName.PREPARATION]}"
        assert box.text == HINTS[StepName.PREPARATION] and screen.said.count(hint) == 1
        dimmed = next(i for i, (_, why) in enumerate(screen.offered) if why)
        await pilot.press(OPTION_KEYS[dimmed])  # "Not now: …" over the hint
        await settle(pilot)
        assert box.text.startswith("Not now"), box.text
        box.expire()  # the notice's time over: the hint comes back
        await settle(pilot)
        assert box.text == HINTS[StepName.PREPARATION], box.text
        await asyncio.sleep(0)
        assert screen.said.count(hint) == 1, screen.said
