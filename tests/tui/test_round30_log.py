"""Round 30's playtest (#28): the log panel leaves no blank rows above its text (30a-4,
30b-5: the tail of a line begun above was left blank) and its lines keep a column's gap
before its scrollbar, the game's and the replay viewer's (30a-16: "Slithering Snake.██",
"spent in██")."""

from __future__ import annotations

from pathlib import Path

import pytest
from bar_gap import gap_before_the_bar
from pilot import game_screen_of, sync
from test_round29_log import SAID

from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.newest_log import TAIL, NewestLog
from unbroken.tui.replays import ReplayViewerScreen

RULES = load_ruleset()
SHORT = Path(__file__).parents[2] / "replays" / "normal_tomu_seed1811464556580010651_lost.jsonl"


def no_hints() -> None:
    from unbroken.home.settings import Settings, save_settings

    assert save_settings(Settings(hints=False)) == ""  # the log's rows, no hint's


def beside_the_bar(log: NewestLog) -> int:
    """Return the columns beside the log's scrollbar, shown or not."""
    bar = 0 if log.show_vertical_scrollbar else log.styles.scrollbar_size_vertical
    return log.scrollable_content_region.width - bar


@sync
async def test_no_blank_rows_above_the_logs_text() -> None:
    no_hints()
    game = Scenario("tomu").resources(se=10, time=9).start()
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        screen = game_screen_of(app)
        log = screen.query_one("#log", NewestLog)
        moved = 0
        for n in range(12):  # the lines' rows fall at every offset against the panel's top
            screen.write(SAID[n % len(SAID)], SAID[(n * 3 + 1) % len(SAID)])
            await pilot.pause()
            await pilot.pause()
            height = log.scrollable_content_region.height
            rows = [log.render_line(y).text.rstrip() for y in range(height)]
            text = [row for row in rows if row]
            # the text from the top row down to the bottom (31b-10: no blank rows under
            # the newest line either), a tail begun above marked as such
            assert rows == text, rows
            moved += rows[0].startswith(TAIL)
        assert moved  # a line's tail was there to mark


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_game_logs_lines_keep_a_gap_before_its_scrollbar(size: tuple[int, int]) -> None:
    @sync
    async def run() -> None:
        no_hints()
        game = Scenario("tomu").resources(se=10, time=9).start()
        app = UnbrokenApp(RULES, animate=False, game=game, record=False)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = game_screen_of(app)
            log = screen.query_one("#log", NewestLog)
            room = beside_the_bar(log)
            # lines as wide as the room beside the scrollbar, a column less and wider
            for n in range(22):  # the newest as wide as the room
                line = " ".join(SAID * 3)[: room - 1 + n % 4]
                screen.write(f"{line[:-1]}.")
                await pilot.pause()
            await pilot.pause()
            gap_before_the_bar(screen, log)

    run()


@sync
async def test_the_viewers_log_keeps_a_gap_before_its_scrollbar() -> None:
    app = UnbrokenApp(RULES, animate=False, record=False, replay=SHORT)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        log = viewer.query_one("#log", NewestLog)
        room = beside_the_bar(log)
        for n in range(30):  # the newest as wide as the room
            line = " ".join(SAID * 3)[: room - 1 + n % 4]
            log.write(f"{line[:-1]}.")
        await pilot.pause()
        await pilot.pause()
        gap_before_the_bar(viewer, log)
