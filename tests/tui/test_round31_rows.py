"""Round 31 (#28, play31a): what a cut option row keeps of why it is of no use."""

from __future__ import annotations

from unbroken.tui.option_rows import cut_kept, fit_options

#: Inspiration with 1 ME and 2 LE, as words.actions says it (tests/words/test_round31_words).
INSPIRATION = (
    "4. Inspiration: pay 2 ME, gain 1 LE (no use now: needs 2 ME, you have 1, so LE pays the"
    " rest: 1 ME + 1 LE to gain 1 LE)"
)


def test_a_cut_row_of_no_use_keeps_which_effort_pays() -> None:
    # 31a-8: at 80x24 the row read "4. Inspiration: pay 2 ME, gain 1 LE (no use now)",
    # never saying LE pays what ME lacks; where it has the room, it says so.
    line = INSPIRATION
    # Where the row has no room for it all, it keeps which effort pays, not a bare "no use".
    assert cut_kept(line, 60) == "4. Inspiration: pay 2 ME… (no use now: LE pays the rest)"
    shown = fit_options([line, "5. Plan: pay 4 SE, gain 1 cunning"], 46, 3)
    # Its bracket on one row (36a-6).
    assert shown[0] == "4. Inspiration: pay 2 ME, gain 1 LE\n   (no use now: LE pays the rest)"
    assert cut_kept(line, 46) == "4. Inspiration: pay 2 ME, gain… (no use now)"  # one row
