"""Round 29's playtest (#28, 29b-13): the log panel's top row is a line's first row, not
the tail of a wrapped line ("used.", "Idol."), or that tail marked as such ("▏…used.",
round 31's 31b-10)."""

from __future__ import annotations

from pilot import game_screen_of, sync
from textual.widgets import RichLog

from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.newest_log import TAIL

RULES = load_ruleset()
#: Lines of the log, of one to three rows each at 80x24, as the game says them.
SAID = [
    "You resolve Forgotten Purse. You gain 2 treasure [Forgotten Purse].",
    "Taken for you: Rest: gain 1 SE (time 1) — no ability use is left this level.",
    "The Ogre roars.",
    "You gain 1 cunning [Valuable Information]; the seed was 28451738036675305.",
    "You craft the Spear from 1 wood and 1 metal; the Club is set aside, under it, kept "
    "for the Scheme.",
]


@sync
async def test_the_log_panel_starts_on_a_lines_first_row() -> None:
    from unbroken.home.settings import Settings, save_settings

    assert save_settings(Settings(hints=False)) == ""  # the log's rows, no hint's
    game = Scenario("tomu").resources(se=10, time=9).start()
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        screen = game_screen_of(app)
        log = screen.query_one("#log", RichLog)
        firsts = {" ".join(line.split()[:3]) for line in SAID}
        seen_tail, heights = False, set()
        for n in range(12):  # the lines' rows fall at every offset against the panel's top
            screen.write(SAID[n % len(SAID)], SAID[(n * 3 + 1) % len(SAID)])
            await pilot.pause()
            await pilot.pause()
            height = log.scrollable_content_region.height
            assert 0 < height < len(log.lines)
            rows = [log.render_line(y).text.rstrip() for y in range(height)]
            shown = [row for row in rows if row]
            # A tail begun above is marked as such (31b-10: left out, the lines under it
            # moved up, it left a blank row under the newest).
            seen_tail |= rows[0].startswith(TAIL)
            starts = [" ".join(row.split()[:3]) in firsts for row in shown]
            # A line taller than the panel shows its tail, the newest row in sight.
            assert starts[0] or rows[0].startswith(TAIL) or not any(starts), rows
            heights.add(height)
            assert rows[0] or not any(rows), rows  # no blank rows above the text (30a-4)
        assert seen_tail, heights  # a tail was there to mark
