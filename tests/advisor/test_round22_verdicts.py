"""Round 22's words of the advisor (#28): the "mixed" verdict, the summary's counts, and
why a header's games each fall short of the most."""

from __future__ import annotations

from unbroken.advisor.analysis import Analysis, Choice
from unbroken.advisor.chances import Estimate, Figure
from unbroken.advisor.estimator import Race, RaceEnd, Weighing
from unbroken.advisor.paired import Difference
from unbroken.cli.analyze import text_report


def test_the_mixed_verdict_says_whose_figure_who_is_better_by_how_much_how_sure() -> None:
    """play22a 17: "only the reference bot wins less often after this than after Eat 1 food:
    +16 points (0.3 to 29) on the same 32 futures, 5 won to 0": whose 16 points?"""
    eat = Choice(
        13, 2, "hunger", 2, "Eat 0 food", "Eat 1 food", "Eat 0 food", Estimate(69, 100),
        Figure.of(Estimate(67, 100)), Difference(0, 5, 32), led_to=Estimate(67, 100),
    )  # fmt: skip
    assert eat.contradicted and not eat.costly
    assert eat.verdict() == (
        "no loss counted: where it led reads 67 % (57-75), no worse than the 69 % of the"
        " best option, Eat 1 food. Only with the reference bot playing on for you is Eat 1"
        " food better: by 16 points (95 % interval 1 to 29) on the same 32 futures, 5 won"
        " only after Eat 1 food, none only after this"
    )
    assert "+16" not in eat.verdict() and "won to" not in eat.verdict()


def _choice(n: int, behind: int) -> Choice:
    lost = Difference(0, behind, 100)  # the best won `behind` futures more of 100
    taken = Figure.of(Estimate(60 - behind, 100))
    return Choice(n, 1, "t", 2, "Rest", "Explore", "Explore", Estimate(60, 100), taken, lost)


def _summary(choices: list[Choice]) -> list[str]:
    out = text_report(Analysis(100, 20, 99, "won", choices), "a game")
    return out.split("Summary\n", 1)[1].splitlines()


def test_the_summary_counts_read_as_sentences() -> None:
    """play22a 17: "Costly decisions (!): 2 (…); all:" read oddly."""
    what = "clearly worse than its best option by more than 10 points"
    two = _summary([_choice(1, 30), _choice(2, 20), _choice(3, 8)])
    assert two[0] == f"  Missteps (!): 2, each {what} (largest first):"
    assert two[3] == (
        "  Clearly worse but not missteps: 1 decision, by 10 points or less (on the same"
        " futures), or uncertain (where the race stopped it):"
    )
    one = _summary([_choice(1, 30)])
    assert one[0] == f"  Missteps (!): 1, {what}:"
    seven = _summary([_choice(n, 20 + n) for n in range(1, 8)])
    assert seven[0] == f"  Missteps (!): 7, each {what}; the 5 that lost most, largest first:"
    none = _summary([_choice(3, 8), _choice(4, 6)])
    assert none[0] == f"  Missteps (!): none (a misstep: {what})."
    assert none[1].startswith("  Clearly worse but not missteps: 2 decisions, each by 10 points")
    for lines in (two, one, seven, none):
        assert not any("; all:" in line or "; it:" in line for line in lines)


def _race(first: int, second: int) -> Race:
    """A race of two options decided on its first 16 futures (`first`, `second`: wins)."""
    race = Race(2, most=100)
    assert race.stage() == (0, 16, [0, 1])
    race.record(0, 0, 16, first)
    race.record(1, 0, 16, second)
    race.close_stage()
    return race


def test_the_odds_header_says_why_its_games_fall_short_of_the_most() -> None:
    """play22a 18: "Odds: up to 100 games each" on most screens, "up to 64 games each" at one
    decision, unexplained: the race ends when the others are clearly behind or all within
    SETTLE points, before its most futures."""
    from unbroken.play.text_odds import table
    from unbroken.tui.odds import status_text

    alone = _race((1 << 16) - 1, 0)
    assert alone.decided and alone.ended == RaceEnd.ALONE
    assert alone.cut_short() == ("not 100: the race ended there, every other option clearly behind")

    class _Odds:  # what status_text reads of the anytime odds
        error = ""
        games = 16
        finished = True
        race = alone

        def weighing(self) -> Weighing:
            return alone.weighing([0, 1])

        def under_way(self) -> tuple[int, int]:
            return 0, 0

    said = status_text(_Odds())  # type: ignore[arg-type]
    # In a word in the game's short header (#28 round 28), why in `unbroken play`'s table.
    # The chance not weighed here, no figure is shown: no count beside it (31a-2).
    assert said.startswith("Odds (race ended early)")
    printed = table(["Rest", "Explore"], [0, 1], alone.weighing([0, 1]), (), alone.cut_short())
    # Wrapped between words at 80 columns under its indent (#28 round 24).
    assert printed.splitlines()[:2] == [
        "  Odds after 16 games each (not 100: the race ended there, every other option",
        "    clearly behind; chance of winning, 95 % interval):",
    ]
    assert all(len(line) <= 80 for line in printed.splitlines()), printed
    assert Race(2, most=100).cut_short() == ""  # not decided: nothing to say
    full = Race(2, most=16)
    full.record(0, 0, 16, 0b1010)
    full.record(1, 0, 16, 0b0101)
    full.close_stage()
    assert full.decided and full.cut_short() == ""  # it played its most
