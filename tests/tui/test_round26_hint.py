"""#28 playtest round 26 (26a-14): the first game's hint at the level 1 Exploration took 3
rows, cut ("… or rest … (l: all of it)"), and later the same hint 4 rows, whole, at 80x24.
A notice of 3 rows had covered it: the hint back (and any message in the box) took the
rows it needed, as the box is fitted only when the rows left to the options changed. It is
fitted to its rows every time it changes: under 30 rows, 3 rows, cut (README)."""

from __future__ import annotations

from pilot import hint_box, played, settle, sync

from unbroken.core.state import StepName
from unbroken.testing import Scenario
from unbroken.tui.hints import CUT, HINTS, SMALL_HINT_ROWS, HintBox

#: A notice of 3 rows in the box at 80x24, the hint's own: the rows above the log unchanged.
NOTICE = (
    "Not now: A Hard Lesson: 1 ME -> draw 2 skills and keep one (time 3) "
    "(cannot pay: rest, gain 3 SE)."
)
#: A notice longer than the box's rows.
LONG = " ".join(["A notice longer than three rows of the right column."] * 4)


def shown(box: HintBox) -> tuple[int, str]:
    """Return the rows the box takes on the screen, and what it says."""
    return box.region.height, str(box.render())


@sync
async def test_the_hint_back_after_a_notice_takes_its_rows_cut() -> None:
    game = Scenario("tomu", seed=3).start("exploration")
    async with played(game) as (pilot, screen):
        box = hint_box(screen, StepName.EXPLORATION)
        before = shown(box)
        assert before[0] == SMALL_HINT_ROWS and before[1].endswith(CUT), before
        screen.say(NOTICE)
        await settle(pilot)
        box.expire()  # the notice's time is over: the hint it covered comes back
        await settle(pilot)
        assert box.text == HINTS[StepName.EXPLORATION], box.text
        assert shown(box) == before


@sync
async def test_a_notice_longer_than_the_hint_s_rows_is_cut_to_them() -> None:
    game = Scenario("tomu", seed=3).start("exploration")
    async with played(game) as (pilot, screen):
        box = screen.query_one(HintBox)
        screen.say(LONG)
        await settle(pilot)
        rows, said = shown(box)
        assert rows == SMALL_HINT_ROWS and said.endswith(CUT), (rows, said)
