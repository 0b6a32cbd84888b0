"""Round 34's replay viewer chart (#28): its words at a decision (34a-8, 34b-9) and its
axis labels beside the curve (34b-8)."""

from __future__ import annotations

import pytest
from pilot import kept_for_the_viewer, sync
from test_chances import SHORT, viewing
from test_round12_viewer import shown

from unbroken.advisor import Difference, Estimate
from unbroken.advisor.analysis import Analysis
from unbroken.advisor.chances import Figure
from unbroken.advisor.choice import Choice
from unbroken.tui.analysis import ChanceChart
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
        "the option you took led to the next choice, nothing random between: its chance 32 %"
        " (24-42), weighed on other futures, so it can read above 25 %." in said
    ), said
    assert "took 32" not in said and "before it" not in said and "where it led," not in said


def test_a_certain_option_below_the_best_is_not_said_to_read_above() -> None:
    led = Estimate(20, 100)
    said = _words([_choice(25, Estimate(25, 100), Figure.of(led), led)], 25)
    assert "its chance 20 % (13-29), weighed on other futures." in said, said
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


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_axis_labels_stand_clear_of_the_curve(size: tuple[int, int]) -> None:
    """34b-8: the chart's "0%" ran into the curve in one game, a chance at 0 drawn in the
    very next column. The game goes from 0 (lost-looking) to 100 % and back to 0 at its end,
    so the curve touches both labels' rows at the left; a blank column parts each label from
    it, at both sizes the viewer is used at."""
    e = Estimate
    hopeless = Choice(1, 1, "preparation", 3, "best", "best", "bot", e(0, 100),
                      Figure.of(e(0, 100)), Difference(0, 0, 100))  # fmt: skip
    sure = Choice(4, 1, "preparation", 3, "best", "best", "bot", e(100, 100),
                  Figure.of(e(100, 100)), Difference(0, 0, 100))  # fmt: skip
    kept_for_the_viewer(SHORT, Analysis(100, 20, 10, "lost", [hopeless, sure]))

    @sync
    async def run() -> None:
        async with viewing(size) as (pilot, viewer):
            await pilot.press("a")
            await pilot.pause()
            lines = shown(viewer.query_one(ChanceChart))
            labelled = [line for line in lines if line.lstrip().startswith(("0%", "100%"))]
            assert len(labelled) == 2, lines
            for line in labelled:
                after = line[line.index("%") + 1 :]
                assert after[:1] == " " and after.strip(), lines  # a gap, then the curve
            # Every row of the plot and the marks' row under it (▲, ┃) start in one column,
            # past the labels' and the gap.
            top = lines.index(labelled[0])
            rows = lines[top : lines.index(labelled[1]) + 2]
            starts = {len(row) - len(row.lstrip()) for row in rows[1:-2] + [rows[-1]]}
            label_end = labelled[0].index("%") + 1
            assert min(starts) > label_end, rows

    run()
