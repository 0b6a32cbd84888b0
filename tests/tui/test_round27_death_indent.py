"""Round 27's playtest (#28, 27a-18): the death screen's log lines wrapped back to the
screen's edge, two columns left of their entry's first row, and read as entries of their
own. Each wraps under a hanging indent: its continuation rows further in than its first."""

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
#: The playtest's lines, as the game screen's log said them since the last key.
SINCE = [
    "You attack with Bare Hands: Punch (wounding 1). Power Through [Brawler] could "
    "respond, but no ability use is left this level and you cannot pay its 1 ME.",
    "Taken for you: Skip your turn — you cannot pay any attack: your turn is skipped.",
] * 4


def indent(row: str) -> int:
    return len(row) - len(row.lstrip(" "))


def lost_game() -> Game:
    """Return the game of `LOST` at its end (Tomu's death at level 1)."""
    timeline = Timeline(LOST, RULES)
    events = [e for i in range(len(timeline)) for e in timeline.events_at(i)]
    return Game(RULES, fold(events), events)


def how_it_ended(app: UnbrokenApp) -> list[str]:
    """Return the rows of the death screen's "How it ended" as drawn."""
    result = app.screen.query_one("#result")
    rows = [result.render_line(y).text.rstrip() for y in range(result.size.height)]
    first = rows.index("How it ended:") + 1
    return rows[first : rows.index("", first)]


@sync
async def test_the_death_screens_wrapped_lines_hang_under_their_entry_at_80x24() -> None:
    app = UnbrokenApp(RULES, animate=False, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(GameOverScreen(lost_game(), since=SINCE))
        await settle(pilot)
        section = how_it_ended(app)
        # The loss said plainly (bold, its rows even), then the log's lines.
        starts = [i for i, row in enumerate(section) if row.startswith("  You attack")]
        assert len(starts) == 4, section
        entry = 0
        for row in section[starts[0] :]:
            if any(line.startswith(row.strip()) for line in SINCE):
                entry = indent(row)
                assert entry == 2, section
            else:  # a continuation: further in than its entry, never at the edge
                assert indent(row) > entry, section
        # Each line whole, in order: nothing lost to the wrapping.
        said = " ".join(" ".join(section[starts[0] :]).split())
        assert said == " ".join(SINCE), said
