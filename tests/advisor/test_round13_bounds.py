"""#28 playtest round 13: "clearly ahead of 2 by 8 points (0 to 15)" and "about equal … by 8
(0 to 15)" — an interval's end that rounds to 0 hid which side of 0 it was on."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from unbroken.advisor import Difference
from unbroken.advisor.paired import bound


def test_an_end_that_rounds_to_0_says_its_side() -> None:
    assert [bound(x) for x in (0.004, -0.003, 0.0, 0.15, -0.2)] == ["1", "-1", "0", "15", "-20"]
    # Nearer 0 still: its side shows, never "-0" (#28 round 14), and in whole points as
    # every other end (round 16: "-0.07" beside whole points; round 24: "(-0.2 to 18)").
    assert [bound(x) for x in (-0.0007, -0.0004, 0.0003, -0.00002, -1e-12)] == [
        "-1",
        "-1",
        "1",
        "-1",
        "0",
    ]
    # Clamped to the possible range of a difference of chances.
    assert [bound(x) for x in (1.2, -1.05)] == ["100", "-100"]


@given(
    ahead=st.integers(0, 60), behind=st.integers(0, 60), games=st.integers(1, 100)
)  # fmt: skip
def test_a_clearly_better_difference_never_prints_a_low_end_of_0_or_less(
    ahead: int, behind: int, games: int
) -> None:
    d = Difference(ahead, behind, max(games, ahead + behind))
    low = float(re.findall(r"\((-?[\d.]+) to", d.points())[0])
    assert (low > 0) == d.better or d.low == 0, (d.points(), d.interval)
