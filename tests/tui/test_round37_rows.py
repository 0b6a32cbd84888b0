"""37's option rows at 80x24 with `%` (#28, round 37): a row is cut between words, a dimmed
one too (37a-1: "6. [25% behind] Plan: pay 4 SE, gain 1 cunn…"); an amount keeps its unit
on its row and a row kept only for a word or a unit gives way first, so the leading killing
blow keeps its name (37a-2: "   SE" kept a row over "3. [44% 35-54] St…: wound 2 - 2 SE —
defeats"); a cut never ends on a separator, the detail line's neither (37a-3: "… (Weakened
−1) -… ⚠")."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from unbroken.tui.details import in_rows
from unbroken.tui.option_rows import fit_options, option_line, wrap_option
from unbroken.words.cutting import cut_words

#: The options' width at 80x24 (the right column less the scrollbar's).
WIDTH = 44

PREPARATION = [
    "[28% 20-35] Explore (go to the Exploration step)",
    "[25% behind] Fight the monster now",
    "[23% stopped] Focus: pay 4 SE, gain 1 ME",
    "[28% stopped] Inspiration: pay 2 ME, gain 1 LE",
    "[25% behind] Plan: pay 4 SE, gain 1 cunning",
    "[30% 22-41] Orienteer: pay 1 SE, reveal 2 more cards",
    "[23% stopped] Scout: pay 2 SE + 2 time, reveal the monster",
    "[23% stopped] Downgrade: give up the Knife, gain 1 metal",
]

KNIFE = [
    "[30% behind] Attack with Pry: break 1 - pay 2 SE",
    "[28% stopped] Attack with Quick cut: wound 1 - pay 1 SE",
    "[44% 35-54] Attack with Stab: wound 2 - pay 2 SE — defeats it: 1 metal; Scavenger +1 wood",
    "[20% behind] Focus: pay 4 SE, gain 1 ME (it takes your turn)",
    "[10% behind] Skip your turn",
]

#: A separator a cut must not end on, before its "…" (37a-3).
LOOSE = re.compile(r"(?: -|->|—|:|,|;|\+)…")


def cut_inside_a_word(line: str, row: str) -> bool:
    """Return whether `row`, `line` shown, ends with "…" right after part of a word of it."""
    last = row.rpartition("\n")[2]
    if not last.endswith("…"):
        return False
    tail = last[:-1].split()[-1] if last[:-1].split() else ""
    return bool(tail) and tail.strip("([") not in [w.strip("([,;:") for w in line.split()]


@settings(max_examples=300, deadline=None)
@given(
    picked=st.lists(st.sampled_from(range(len(PREPARATION))), min_size=3, max_size=8, unique=True),
    dimmed=st.lists(st.booleans(), min_size=8, max_size=8),
    extra=st.integers(0, 6),
)
def test_every_odds_row_is_cut_between_words(
    picked: list[int], dimmed: list[bool], extra: int
) -> None:
    lines = [option_line(i, PREPARATION[k]) for i, k in enumerate(picked)]
    off = dimmed[: len(lines)]
    for line, row in zip(lines, fit_options(lines, WIDTH, len(lines) + extra, off), strict=True):
        assert not cut_inside_a_word(line, row), (line, row)
        assert not LOOSE.search(row), row


def test_a_dimmed_row_without_a_bracket_is_cut_between_words() -> None:
    lines = [option_line(5, PREPARATION[4]), option_line(7, PREPARATION[7])]
    shown = fit_options(lines, WIDTH, 2, [True, True])
    assert shown == [
        "6. [25% behind] Plan: pay 4 SE, gain…",
        "8. [23% stopped] Downgrade: give up the…",
    ], shown


def test_an_amount_keeps_its_unit_on_its_row() -> None:
    line = option_line(1, "[28% stopped] Attack with Quick cut: wound 1 - pay 1 SE")
    assert wrap_option(line.replace("Attack with ", ""), WIDTH).split("\n") == [
        "2. [28% stopped] Quick cut: wound 1 - pay",
        "   1 SE",
    ]
    heavy = option_line(2, "Attack with Heavy blow: wound 3 - pay 1 ME (it takes your turn)")
    for width in range(20, 80):
        for row in wrap_option(heavy, width).split("\n")[1:]:
            assert row.strip() not in ("SE", "ME", "LE"), (width, row)


def test_the_leading_killing_blow_keeps_its_name() -> None:
    lines = [option_line(i, text) for i, text in enumerate(KNIFE)]
    for rows in range(len(lines), len(lines) + 4):
        shown = fit_options(lines, WIDTH, rows)
        stab = shown[2]
        assert "Stab: wound 2" in stab, (rows, shown)
        assert "defeats" in stab, (rows, shown)
        for row in shown:
            assert all(r.strip() not in ("SE", "ME") for r in row.split("\n")), (rows, shown)
    # Six rows: "1 SE" alone on a row gives way before the leader's second row.
    shown = fit_options(lines, WIDTH, 6)
    assert shown[1] == "2. [28% stopped] Quick cut: wound 1 - 1 SE", shown
    assert shown[2].split("\n")[0] == "3. [44% 35-54] Stab: wound 2 - pay 2 SE —", shown


def test_a_cut_never_ends_on_a_separator() -> None:
    assert cut_words("wound 1 -> gain 2 food", 12) == "wound 1…"
    assert cut_words("Bash: wound 1 (Weakened −1) - pay 2 SE", 32) == "Bash: wound 1 (Weakened −1)…"
    detail = (
        "Attack with Bash: wound 1 (Weakened −1) - pay 2 SE (paid as 1 SE + 1 ME: short of"
        " SE) -> the monster rolls. ⚠ You starve at the Hunger step unless the food you have"
        " is enough to eat."
    )
    for width in range(20, 80):
        for rows in (1, 2, 3, 4):
            said = in_rows(detail, width, rows)
            assert not LOOSE.search(said), (width, rows, said)
