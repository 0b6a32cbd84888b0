"""#28 round 29 (29a-19): resized to 120x40 on the death screen, its header reflowed but "How
it ended" kept the rows it was wrapped to for 80 columns, half the screen empty. Its entries
wrap at the width they are shown at, again on each resize, still under their hanging
indent and whole."""

from __future__ import annotations

from pilot import settle, sync

from unbroken.core.game import Game
from unbroken.core.reducer import fold
from unbroken.plugins import load_ruleset
from unbroken.replay.timeline import Timeline
from unbroken.testing import GOLDEN_DIR
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.gameover import GameOverScreen

RULES = load_ruleset()
#: Tomu at 0 SE, whose last decision was taken for him: a death at level 1.
LOST = GOLDEN_DIR / "normal_tomu_seed1811464556580010651_lost.jsonl"
SINCE = [
    "You attack with Bare Hands: Punch (wounding 1). Power Through [Brawler] could "
    "respond, but no ability use is left this level and you cannot pay its 1 ME.",
    "Taken for you: Skip your turn — you cannot pay any attack: your turn is skipped.",
] * 4


def how_it_ended(app: UnbrokenApp) -> list[str]:
    """Return the rows of "How it ended" as drawn."""
    result = app.screen.query_one("#result")
    rows = [result.render_line(y).text.rstrip() for y in range(result.size.height)]
    first = rows.index("How it ended:") + 1
    return rows[first : rows.index("", first)]


@sync
async def test_how_it_ended_wraps_again_at_the_width_shown() -> None:
    timeline = Timeline(LOST, RULES)
    events = [e for i in range(len(timeline)) for e in timeline.events_at(i)]
    game = Game(RULES, fold(events), events)
    app = UnbrokenApp(RULES, animate=False, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(GameOverScreen(game, since=SINCE))
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
