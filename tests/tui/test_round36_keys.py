"""#28 playtest round 36's keys and notices: "4 not marked: no use now; again marks it"
went with the careful window's cue 3 s on, and the key looked dead (36a-2); a committed
Exploration's only option, of no use now, took three keys (36a-3); the first highlight
skipped a card kept only to rest on, which is of use (36a-4)."""

from __future__ import annotations

from pilot import CAREFUL, key_of, marks, played, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.option_rows import OPTION_KEYS


def no_use_inspiration() -> Scenario:
    """The Preparation with Inspiration of no use now (no ME to spend: 2 LE for 1 LE)."""
    return Scenario("tomu", seed=3).resources(se=13, me=0, le=3)


@sync
async def test_a_dropped_key_s_notice_stays_once_the_window_s_time_is_over() -> None:
    game = no_use_inspiration().start("preparation")
    async with played(game, CAREFUL) as (pilot, screen):
        panel = screen.decision_panel
        panel.open_careful("new")
        panel.draw()
        key = key_of(screen, act.Inspiration)
        await pilot.press(key)
        await settle(pilot)
        assert f"{key} not marked: no use now; again marks it." in prompt(screen)
        panel.careful_over()  # the window's 3 s over, no key since
        await settle(pilot)
        said = prompt(screen)
        assert f"{key} not marked: no use now; again marks it." in said, said
        await marks(pilot, screen, key)  # the state kept: the key again marks it, as said
