"""#28 round 29 (29a-19): resized to 120x40 on the death screen, its header reflowed but "How
it ended" kept the rows it was wrapped to for 80 columns, half the screen empty. Its entries
wrap at the width they are shown at, again on each resize, still under their hanging
indent and whole."""

from __future__ import annotations

from pilot import settle, sync
from test_round27_death_indent import RULES, SINCE, how_it_ended, lost_game

from unbroken.tui.app import UnbrokenApp
from unbroken.tui.gameover import GameOverScreen


@sync
async def test_how_it_ended_wraps_again_at_the_width_shown() -> None:
    app = UnbrokenApp(RULES, animate=False, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(GameOverScreen(lost_game(), since=SINCE))
        await settle(pilot)
        narrow = how_it_ended(app)
        assert max(len(row) for row in narrow) <= 76, narrow
        for width, height in ((120, 40), (80, 24), (120, 40)):
            await pilot.resize_terminal(width, height)
            await settle(pilot)
            rows = how_it_ended(app)
            longest = max(len(row) for row in rows)
            assert (longest > 80) == (width > 80) and longest <= width - 4, rows
            # Back at 80 columns, the rows it had; wider, fewer rows.
            assert rows == narrow if width == 80 else len(rows) < len(narrow), rows
            # Each line whole and in order.
            said = " ".join(" ".join(rows).split())
            assert said.endswith(" ".join(SINCE)), said
            assert len([row for row in rows if row.startswith("  You attack")]) == 4, rows
