"""Round 34's replay viewer chart (#28): its words at a decision (34a-8, 34b-9) and its
axis labels beside the curve (34b-8)."""

from __future__ import annotations

from unbroken.advisor import Difference, Estimate
from unbroken.advisor.analysis import Analysis
from unbroken.advisor.chances import Figure
from unbroken.advisor.choice import Choice
from unbroken.tui.chart_words import head_words


def _choice(n: int, before: Estimate, taken: Figure, led_to: Estimate | None) -> Choice:
    return Choice(
        n, 2, "preparation", 3, "Forage [Hunter] (pay 2 time, 1 ability use): gain 1 food",
        "Plan: pay 4 SE, gain 1 cunning", "Plan: pay 4 SE, gain 1 cunning", before, taken,
        Difference(1, 1, 100), "pays 2 time, gains 1 food", "pays 4 SE, gains 1 cunning",
        led_to,
    )  # fmt: skip


def _words(choices: list[Choice], at: int) -> str:
    return " ".join(head_words(Analysis(100, 20, 40, "won", choices), at).split())


def test_a_certain_option_reading_above_the_best_says_what_each_figure_is() -> None:
    # 34a-8: "25 % before it (its best option's), took 32 % (24-42), where it led" read as
    # taken above the best, a contradiction, to two players without analyze's header.
    led = Estimate(32, 100)
    said = _words([_choice(25, Estimate(25, 100), Figure.of(led), led)], 25)
    assert said.startswith("Decision 25: 25 % chance of winning with its best option;"), said
    assert (
        "the option you took led for certain to 32 % (24-42), the next choice's chance on other"
        " futures, so it can read above 25 %." in said
    ), said
    assert "took 32" not in said and "before it" not in said and "where it led," not in said


def test_a_certain_option_below_the_best_is_not_said_to_read_above() -> None:
    led = Estimate(20, 100)
    said = _words([_choice(25, Estimate(25, 100), Figure.of(led), led)], 25)
    assert "to 20 % (13-29), the next choice's chance on other futures." in said, said
    assert "read above" not in said


def test_an_option_with_luck_after_it_names_its_three_figures() -> None:
    # The option's figure, then the next choice's after a draw or a roll: each said as what
    # it is, not "took …, then …".
    taken = Figure.of(Estimate(60, 100))
    after = _choice(27, Estimate(30, 100), Figure.of(Estimate(30, 100)), None)
    said = _words([_choice(26, Estimate(64, 100), taken, None), after], 26)
    assert said.startswith(
        "Decision 26: 64 % chance of winning with its best option, 60 % (50-69) with the"
        " option you took, then 30 % after what came of it, which went against you."
    ), said
