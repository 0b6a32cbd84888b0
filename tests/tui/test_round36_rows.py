"""36's option rows at 80x24 (#28, round 36): a bracket is never split over two rows where
it fits one (36a-6: "4. Inspiration: pay 2 ME, gain 1 LE (cannot" / "pay)"), and an option
that takes the battle turn keeps saying so when cut, an ability's as a Focus's (36a-5:
"8. Meditation (…): gain 1 ME" lost "it takes your turn" that Focus's row kept)."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from unbroken.testing import Scenario
from unbroken.tui.option_rows import fit_options, option_line, wrap_option
from unbroken.words.actions import option_text
from unbroken.words.vocabulary import TAKES_TURN_WORDS

#: The options' width at 80x24 (the right column less the scrollbar's).
WIDTH = 44

WORD = st.sampled_from(["pay", "2", "ME,", "gain", "1", "LE", "Focus:", "Delve", "reveal", "more"])
INNER = st.lists(
    st.sampled_from(["cannot", "pay", "it", "takes", "your", "turn;", "1 SE,"]),
    min_size=1,
    max_size=7,
)


@st.composite
def options(draw: st.DrawFn) -> str:
    """An option's words with brackets among them, some written against a word or ":"."""
    parts = []
    for _ in range(draw(st.integers(1, 6))):
        parts.extend(draw(st.lists(WORD, min_size=1, max_size=5)))
        if draw(st.booleans()):
            opening, closing = draw(st.sampled_from([("(", ")"), ("[", "]")]))
            said = f"{opening}{' '.join(draw(INNER))}{closing}"
            parts.append(said + draw(st.sampled_from(["", ":", ";"])))
    return " ".join(parts)


def _bracket_word(text: str, start: int) -> tuple[int, int]:
    """Return where the bracket opening at `start` of `text` closes (its last index, or the
    text's when it does not close there) and the length of its word with the bracket."""
    end, level = start, 0
    for end in range(start, len(text)):
        level += 1 if text[end] in "([" else -1 if text[end] in ")]" else 0
        if level == 0:
            break
    word_start = text.rfind(" ", 0, start) + 1
    word_end = text.find(" ", end)
    word_end = len(text) if word_end < 0 else word_end
    return end, word_end - word_start


def split_brackets(rows: list[str], room: int, full: str = "") -> list[str]:
    """Return the rows where a bracket opens and does not close though its word with the
    bracket's would have fitted a row of `room` cells. A bracket a cut ("…") ends in is
    measured in `full`, the option's whole words, where given: only there is its length
    known (a cut inside one longer than a row splits nothing that fits)."""
    text = " ".join(row.strip() for row in rows)
    split, depth, at = [], 0, 0
    for row in rows:
        body = row.strip()
        for i, char in enumerate(body):
            if char in "([" and depth == 0:
                start = at + i
                end, word = _bracket_word(text, start)
                cut = text[start:].rstrip("…").rstrip()
                if full and text.endswith("…") and cut.count("(") > cut.count(")"):
                    found = full.find(cut)
                    if found >= 0:
                        word = _bracket_word(full, found)[1]
                if end >= at + len(body) and word <= room:
                    split.append(row)
            depth += 1 if char in "([" else -1 if char in ")]" and depth else 0
        depth = 0
        at += len(body) + 1
    return split


def test_a_reason_in_brackets_is_kept_on_one_row() -> None:
    line = option_line(3, "Inspiration: pay 2 ME, gain 1 LE (cannot pay)")
    assert wrap_option(line, WIDTH).split("\n") == [
        "4. Inspiration: pay 2 ME, gain 1 LE",
        "   (cannot pay)",
    ]


@settings(max_examples=400, deadline=None)
@given(text=options(), width=st.integers(20, 80), index=st.integers(0, 12))
def test_no_wrapped_row_splits_a_bracket_that_fits_one(text: str, width: int, index: int) -> None:
    line = option_line(index, text)
    rows = wrap_option(line, width).split("\n")
    assert " ".join(r.strip() for r in rows).split() == line.split()  # no word lost
    assert all(len(r) <= width for r in rows), rows
    assert not split_brackets(rows, width - 3), rows


@settings(max_examples=200, deadline=None)
@given(
    texts=st.lists(options(), min_size=1, max_size=12),
    width=st.integers(20, 60),
    rows=st.integers(3, 16),
)
# A bracket longer than a row, cut inside by the row's "…" (found by the property): not a
# split of one that fits.
@example(
    texts=["pay pay pay pay pay pay (pay cannot pay cannot): pay pay pay pay"], width=20, rows=3
)
def test_no_fitted_row_splits_a_bracket_that_fits_one(
    texts: list[str], width: int, rows: int
) -> None:
    lines = [option_line(i, t) for i, t in enumerate(texts)]
    for line, shown in zip(lines, fit_options(lines, width, rows), strict=True):
        assert not split_brackets(shown.split("\n"), width - 3, line), shown


def battle_lines(character: str) -> tuple[list[str], list[bool]]:
    """Return the options of a battle turn at level 2 as the list says them (Meditation
    kept), and which are dimmed."""
    game = (
        Scenario(character, level=2, seed=3)
        .resources(se=13, me=1, le=5)
        .weapon("knife")
        .skills("meditation")
        .monster("goblin")
        .dice(*[3] * 30)
        .start("battle")
    )
    offered = game.options()
    lines = [
        option_line(i, option_text(a, why, game.state, game.ruleset))
        for i, (a, why) in enumerate(offered)
    ]
    return lines, [bool(why) for _, why in offered]


@pytest.mark.parametrize("character", ["tomu", "niola"])
@pytest.mark.parametrize("width", [40, 44, 46, 50])
def test_every_option_that_takes_the_turn_says_so_when_cut(character: str, width: int) -> None:
    # 36a-5: Niola's list kept "(it takes your turn)" on Focus's row and cut Meditation's
    # to "8. Meditation (…): gain 1 ME"; Tomu's, at 44 columns, cut both.
    lines, off = battle_lines(character)
    turn_taking = [
        i
        for i, line in enumerate(lines)
        if TAKES_TURN_WORDS in line and not off[i] and "no use now" not in line
    ]
    assert any("Meditation" in lines[i] for i in turn_taking), lines
    shown = fit_options(lines, width, len(lines), off)
    for i in turn_taking:
        row = " ".join(shown[i].split())
        assert row.endswith((f"({TAKES_TURN_WORDS})", "(takes turn)")), shown
    meditation = next(row for row in shown if "Meditation" in row)
    assert "gain 1 ME" in meditation or width < 44, shown


def test_a_cut_row_says_the_note_short_where_that_keeps_the_options_words() -> None:
    lines, off = battle_lines("tomu")
    shown = fit_options(lines, WIDTH, len(lines), off)
    assert "4. Focus: pay 4 SE, gain 1 ME (takes turn)" in shown
    assert "8. Meditation (…): gain 1 ME (takes turn)" in shown
