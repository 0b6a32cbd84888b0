"""#28 playtest round 33 (33a-8): a key of no option (`3` at "Keep one skill" with two
options) did nothing, silently, where other keys refused say why in the notice line."""

from __future__ import annotations

from pilot import played, prompt, settle, sync

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.hints import HintBox
from unbroken.tui.option_rows import OPTION_KEYS


@sync
async def test_a_key_past_the_options_says_which_keys_there_are() -> None:
    assert save_settings(Settings(hints=False)) == ""
    for at in ("exploration", "battle", "preparation"):
        game = Scenario("tomu", seed=3).resources(se=20).start(at)
        async with played(game) as (pilot, screen):
            n = len(screen.offered)
            key = OPTION_KEYS[n]
            before = prompt(screen), game.state
            await pilot.press(key)
            await settle(pilot)
            assert (prompt(screen), game.state) == before  # nothing taken, nothing marked
            notice = str(screen.query_one(HintBox).render())
            ranges = {2: "1-2", 8: "1-8", 10: "1-9, 0", 11: "1-9, 0, a", 12: "1-9, 0, a-b"}
            assert f"{key}: no option {key} here ({ranges.get(n, '?')})" in notice, (n, notice)
