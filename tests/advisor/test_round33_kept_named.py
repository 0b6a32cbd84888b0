"""Playtest round 33 (#28, 33a-5): `unbroken analyze` named a card kept that could not be
paid "Rest, gain 2 SE — cannot pay…", beside "about equal to Hunger Pangs: … (cannot pay:
rest, gain 2 SE)": the player could not tell which card they had kept."""

from __future__ import annotations

from unbroken.advisor.analysis import Analysis, Choice
from unbroken.advisor.chances import Estimate, Figure
from unbroken.advisor.paired import Difference
from unbroken.cli.analyze import text_report

IDOL = "Makeshift Blood Idol: 1 SE -> 2 LE (time 1) (cannot pay: rest, gain 2 SE)"
PANGS = "Hunger Pangs: 1 food -> 1 SE + 1 LE (time 2) (cannot pay: rest, gain 2 SE)"


def _kept(n: int, behind: int) -> Choice:
    """Decision `n`: the Idol kept, Hunger Pangs the best by `behind` futures of 100."""
    return Choice(
        n, 2, "travel", 2, IDOL, PANGS, PANGS, Estimate(49, 100), Figure.of(Estimate(49, 100)),
        Difference(0, behind, 100),
    )  # fmt: skip


def _row(report: str, n: int) -> str:
    return next(r for r in report.splitlines() if r.startswith(f"{n:5} "))


def test_the_card_kept_is_named_first_at_every_width() -> None:
    analysis = Analysis(100, 20, 121, "won", [_kept(20, 0)])
    for width, wrap, said in (
        (80, True, "Makeshift Blood Idol (cannot pay)"),  # 33 columns: the testers' 80x24
        (100, True, "Makeshift Blood Idol (cannot pay: rest, gain 2 SE)"),
        (80, False, "Makeshift Blood… (cannot pay)"),  # the verdict beside it: 30
        (None, False, IDOL),  # a file: whole
    ):
        row = _row(text_report(analysis, "a game", width, wrap), 20)
        assert f"  {said}" in row, (width, row)
        assert "Rest, gain" not in row


def test_the_summary_names_the_card_kept() -> None:
    report = text_report(Analysis(100, 20, 121, "won", [_kept(2, 30)]), "a game", None)
    summary = report.split("Summary\n", 1)[1]
    assert "took Makeshift Blood Idol (cannot pay: rest) 49 %" in summary, summary
