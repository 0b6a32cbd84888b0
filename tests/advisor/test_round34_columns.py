"""Round 34 (34a-6): analyze's row "18   2  74 % (65-82)   30 % (6-62)     38!" with
"Rest instead: +38 points (7 to 60)" under it: 74 less 38 is 36, not 30, and nothing on the
row said why (the viewer read the same). The race had ended early, after 16 futures with
Rest alone ahead: the draw played as many futures as Rest, so it was not "stopped", yet its
figure allows for Rest's luck on those few futures (round 25's rule), while Lost is the
paired loss there. The row now says the race ended early, and why its two columns differ.
"""

from __future__ import annotations

from unbroken.advisor.analysis import Analysis
from unbroken.advisor.chances import Figure
from unbroken.advisor.choice import Choice
from unbroken.advisor.estimator import RaceEnd, Weighing
from unbroken.cli.analyze import text_report
from unbroken.tui.chart_words import head_words

# Round 25's race (Helena, Normal, decision 35: the skill draw against Rest): it ended
# "alone" after 32 futures, both options on all 32; Rest's chance 31 of 100 of its own.
DRAW = 0b10000100100100001000000
REST = 0b11100110101000111010110100001
FRESH = 0xC03008062580F08820046F372


def _race(ended: RaceEnd) -> Weighing:
    return Weighing((DRAW, REST), (32, 32), best=1, ended=ended, fresh=FRESH, fresh_games=100)


def _choice(race: Weighing) -> Choice:
    return Choice(
        35, 2, "resolve_or_rest", 2,
        "Resolve Trial and Error: 2 SE -> draw 2 skills and keep one (time 5)",
        "Rest: gain 5 SE (time 5)", "Rest: gain 5 SE (time 5)",
        race.chance, race.shown(0), race.difference(0),
        "pays 2 SE", "gains 5 SE, loses 5 time",
    )  # fmt: skip


def test_a_figure_of_a_race_that_ended_early_says_so() -> None:
    early = _race(RaceEnd.ALONE).shown(0)
    assert early.early and not early.stopped
    assert Figure.from_json(early.as_json()) == early  # kept for analyze and the viewer
    assert not _race(RaceEnd.BUDGET).shown(0).early  # played to its 100: the paired figure
    assert not _race(RaceEnd.ALONE).shown(1).early  # the best's is the chance itself


def test_the_row_says_why_taken_is_not_chance_less_lost() -> None:
    choice = _choice(_race(RaceEnd.ALONE))
    chance, taken = round(100 * choice.before.rate), round(100 * choice.chance_taken.rate)
    lost = round(choice.loss)
    assert chance - lost != taken  # 31 % less 31 points, yet Taken reads above 0
    verdict = choice.verdict()
    assert verdict.startswith(f"Rest instead: +{lost} points ("), verdict
    assert f"on 32 futures, the race ended early: this option's {taken} % is not {chance} %" in (
        verdict
    )
    assert f"less these {lost} points, as it allows for how Rest did on those 32 futures" in (
        verdict
    )
    # Analyze's row carries it (its verdict under the row at 80 columns).
    analysis = Analysis(100, 20, 2, "won", [choice])
    report = " ".join(text_report(analysis, "a game", 80, True).split())
    assert "the race ended early: this option's" in report
    # And the viewer's words at the decision.
    assert "the race ended early: this option's" in " ".join(head_words(analysis, 35).split())


def test_where_the_columns_add_up_nothing_more_is_said() -> None:
    choice = _choice(_race(RaceEnd.BUDGET))
    assert "ended early" not in choice.verdict() and "is not" not in choice.verdict()


def test_a_stopped_option_whose_columns_differ_says_why_too() -> None:
    """Decision 44 of the same game: "70 %  43 %  34!" and "Focus instead: +34 points (13 to
    52) on 32 futures, stopped early": 70 less 34 is 36, not 43."""
    best = 0b1111111111110000 | (((1 << 30) - 1) << 16)  # 12 of the first 16 won
    race = Weighing((0b1011, best), (16, 64), best=1, fresh=(1 << 60) - 1, fresh_games=100)
    choice = _choice(race)
    assert choice.chance_taken.stopped
    chance, taken = round(100 * choice.before.rate), round(100 * choice.chance_taken.rate)
    assert chance - round(choice.loss) != taken
    assert f"stopped early: this option's {taken} % is not {chance} %" in choice.verdict()


def test_analyzes_header_names_a_race_that_ended_early() -> None:
    out = " ".join(text_report(Analysis(100, 20, 1, "won", []), "a game", None).split())
    assert "(Chance less Taken unless the race stopped it or ended early" in out
