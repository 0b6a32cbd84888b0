"""The Display's change marks keep their numbers where the caps' marks are cut (#28)."""

from __future__ import annotations

from rich.text import Text

from unbroken.tui.widgets import Chip, chip_rows


def test_a_cut_mark_keeps_its_number() -> None:
    # Round 6: "food 7/2 max ▲" at 80x24, an arrow with no number. Where the marks in full
    # do not fit, the caps' marks go and the change keeps its number.
    marks = Text(" ▲+1 cap-2")
    chip = Chip(Text("food 7/2 max"), marks=marks)
    assert chip_rows([chip], 40).plain == "food 7/2 max ▲+1 cap-2\n"
    tight = chip_rows([chip], len("food 7/2 max ▲+1")).plain
    assert tight == "food 7/2 max ▲+1\n", tight
    down = Chip(Text("wood 0"), marks=Text(" ▼-2"))
    assert chip_rows([chip, down], len("food 7/2 max ▲+1  wood 0 ▼-2")).plain == (
        "food 7/2 max ▲+1  wood 0 ▼-2\n"
    )
