"""#28 playtest round 31, 31b-3: level 1, 1 time left, row 7 read "7. Scout: pay 1 SE + 1
time, reveal the mon…": its warning "— ⚠ time runs out: the monster ambushes you" was cut,
seen only with the highlight on it, and `7` on a question older than 3 s took it at once,
the ambush unwarned. A cut row keeps its warning; such an option's first key marks it."""

from __future__ import annotations

from pilot import CAREFUL, key_of, marks, played, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.option_rows import DecisionList, fit_options
from unbroken.words.warning_keeps import keep_warnings


def last_time() -> Scenario:
    """Level 1's Preparation with 1 time left: Scout (1 time) runs the track out."""
    return Scenario("huckdorf", seed=3).resources(se=10, time=1)


@sync
async def test_a_cut_row_keeps_its_warning() -> None:
    game = last_time().start("preparation")
    async with played(game, CAREFUL) as (_pilot, screen):
        decisions = screen.query_one(DecisionList)
        index = next(i for i, (a, _) in enumerate(screen.offered) if a == act.Scout())
        row = decisions.row_shown(index)
        assert decisions.is_cut(index), row  # the list lacks room for it whole
        # Its own words cut first, the warning said at its end, short where the list
        # lacks room ("7. Scout: pay 1 SE + 1 time… — ⚠ ambush" at 80x24).
        assert "\n" not in row and row.startswith("7. Scout: pay 1 SE"), row
        assert row.endswith("ambush") and " — ⚠ " in row, row


def test_a_warning_said_short_where_the_row_lacks_room_for_it_whole() -> None:
    line = (
        "7. Scout: pay 1 SE + 1 time, reveal the monster"
        " — ⚠ time runs out: the monster ambushes you"
    )
    rows = fit_options([line, "1. Explore", "2. Rest"], 50, 3)
    assert rows[0].endswith("— ⚠ time runs out: ambush"), rows
    assert rows[0].startswith("7. Scout: pay 1 SE"), rows
    assert max(len(r) for r in rows) <= 50, rows
    # Whatever cuts the rest, the warning ends the row (any width a row can have).
    for width in range(30, len(line)):
        cut = keep_warnings(line, width, lambda text, room: text[: room - 1] + "…")
        assert len(cut) <= width and "⚠ " in cut, (width, cut)


@sync
async def test_an_option_that_ambushes_marks_first_whatever_the_time() -> None:
    game = last_time().start("preparation")
    async with played(game, CAREFUL) as (pilot, screen):
        scout = key_of(screen, act.Scout)  # no window open: other keys take at once
        await marks(pilot, screen, scout)
        assert "Time runs out" in str(screen.query_one("#detail").render()), prompt(screen)
        await pilot.press(scout)
        await settle(pilot)
        assert game.state.monster, prompt(screen)
