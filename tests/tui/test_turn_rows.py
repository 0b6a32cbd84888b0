"""#28 round 16: the options that take the battle turn say so; where rows lack, such a line
is cut before a forecast's words (a finishing blow's reward), keeping "(it takes your turn)"."""

from __future__ import annotations

from unbroken.tui.option_rows import fit_options

BLOW = "2. Attack with Cut: wound 2 - pay 2 SE — defeats it: 1 metal; Scavenger +1 wood + 1 metal"
PLAN = "5. Plan: pay 4 SE, gain 1 cunning (it takes your turn)"


def test_a_line_that_takes_the_turn_is_cut_first_and_keeps_its_note() -> None:
    # Two rows for the blow: "1 metal" wraps whole (37a-2), "1" / "metal" took three.
    shown = fit_options([BLOW, PLAN], 46, 3)
    assert shown[0].count("\n") == 1 and "…" not in shown[0], shown  # the blow whole
    # Said short where that keeps the option's words whole (36a-5).
    assert shown[1] == "5. Plan: pay 4 SE, gain 1 cunning (takes turn)", shown


def test_too_narrow_for_the_note_the_option_keeps_its_first_words() -> None:
    shown = fit_options([BLOW, PLAN], 44, 3)
    # Its key and first 20 letters kept, the note said short after them (36a-5).
    assert shown[1] == "5. Plan: pay 4 SE, gain… (takes turn)", shown
