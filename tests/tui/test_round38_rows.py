"""38's option rows (#28, round 38): two options of one name keep what tells them apart
before the turn note (38b-1: "7. Spike Thrower (Iron Spike)… (takes turn)" beside "8.
Spike Thrower… (takes turn)", row 8's "(Wooden Stake)" dropped for the note)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from unbroken.tui.option_rows import fit_options

IRON = "Spike Thrower (Iron Spike) (pay 1 metal; it takes your turn): Inflict 2 wounds."
STAKE = "Spike Thrower (Wooden Stake) (pay 1 wood; it takes your turn): Inflict 1 wound."
SKIP = "Skip your turn"


def told(row: str) -> str:
    """Return a row without its key, what the player reads to tell it from another."""
    return row.partition(". ")[2]


def test_the_round_38_rows_keep_their_items() -> None:
    shown = fit_options([f"7. {IRON}", f"8. {STAKE}", f"9. {SKIP}"], 44, 3)
    assert "(Iron Spike)" in shown[0] and "(Wooden Stake)" in shown[1], shown


@settings(max_examples=200, deadline=None)
@given(
    width=st.integers(20, 80),
    rows=st.integers(1, 6),
    stake_first=st.booleans(),
    odds=st.booleans(),
)
def test_two_options_of_one_name_stay_apart(
    width: int, rows: int, stake_first: bool, odds: bool
) -> None:
    pair = [STAKE, IRON] if stake_first else [IRON, STAKE]
    tags = ["[30% behind] ", "[28% stopped] "] if odds else ["", ""]
    lines = [f"{7 + i}. {tag}{line}" for i, (tag, line) in enumerate(zip(tags, pair, strict=True))]
    shown = fit_options([*lines, f"9. {SKIP}"], width, rows)
    items = [line[line.index("(") : line.index(")") + 1] for line in pair]
    # Where its key, name and item fit a row, the item is said (the note gives way), so
    # the two rows read apart; narrower, no bracket is cut inside (30a-3) to tell them.
    if all(
        len(f"7. {tag}Spike Thrower {item}…") <= width
        for tag, item in zip(tags, items, strict=True)
    ):
        said = [told(row) for row in shown[:2]]
        assert said[0] != said[1], shown
        for item, row in zip(items, shown, strict=False):
            assert item in row, (width, rows, shown)
