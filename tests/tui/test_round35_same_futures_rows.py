"""35's note on "[same futures as 6]" at 80x24: a twin of the tenth option (key 0) read
"[same futures as 0 (option 10)]", the verdict's name for that key, and at the options'
46 columns left no room for the option's own name ("4. [same futures as 0 (option 10)]…")
and two Crafts read alike ("a. … Craft the…", "b. … Craft the…"). Its row names the key
as the list shows it; every row keeps its option's name, cut with "…" as other rows."""

from __future__ import annotations

from unbroken.tui.odds import same_text
from unbroken.tui.option_rows import fit_options, option_line

#: The options' width at 80x24 (the game screen's right column).
WIDTH = 46

PREPARATION = [
    ("Explore", "Explore (go to the Exploration step)"),
    ("Fight", "Fight the monster now"),
    ("Focus", "Focus: pay 4 SE, gain 1 ME"),
    ("Inspiration", "Inspiration: pay 2 ME, gain 1 LE"),
    ("Plan", "Plan: pay 4 SE, gain 1 cunning"),
    ("Orienteer", "Orienteer: pay 1 SE, reveal 2 more cards"),
    ("Scout", "Scout: pay 2 SE + 2 time, reveal the monster"),
    (
        "Delve [Gravedigger]",
        "Delve [Gravedigger] (pay 1 SE, 1 ability use): reveal 3 more cards at the next"
        " Exploration",
    ),
    ("Downgrade", "Downgrade: give up the Knife, gain 1 metal"),
    ("Craft the Club", "Craft the Club: pay 1 wood + 1 time"),
    ("Craft the Knife", "Craft the Knife: pay 1 metal + 1 time"),
    ("Craft the Sling", "Craft the Sling: pay 1 wood + 1 time"),
]


def test_a_twin_of_the_tenth_option_names_its_key_as_the_list_does() -> None:
    assert same_text("0") == "[same futures as 0]"
    assert same_text("6") == "[same futures as 6]"


def test_every_twin_row_keeps_its_options_name_at_80x24() -> None:
    # Every option but the tenth (key 0) a twin of it, the list in as few rows as options.
    odds = [same_text("0") if i != 9 else "[4% 2-10]" for i in range(len(PREPARATION))]
    lines = [
        option_line(i, f"{o} {text}")
        for i, (o, (_, text)) in enumerate(zip(odds, PREPARATION, strict=True))
    ]
    rows = fit_options(lines, WIDTH, len(lines))
    for (name, _), row in zip(PREPARATION, rows, strict=True):
        assert "\n" not in row and len(row) <= WIDTH, row
        assert name in row, row
