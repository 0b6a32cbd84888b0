"""#28 round 29 (29a-17): the Display's "level 2 starts at 22" beside "7 left" was explained
only by help's search ("starts at"); `i` had no entry for it. `i` lists the time track's rule
wherever the Display shows the next level's start (levels 1 to 3), and its entry says what
the figure is."""

from __future__ import annotations

from unbroken.testing import Scenario
from unbroken.tui.in_view import cards_in_view
from unbroken.tui.rule_terms import BY_ID, terms_named


def test_i_lists_the_time_track_where_the_display_says_the_next_levels_start() -> None:
    for level in (1, 2, 3):
        game = Scenario("tomu", level=level).start("preparation")
        assert "rule:time-track" in terms_named(game), level
        assert "rule:time-track" in dict(cards_in_view(game))["Named"]
    game = Scenario("tomu", level=4).start("preparation")  # no track at level 4 (R-RES-7)
    assert "rule:time-track" not in terms_named(game)


def test_the_entry_says_what_the_next_levels_figure_is() -> None:
    said = " ".join(BY_ID["rule:time-track"].lines)
    assert '"level 2 starts at 22" is the time the next level\'s track starts with' in said
    assert "22 ↺ for level 2" in said
