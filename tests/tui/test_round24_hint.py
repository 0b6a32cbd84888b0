"""#28 playtest round 24: the first game's hint went for good after `%` (its time ran out
while the odds were read). The odds put the hint aside, its time held; hidden again, they
bring it back if it is still unread."""

from __future__ import annotations

from pilot import hint_box, played, settle, sync

from unbroken.core.state import StepName
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.hints import HINTS

RULES = load_ruleset()


@sync
async def test_the_hint_comes_back_when_the_odds_are_hidden() -> None:
    game = Scenario("tomu", seed=3).start("preparation")
    async with played(game) as (pilot, screen):
        box = hint_box(screen, StepName.PREPARATION)
        await pilot.press("percent_sign")
        await settle(pilot)
        assert box.text == "", box.text  # put aside, its time held: the odds take its rows
        await pilot.press("percent_sign")
        await settle(pilot)
        assert box.text == HINTS[StepName.PREPARATION], box.text
