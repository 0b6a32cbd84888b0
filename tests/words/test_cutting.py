"""One cut between words for every front end (`words.cutting.cut_words`): the game
screen's options and `unbroken analyze`'s names (#28 round 26, 26b-7: it was written
twice, analyze's cutting inside a word or after an amount without its unit)."""

from __future__ import annotations

from unbroken.cli import analyze
from unbroken.tui import option_rows
from unbroken.words.cutting import cut_words


def test_the_screen_cuts_with_the_one_cut() -> None:
    assert option_rows.cut_words is cut_words


def test_analyze_never_cuts_inside_a_word_or_a_unit() -> None:
    # Its own cut read "Craft the Sword: pay 2…" (an amount without its unit) and cut a
    # word in two where the last space came early ("Craft the Swo…").
    assert analyze.short("Craft the Sword: pay 2 metal + 2 time", 27) == "Craft the Sword: pay…"
    assert analyze.short("Attack with Stab: wound 2 - pay 2 SE", 35) == (
        "Attack with Stab: wound 2 - pay…"
    )
    assert analyze.short_option("Attack with Stab: wound 2 - pay 2 SE — defeats it", 40) == (
        "Attack with Stab: wound 2… — defeats it"
    )
