"""#28 playtest round 31: the log panel (31b-9, 31b-10)."""

from __future__ import annotations

from pilot import game_screen_of, sync
from test_round29_log import SAID

from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.newest_log import TAIL, NewestLog

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


def panel_rows(log: NewestLog) -> list[str]:
    """Return the log panel's rows as drawn."""
    height = log.scrollable_content_region.height
    return [log.render_line(y).text.rstrip() for y in range(height)]


@sync
async def test_the_newest_line_ends_at_the_bottom_row_a_tail_on_top_marked() -> None:
    # 31b-10: a blank row at the bottom of the log, the newest line one row above it (the
    # lines moved up over a tail begun above, round 30), after a resize and otherwise.
    no_hints()
    game = Scenario("tomu").resources(se=10, time=9).start()
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    firsts = {" ".join(line.split()[:3]) for line in SAID}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen_of(app)
        log = screen.query_one("#log", NewestLog)
        marked = 0
        for n in range(16):  # the lines' rows fall at every offset against the panel's top
            screen.write(SAID[n % len(SAID)], SAID[(n * 3 + 1) % len(SAID)])
            if n == 10:
                await pilot.resize_terminal(80, 24)
            await pilot.pause()
            await pilot.pause()
            rows = panel_rows(log)
            if len(log.lines) <= len(rows):
                continue
            assert rows[-1] and rows[0], rows  # no blank row above the text, nor under it
            newest = SAID[(n * 3 + 1) % len(SAID)]
            assert newest.endswith(rows[-1].split()[-1]), (newest, rows)
            firsts |= {" ".join(line.split()[:3]) for line in screen.said}
            top = " ".join(rows[0].split()[:3]) in firsts
            assert top or rows[0].startswith(TAIL), rows  # a tail begun above says so
            marked += rows[0].startswith(TAIL)
        assert marked, "no tail on top to mark"
