"""Round 35's playtest (#28, 35b-9): "this game looks lost" at a decision whose range
reached 4 %, then "6 % (3-12)" at the next: not said while the range's top is above 0."""

from __future__ import annotations

from unbroken.advisor import Difference, Estimate
from unbroken.advisor.analysis import Choice
from unbroken.advisor.chances import Figure
from unbroken.advisor.estimator import Weighing
from unbroken.advisor.verdict import LOST, LOST_FOR_SURE


def _hopeless(games: int) -> Choice:
    none = Estimate(0, games)
    return Choice(
        48, 5, "player_turn", 3, "Skip your turn", "Attack with Pry", "Attack with Pry",
        none, Figure.of(none), Difference(0, 0, games),
    )  # fmt: skip


def test_no_future_won_but_a_range_above_0_is_not_called_lost() -> None:
    said = _hopeless(100).verdict()
    assert Estimate(0, 100).percent() == "0 % (0-4)"
    assert said == f"{LOST} (up to 4%: a lucky roll can still lift it)", said
    assert "looks lost" not in said
    # `%` and `unbroken play` say it the same way.
    race = Weighing((0, 0), (100, 100), best=0, fresh=0, fresh_games=100)
    assert race.ranking(lambda k: str(k + 1)) == said


def test_looks_lost_only_where_the_range_s_top_reads_0() -> None:
    assert Estimate(0, 2000).percent() == "0 % (0-0)"
    assert _hopeless(2000).verdict() == LOST_FOR_SURE
    assert "looks lost" in LOST_FOR_SURE
