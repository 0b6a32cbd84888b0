"""Round 32's verdict leftovers (#28): a paired gain larger than the best's own chance."""

from __future__ import annotations

from unbroken.advisor import Difference, Estimate
from unbroken.advisor.chances import Figure
from unbroken.advisor.choice import Choice


def fight_instead_of_downgrade(behind: int = 5, before: Estimate | None = None) -> Choice:
    """Play32a's decision 102 (Helena, Hard): Downgrade, the best, won 1 of its own 100
    futures; on the race's 32, 5 won only after it, none only after Fight, the option taken."""
    chance = Estimate(1, 100) if before is None else before
    lost = Difference(0, behind, 32)
    low, high = lost.interval
    figure = Figure.against(chance, lost.mean, low, high, 32, False)
    return Choice(
        102, 3, "preparation", 8, "Fight the monster now",
        "Downgrade: give up the Sword for good (back to your Knife)",
        "Explore (go to the Exploration step)", chance, figure, lost,
        "nothing paid or lost now", "downgrades your weapon: Sword → Knife",
    )  # fmt: skip


def test_a_gain_larger_than_the_best_options_own_chance_is_said_as_the_races() -> None:
    # 32a-2: "1 % before it (its best option's), took 0 % (0-1), then 0 %. Downgrade instead:
    # +16 points (1 to 29)": 16 points lost from a position of 1 %.
    choice = fight_instead_of_downgrade()
    assert choice.beyond_chance
    verdict = choice.verdict()
    assert verdict.startswith(
        "Downgrade instead: at most 1 point, all of Downgrade's own chance (1 % on 100 futures"
        " of its own); the race's 32 futures went better for Downgrade: 5 won only after it,"
        " none only after this (+16 points there, 1 to 29)"
    ), verdict
    assert "instead: +16 points" not in verdict
    # Never more lost than the best had: no misstep of more than 10 points from 1 %.
    assert choice.loss == 1.0
    assert choice.clearly_worse and not choice.costly


def test_a_gain_within_the_best_options_chance_is_said_as_before() -> None:
    choice = fight_instead_of_downgrade(before=Estimate(40, 100))
    assert not choice.beyond_chance
    assert choice.verdict().startswith("Downgrade instead: +16 points (1 to 29)")
    assert round(choice.loss) == 16 and choice.costly
