"""Playtest round 7 (#30): one number for one position, "costly" only where what is measured
says so, and an option stopped early never reading as high as the best."""

from __future__ import annotations

from unbroken.advisor.analysis import Analysis, Choice
from unbroken.advisor.chances import Figure
from unbroken.advisor.estimator import Weighing
from unbroken.cli.analyze import text_report
from unbroken.play.text_odds import table
from unbroken.tui.odds import odds_text


def _race_with_a_tie_halved_away() -> Weighing:
    # Three options on 16 futures: 1 (k=0) and 3 (k=2) won the same 6, 2 (k=1) won 9 of
    # them; of three the better half goes on, so 3 (tied with 1, later in the order) is
    # halved away; 2 then falls clearly behind at 32. 1 plays on to 100 futures; its
    # chance on 100 of its own reads 38 %.
    six, nine = (1 << 6) - 1, (1 << 9) - 1
    wins = (six | (((1 << 36) - 1) << 16), nine, six)
    return Weighing(wins, (100, 32, 16), best=0, fresh=(1 << 38) - 1, fresh_games=100)


def test_a_stopped_option_never_reads_as_high_as_the_best() -> None:
    """Round 7: "[38% stopped]" beside the best's "[38% 23-55]": stopped for being behind,
    it read as high as the best in the game, `unbroken play`, analyze and the viewer."""
    race = _race_with_a_tie_halved_away()
    best, other, tied = race.shown_all
    assert race.difference(2).mean == 0 and tied.stopped  # nothing lost on its 16 futures
    # In the game's lines: a bound, "behind", never the best's own figure; 2, which lost
    # 41 points on its 32 futures, its figure below the best's (38 less 41: 0).
    assert [odds_text(f) for f in race.shown_all] == ["[38% 29-48]", "[0% behind]", "[≤38% behind]"]
    for figure in (other, tied):
        assert figure.stopped and odds_text(figure) != odds_text(best)
        assert figure.at_most or figure.rate < best.rate
        assert figure.percent() != best.percent() and figure.high <= best.rate
    # `unbroken play`: "≤ 38 %", stopped early, behind.
    printed = table(["Explore", "Rest", "Scout"], [0, 1, 2], race).splitlines()
    assert printed[3].startswith("   3. ≤ 38 %") and "(stopped early, behind, at 16)" in printed[3]
    assert "38 % (29-48)" in printed[1]
    # analyze's Taken column and the figure kept for the viewer: the same bound.
    choice = Choice(
        7, 1, "preparation", 3, "Scout", "Explore", "Explore",
        race.chance, race.shown(2), race.difference(2),
    )  # fmt: skip
    row = text_report(Analysis(100, 20, 9, "won", [choice]), "a game").splitlines()[5]
    assert row.startswith("    7   1  38 % ≤38 %     -  Scout")
    kept = Choice.from_json(choice.as_json())
    assert kept.chance_taken == choice.chance_taken and kept.chance_taken.percent() == "≤ 38 %"


def test_a_figure_without_the_flags_keeps_reading_as_before() -> None:
    # An analysis kept before the flags: no "stopped" nor "at_most" keys, read as plain.
    figure = Figure.from_json({"chance": 0.3, "low": 0.2, "high": 0.4, "games": 16})
    assert not figure.stopped and not figure.at_most and figure.percent() == "30 % (20-40)"
