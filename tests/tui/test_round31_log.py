"""#28 playtest round 31: the log panel (31b-9, 31b-10)."""

from __future__ import annotations

from pilot import game_screen_of, sync
from test_round29_log import SAID

from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.newest_log import NewestLog

RULES = load_ruleset()


def no_hints() -> None:
    from unbroken.home.settings import Settings, save_settings

    assert save_settings(Settings(hints=False)) == ""  # the log's rows, no hint's


@sync
async def test_the_log_is_at_its_newest_line_as_soon_as_it_is_written() -> None:
    # 31b-9: right after "Taken for you" the log stopped at "Skills drawn (level 3's
    # skill): Iron Grip," with its scrollbar mid-way, and caught up a second later: its
    # scroll waited for the next refresh, the step drawn before it.
    no_hints()
    game = Scenario("tomu").resources(se=10, time=9).start()
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen_of(app)
        log = screen.query_one("#log", NewestLog)
        for n in range(8):
            screen.write(*(SAID[(n + k) % len(SAID)] for k in range(3)))
            # no refresh between: the frame that draws the step
            assert log.scroll_offset.y == log.max_scroll_y > 0, (n, log.scroll_offset)
            await pilot.pause()
