"""Round 34 (#28, 34a-2 and 34a-3): at 80 columns a row cut for room said its warning cut
mid-phrase, "6. Plan: pay 4 SE, gain 1… — ⚠ you starve at"; with a notice showing (fewer
rows) a killing blow's row kept "— defeats" and the mark alone, "2. Quick cut: wound 1 -
1 SE — defeats — ⚠", which said nothing. A warning that does not fit whole is said a
short whole way ("— ⚠ starve") before anything of it is cut, and never by its mark alone."""

from __future__ import annotations

from unbroken.tui.option_rows import fit_options
from unbroken.words.warning_keeps import WARNED, short_ways, split_warnings

STARVE = "you starve at the Hunger step (food 0/3: −6 SE)"
PLAN = f"6. Plan: pay 4 SE, gain 1 cunning (it takes your turn) — ⚠ {STARVE}"
QUICK = f"2. Attack with Quick cut: wound 1 - pay 1 SE — defeats it: no reward — ⚠ {STARVE}"
AMBUSH = "time runs out: the monster ambushes you"
WARNINGS = [
    STARVE,
    AMBUSH,
    "you die (Grave Warden's WOUND)",
    "you cannot wound it: Stone Skin (armor 9)",
    "Paralyzed 6: you cannot act again this fight",
    "Paralyzed 6: this turn is your last this fight",
]
OTHERS = ["1. Explore", "3. Rest"]


def test_plan_s_starvation_said_short_and_whole_at_80_columns() -> None:
    row = fit_options([PLAN, *OTHERS], 44, 3)[0]  # the options' width at 80x24
    assert row.startswith("6. Plan: pay 4 SE") and row.endswith(f"{WARNED}starve"), row
    assert len(row) <= 44, row


def test_a_killing_blow_s_row_says_what_its_warning_warns_of() -> None:
    for width in (44, 40, 36, 34):
        row = fit_options([QUICK, *OTHERS], width, 3)[0]
        assert row.endswith(" — defeats — ⚠ starve") and len(row) <= width, (width, row)
        assert "1 SE" in row, (width, row)
    assert "wound 1 - 1 SE" in fit_options([QUICK, *OTHERS], 44, 3)[0]


def test_every_warning_said_whole_or_a_short_whole_way_at_every_width() -> None:
    bodies = ["5. Scout: pay 1 SE + 1 time, reveal the monster", QUICK.split(WARNED)[0]]
    for warning in WARNINGS:
        ways = short_ways(warning)
        assert ways[0] == warning and len(ways) > 1, ways
        # The shortest says what comes in words, not the mark alone nor a phrase cut, and
        # none is the start of the warning (it would read as all of it: 33b-1).
        assert ways[-1].strip() and not ways[-1].endswith("…"), ways
        assert not any(warning.startswith(way) for way in ways[1:]), ways
        for body in bodies:
            line = f"{body}{WARNED}{warning}"
            for width in range(34, len(line) + 1):
                for rows in (3, 4):
                    row = fit_options([line, *OTHERS], width, rows)[0]
                    if "\n" in row:
                        continue
                    _, said = split_warnings(row)
                    assert len(row) <= width and said, (width, row)
                    assert said[-1] in ways, (width, row)
