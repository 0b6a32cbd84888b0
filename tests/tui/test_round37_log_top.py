"""#28 playtest round 37 (37a-9): the log's top row, the tail of a line begun above it,
started "…" a column right of the stage's line: " • Gambling Goblins: 1 cunning ->
…Thrower, Quick Study." read as one line. The tail starts with a rule at the log's edge."""

from __future__ import annotations

from pilot import game_screen_of, sync
from rich.segment import Segment
from test_round29_log import SAID
from textual.strip import Strip

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.newest_log import RULE, TAIL, NewestLog, continued
from unbroken.tui.stage import StagePanel

RULES = load_ruleset()


@sync
async def test_a_tail_on_the_log_s_top_row_starts_with_a_rule_beside_the_stage() -> None:
    assert save_settings(Settings(hints=False)) == ""
    game = Scenario("tomu").resources(se=10, time=9).start()
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    firsts = {" ".join(line.split()[:3]) for line in SAID}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen_of(app)
        log = screen.query_one("#log", NewestLog)
        stage = screen.query_one(StagePanel)
        # the log's left edge is the column after the stage's (its text a column apart)
        assert log.region.x == stage.region.right, (log.region, stage.region)
        tails = 0
        for n in range(12):  # the lines' rows fall at every offset against the panel's top
            screen.write(SAID[n % len(SAID)], SAID[(n * 3 + 1) % len(SAID)])
            await pilot.pause()
            await pilot.pause()
            height = log.scrollable_content_region.height
            rows = [log.render_line(y).text.rstrip() for y in range(height)]
            if " ".join(rows[0].split()[:3]) in firsts:
                continue  # a line's first row on top
            tails += 1
            assert rows[0].startswith(TAIL), rows  # the rule, then "…"
            assert rows[0][len(TAIL)].isalnum(), rows  # then the tail's first word
            assert not any(row.startswith(RULE) for row in rows[1:]), rows
        assert tails, "no tail on top"


def test_a_tail_row_marked_without_a_wrap_keeps_the_rule_within_its_width() -> None:
    # `continued`: one word wider than the row, or rows wrapped at another width; a row
    # of the panel, a column wider than the log's lines wrap at.
    for text, width in (("x" * 40, 30), ("a short tail.", 30), ("y" * 29, 30)):
        row = continued(Strip([Segment(text)]).crop_extend(0, width + 1, None), width)
        assert row.text.startswith(TAIL), row.text
        assert len(row.text.rstrip()) <= max(width, len(text)), (row.text, width)
        if len(text) + len(TAIL) > width:
            assert len(row.text.rstrip()) == width and row.text.rstrip().endswith("…")
