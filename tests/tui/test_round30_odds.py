"""30b-12: `%` showed "0. [0% behind] Downgrade: give up the Longbow …" beside options at
60-73 %: a floor read as a placeholder. The figure is the chance here less what the option
lost on the same futures, held at 0 where the loss reaches the chance: said as the top of
its interval instead, 0 to its top ("[0-12% behind]": 33b-3 read "[≤33% behind]" as the
"≤" of a bound at the best's, "lost nothing to the best", beside "behind")."""

from __future__ import annotations

from unbroken.advisor.chances import Estimate, Figure
from unbroken.tui.odds import odds_text


def test_a_figure_held_at_0_reads_as_the_top_of_its_interval() -> None:
    chance = Estimate(73, 100)
    # Lost 80 points on the same 16 futures (-95 to -60): 73 less 80, held at 0.
    floored = Figure.against(chance, -0.8, -0.95, -0.6, 16, stopped=True)
    assert floored.behind and floored.rate == 0 and floored.high > 0
    said = odds_text(floored)
    assert said == f"[0-{round(100 * floored.high)}% behind]" and "0%" not in said
    assert "≤" not in said
    # Any other figure clearly behind reads as before.
    assert odds_text(Figure.against(chance, -0.3, -0.45, -0.15, 16, stopped=True)) == (
        "[43% behind]"
    )
    # With nothing above 0 in its interval either, the best's reads 0% too: "0%", as its
    # line says it ("<1%" read above the best's "0%", 31b-5).
    assert odds_text(Figure(0.0, 0.0, 0.004, 16, stopped=True, behind=True)) == "[0% behind]"
