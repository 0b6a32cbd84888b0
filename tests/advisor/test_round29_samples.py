"""Playtest round 29 (#28, 29b-26): `unbroken analyze NAME --games 20` read "5 %" then "0 %"
on rows of a won game ("44   2   5 %   0 %   -  Keep the 2: WOUND (lose 1 SE)"), nothing on
the rows saying how few games stood behind them. Each figure shows its 95 % interval, as
the summary's "level 2: 5 % (1-24)" does, and the legend says what one is at that count."""

from __future__ import annotations

from unbroken.advisor.analysis import Analysis, Choice
from unbroken.advisor.chances import Estimate, Figure
from unbroken.advisor.paired import Difference
from unbroken.cli.analyze import text_report

KEEP = "Keep the 2: WOUND (lose 1 SE)"
DISCARD = "Discard the 2: WOUND (lose 2 SE)"
SEEN_WORSE = "I've Seen Worse [Brawler] (1 ability use): After a WOUND, lose 1 SE less"


def _small_sample() -> Analysis:
    """Decisions 43 and 44 of play29b's game 2, weighed on 20 futures: none of 20 won at
    43; at 44 the best won 1 of 20 and the option taken lost that one future to it."""
    none = Estimate(0, 20)
    at_43 = Choice(
        43, 2, "response", 2, SEEN_WORSE, SEEN_WORSE, SEEN_WORSE, none, Figure.of(none),
        Difference(0, 0, 20),
    )  # fmt: skip
    one = Estimate(1, 20)
    lost = Difference(0, 1, 20)
    taken = Figure.against(one, lost.mean, lost.low, lost.high, 20, stopped=False)
    at_44 = Choice(44, 2, "reward", 2, KEEP, DISCARD, DISCARD, one, taken, lost)
    return Analysis(20, 20, 90, "won", [at_43, at_44])


def test_a_row_shows_how_sure_its_figures_are() -> None:
    analysis = _small_sample()
    at_44 = analysis.choices[1]
    # One future of 20 between them: about equal, no loss counted (the sample cannot tell).
    assert not at_44.clearly_worse and not at_44.costly
    assert round(100 * at_44.chance_taken.rate) == 0
    report = text_report(analysis, "a game", 80, wrap=True).splitlines()
    assert all(len(line) <= 80 for line in report), [line for line in report if len(line) > 80]
    header = next(line for line in report if line.startswith("  Dec Lvl"))
    rows = {line[:5]: line for line in report if line.startswith(("   43", "   44"))}
    assert rows["   43"].startswith("   43   2   0 % (0-16)     0 % (0-16)       -  I've Seen")
    row = rows["   44"]
    chance, taken = at_44.before.percent(), at_44.chance_taken.percent()
    assert (chance, taken[:7]) == ("5 % (1-24)", "0 % (0-")
    assert row.startswith(f"   44   2   {chance}     {taken}  ")
    assert row.endswith(f"-  {KEEP}")
    # The columns under their heads: the figures under Chance and Taken, Lost's "-" under
    # its last letter, the option under its head.
    assert header.index("Chance") == row.index(chance) - 2
    assert header.index("Taken") == row.index(taken) - 2
    assert header.index("Lost") + 3 == row.index("-  Keep")
    assert header.index("Option taken") == row.index(KEEP)
    # The summary says the level's start (decision 43) as its row says its chance.
    assert "    level 2: 0 % (0-16) at decision 43" in report[report.index("Summary") :]
    # The legend says what the brackets are, and how wide at this count.
    legend = " ".join(line.strip() for line in report[: report.index(header)])
    assert "Each figure with its 95 % interval" in legend
    assert "from 20 games one is about ±20 points at 50 %" in legend
    assert "0 % (0-16) is none of 20 won" in legend


def test_a_file_keeps_the_columns_and_the_rows_whole() -> None:
    report = text_report(_small_sample(), "a game", None).splitlines()
    header = next(line for line in report if line.startswith("  Dec Lvl"))
    row = next(line for line in report if line.startswith("   44"))
    assert header.index("Taken") == row.index("0 % (0-") - 2
    verdict = f"too close to tell (-20 to 11 points) on the same futures: about equal to {DISCARD}"
    assert row.endswith(f"-  {KEEP}: {verdict}")
