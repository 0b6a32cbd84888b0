"""A cut option row keeps that taking it ends the battle turn (#28 round 36, 36a-5:
"8. Meditation (…): gain 1 ME" lost the "it takes your turn" that Focus's row kept):
every option of the kind keeps it at its row's end as a warning is kept, said shorter
where that keeps more of the option's own words ("4. Focus: pay 4 SE, gain 1 ME (takes
turn)"); the line under the list says it whole. Two options of one name keep what tells
them apart before it (38b-1: "7. Spike Thrower (Iron Spike)… (takes turn)" over "8. Spike
Thrower… (takes turn)", its "(Wooden Stake)" dropped for the note)."""

from __future__ import annotations

from collections.abc import Callable

from unbroken.tui.kept_rows import option_name
from unbroken.tui.row_keeps import whole_brackets
from unbroken.words.vocabulary import TAKES_TURN_WORDS

#: The note said whole, then shorter, whole words each (never "it takes your t…").
TURN_WAYS = [f" ({TAKES_TURN_WORDS})", " (takes turn)"]
#: The least of an option's own row kept before the note: its key and 20 letters (the
#: note gives way where even said short it would cut them, as before 36a-5).
HEAD = 25


def without_turn(line: str) -> str:
    """Return an option's line without its turn note, from whichever bracket holds it:
    "Meditation (pay 3 SE): gain 1 ME" of "Meditation (pay 3 SE; it takes your turn): …",
    "Focus: pay 4 SE, gain 1 ME" of "… (it takes your turn)"."""
    note = TAKES_TURN_WORDS
    return line.replace(f"; {note}", "").replace(f" ({note})", "")


def kept_words(row: str) -> int:
    """Return how many letters and figures of an option a cut row still says."""
    return sum(char.isalnum() for char in row)


def own_start(line: str) -> int:
    """Return where a numbered option's own words start, after its key and odds."""
    start = line.find(". ") + 2
    if line.startswith("[", start) and "] " in line[start:]:
        start = line.index("] ", start) + 2
    return start


def telling(lines: list[str]) -> list[str]:
    """Return, for each option, the first of its words that tell it from another of its
    name, a bracket whole ("Spike Thrower (Wooden Stake)" beside "Spike Thrower (Iron
    Spike)"); "" for one whose name no other option has."""
    own = [line[own_start(line) :] for line in lines]
    names = [line[own_start(line) : option_name(line)] for line in lines]
    told = []
    for i, words in enumerate(own):
        end = 0
        for j, other in enumerate(own):
            if j == i or names[j] != names[i] or other == words:
                continue
            at = next(
                (k for k, pair in enumerate(zip(words, other, strict=False)) if len(set(pair)) > 1),
                0,
            )
            depth = words[:at].count("(") - words[:at].count(")")
            close = words.find(")" if depth > 0 else " ", at)
            end = max(end, len(words) if close < 0 else close + (depth > 0))
        told.append(words[:end])
    return told


def keep_turn(line: str, width: int, cutter: Callable[[str, int], str], apart: str = "") -> str:
    """Return an option that takes the battle turn cut to `width` by `cutter`, the note
    at its end: said whole where that leaves the option's own words as many as said
    short ("4. Focus: pay 4 SE, gain 1 ME (it takes your turn)" at 50 columns), else
    short ("4. Focus: pay 4 SE, gain 1 ME (takes turn)", "8. Meditation (…): gain 1 ME
    (takes turn)" at 44). A line without the note, that fits, or whose key and first 20
    letters even the note said short would cut, is `cutter`'s alone (the line under the
    list says it whole). `apart`: the words that tell it from another option of its name
    (`telling`), kept before the note, else the note goes where `cutter` keeps them."""
    bare = without_turn(line)
    if bare == line or len(line) <= width:
        return cutter(line, width)
    best: tuple[int, str] | None = None
    for tail in TURN_WAYS:
        room = width - len(tail)
        if room < min(HEAD, len(bare)):  # its key and 20 letters first, note or not
            continue
        said = whole_brackets(cutter(bare, room))
        if apart not in said:  # two options of one name told apart first (38b-1)
            continue
        if best is None or kept_words(said) > best[0]:
            best = (kept_words(said), said + tail)
    if best is None and apart and apart not in cutter(line, width):
        return keep_turn(line, width, cutter)  # nothing keeps them: as before 38b-1
    return best[1] if best is not None else cutter(line, width)
