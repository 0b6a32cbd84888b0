"""A cut between words never leaves a bracket open (#28 round 26's leftover: "9. Cold Logic
[Sage] (pay… (cannot pay)" at 80x24): it closes it after its whole parts, else ends
before it."""

from __future__ import annotations

from unbroken.words.cutting import cut_words


def test_a_cut_between_words_never_leaves_a_bracket_open() -> None:
    assert cut_words(" [Sage] (pay 2 cunning, 1 ability use)", 14) == " [Sage]…"
    assert cut_words(" [Sage] (pay 2 cunning, 1 ability use)", 30) == " [Sage] (pay 2 cunning, …)"
    assert cut_words("Scout (pay 1 SE + 1 time) then more words", 30) == (
        "Scout (pay 1 SE + 1 time)…"
    )
    # No bracket: between words as before, an amount kept with its unit.
    assert cut_words("Craft the Sword: pay 2 metal + 1 time", 29) == "Craft the Sword: pay 2 metal…"
