"""A verdict names options inside its sentence: an option whose line ends in a full stop
(a skill's text: "Forage [Hunter] (…): Spend 2 time to gain 1 food.") read ".;" and
". instead" in `unbroken analyze` and the viewer (#30, tidy)."""

from __future__ import annotations

import re

import pytest

from unbroken.advisor.analysis import Analysis
from unbroken.advisor.chances import Estimate, Figure
from unbroken.advisor.choice import Choice
from unbroken.advisor.option_names import in_sentence
from unbroken.advisor.paired import Difference
from unbroken.board.pages.chart import _weighed, chance_chart
from unbroken.cli.analyze import text_report

FORAGE = "Forage [Hunter] (pay 2 time, 1 ability use): Spend 2 time to gain 1 food."
PEEK = "Take a Peek [Sneak] (1 ability use): The next Exploration step reveals 1 more card."
#: A full stop followed by more of the sentence (not the end of it).
INSIDE = re.compile(r"\.[;:,]| \.|\. [a-z(]")


def _choice(taken: str, best: str, against: Difference, led_to: Estimate | None) -> Choice:
    before = Estimate(60, 100)
    return Choice(
        7,
        2,
        "travel",
        3,
        taken,
        best,
        best,
        before,
        Figure.of(Estimate(50, 100)),
        against,
        "",
        "",
        led_to,
    )


CASES = {
    # taken, best, paired difference (ahead, behind, games), the position it led to
    "about equal, where it led": (PEEK, FORAGE, Difference(3, 4, 100), Estimate(50, 100)),
    "about equal, read low": (PEEK, FORAGE, Difference(3, 4, 100), Estimate(90, 100)),
    "clearly worse": (PEEK, FORAGE, Difference(0, 30, 100), None),
    "clearly worse, certain": (PEEK, FORAGE, Difference(0, 30, 100), Estimate(20, 100)),
    "same short name": (FORAGE + " x", FORAGE, Difference(0, 30, 100), None),
    "the best, where it led": (FORAGE, FORAGE, Difference(0, 0, 100), Estimate(40, 100)),
    "the bot's line only": (PEEK, FORAGE, Difference(0, 30, 100), Estimate(70, 100)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_verdict_has_no_full_stop_inside_its_sentence(case: str) -> None:
    taken, best, against, led_to = CASES[case]
    verdict = _choice(taken, best, against, led_to).verdict()
    assert not INSIDE.search(verdict), verdict


def test_the_option_keeps_its_words_without_its_closing_full_stop() -> None:
    verdict = _choice(PEEK, FORAGE, Difference(3, 4, 100), Estimate(50, 100)).verdict()
    assert "about equal to " + FORAGE[:-1] + "; where this led reads" in verdict
    assert in_sentence(FORAGE) == FORAGE[:-1]
    assert in_sentence("Rest") == "Rest"
    assert in_sentence("Wait…") == "Wait…"


def test_the_reports_name_options_without_a_full_stop_inside() -> None:
    worse = _choice(PEEK, FORAGE, Difference(0, 30, 100), None)
    analysis = Analysis(100, 20, 9, "lost", [worse])
    weighed = _weighed(analysis, worse.n - 1)
    assert "food.:" not in weighed and "food: 60" in weighed, weighed
    chart = chance_chart(1, analysis, 0)  # the costly dot's title names the option taken
    assert "more card lost 30 points" in chart, chart
    report = text_report(analysis, "a game")
    assert not INSIDE.search(report.split("Summary\n", 1)[1]), report
    short = _choice("Rest.", FORAGE, Difference(0, 30, 100), None)  # a line short enough
    row = text_report(Analysis(100, 20, 9, "lost", [short]), "a game").split("verdict\n")[1]
    assert " Rest: Forage [Hunter]" in row.splitlines()[0], row
