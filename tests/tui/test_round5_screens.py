"""#28 playtest round 5: what a README-only player found on the screens at 80x24."""

from __future__ import annotations

from pilot import game_screen_of, sync

from unbroken.core.state import StepName
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.hints import HINTS

RULES = load_ruleset()


@sync
async def test_a_cut_first_game_hint_is_written_in_the_log_once() -> None:
    # The crowded first Preparation's hint was cut again as the options were fitted, and
    # written whole in the log at each cut: two or three times.
    app = UnbrokenApp(RULES, animate=False, game=Scenario("helena").start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(80, 23)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        said = game_screen_of(app).said
        hint = f"First game: {HINTS[StepName.PREPARATION]}"
        assert said.count(hint) == 1, [line for line in said if line.startswith("First")]
