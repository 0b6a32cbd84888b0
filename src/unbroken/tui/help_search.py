"""Help's search: which sections hold what was typed, its word forms too ("starve" finds
"starving", "starved", "starvation": #28 playtest round 10, where only "starv" did), and
where in a section the first match is (Enter lands there, marked)."""

from __future__ import annotations

import re

#: Endings taken off a typed word to find its other forms (the longest first).
ENDINGS = ("ation", "ings", "ing", "ed", "es", "e", "s")
#: The shortest stem searched as a word's start (shorter ones find too much: "arm").
STEM = 4


def stem(word: str) -> str:
    """Return a typed word's stem ("starve", "starving" → "starv"), or the word itself
    when taking an ending off would leave fewer than `STEM` letters."""
    for ending in ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= STEM:
            return word[: -len(ending)]
    return word


#: Where a typed word is found: at a word's start ("eat" in "eaten", not in "Beat": #28
#: round 11, where the search for "eat" landed on "Beat the fourth monster").
START = r"(?<!\w)"


def pattern(word: str) -> re.Pattern[str]:
    """Return what a typed word finds, any case: a word starting with it ("starv" in
    "starve") or with its stem."""
    word = word.lower()
    forms = [START + re.escape(word)]
    if stem(word) != word:
        forms.append(START + re.escape(stem(word)))
    return re.compile("|".join(forms), re.IGNORECASE)


def patterns(typed: str) -> list[re.Pattern[str]]:
    """Return the patterns of every word typed (none for blank)."""
    return [pattern(word) for word in typed.split()]


def holds(text: str, found: list[re.Pattern[str]]) -> bool:
    """Return whether `text` holds every word typed, in one of its forms."""
    return bool(found) and all(p.search(text) for p in found)


def first_match(lines: list[str], found: list[re.Pattern[str]]) -> int | None:
    """Return the index of the first line holding any word typed (None: no line does; a
    match broken over two lines is not found)."""
    return next((i for i, line in enumerate(lines) if any(p.search(line) for p in found)), None)
