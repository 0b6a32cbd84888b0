"""Round 37 (37b-6): the replay viewer's words at a decision. (1) "the option you took led
for certain to 23 % (16-32)": "for certain" beside an interval read as a contradiction. (2)
"52 % … with its best option, 22 % (0-52) with the option you took, … Explore instead: +44
points (12 to 66)": 52 less 44 is not 22, and why (the race stopped it early) came only in
lines cut at 80x24. The first lines now say it, in `%`'s short form."""

from __future__ import annotations

from dataclasses import replace

from test_round34_columns import _choice, _race

from unbroken.advisor import Estimate
from unbroken.advisor.analysis import Analysis
from unbroken.advisor.chances import Figure
from unbroken.advisor.choice import Choice
from unbroken.advisor.estimator import RaceEnd, Weighing
from unbroken.tui.chart_words import head_words


def _first_sentence(analysis: Analysis, n: int) -> str:
    words = " ".join(head_words(analysis, n).split())
    return words[: words.index(". ") + 1]


def stopped_choice() -> Choice:
    """Round 34's decision 44: "70 %  43 %  34!", the race having stopped the option taken."""
    best = 0b1111111111110000 | (((1 << 30) - 1) << 16)  # 12 of the first 16 won
    race = Weighing((0b1011, best), (16, 64), best=1, fresh=(1 << 60) - 1, fresh_games=100)
    return _choice(race)


def test_a_stopped_option_says_so_beside_its_figure() -> None:
    choice = stopped_choice()
    taken, chance = choice.chance_taken, round(100 * choice.before.rate)
    assert taken.stopped and chance - round(choice.loss) != round(100 * taken.rate)
    analysis = Analysis(100, 20, 40, "won", [choice])
    first = _first_sentence(analysis, choice.n)
    low, high = round(100 * taken.low), round(100 * taken.high)
    shown = f"{round(100 * taken.rate)} % ({low}-{high}, stopped early) with the option you took"
    assert shown in first, first


def test_an_option_of_a_race_that_ended_early_says_so_beside_its_figure() -> None:
    choice = _choice(_race(RaceEnd.ALONE))
    assert choice.chance_taken.early
    first = _first_sentence(Analysis(100, 20, 40, "won", [choice]), choice.n)
    assert "race ended early) with the option you took" in first, first


def test_a_figure_played_to_its_budget_reads_as_before() -> None:
    choice = _choice(_race(RaceEnd.BUDGET))
    first = _first_sentence(Analysis(100, 20, 40, "won", [choice]), choice.n)
    assert "early" not in first
    taken = choice.chance_taken
    assert f"{taken.percent()} with the option you took" in first, first


def test_a_certain_option_is_not_said_certain_beside_an_interval() -> None:
    led = Estimate(23, 100)
    choice = _choice(_race(RaceEnd.BUDGET))
    certain = replace(choice, chance_taken=Figure.of(led), led_to=led)
    words = " ".join(head_words(Analysis(100, 20, 40, "won", [certain]), certain.n).split())
    assert "for certain" not in words, words
    assert (
        "led to the next choice, nothing random between: its chance 23 % (16-32), weighed on"
        " other futures" in words
    ), words
