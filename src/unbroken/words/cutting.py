"""A line cut to a width between words, the one cut of every front end: the game screen's
options (`tui.option_rows`) and `unbroken analyze`'s option names (`cli.analyze`) (#28
round 26: two of them, and analyze's cut "reveal t…"): never inside a word, nor after an
amount without its unit or a separator, nor inside a bracket."""

from __future__ import annotations

import re

from unbroken.words.vocabulary import cut

#: What a cut does not end on: a separator ("-", "->", "—", ":", …), or an amount without
#: its unit (37a-3: "… (Weakened −1) -…", an old note's "… ->…").
LOOSE_ENDS = ",;:+-—([<>←→"


def without_loose_end(text: str) -> str:
    """Return `text` (the words a cut keeps) without the separators it ends on, spaces
    and all: "wound 1 (Weakened −1)" of "wound 1 (Weakened −1) -", "wound 1" of "wound 1
    ->" (37a-3: a cut never ends on " - ", "->", "—" or ":"). Every cut ends so: the
    option rows' (`cut_words`) and the detail line's (`tui.details.in_rows`)."""
    return text.rstrip().rstrip(LOOSE_ENDS).rstrip()


def unit_after(word: str, every: list[str], kept: list[str]) -> bool:
    """Return whether `word`, the last of those `kept` of `every` word, is an amount whose
    unit follows it ("2" of "pay 2 metal"; not of "wound 2 - pay")."""
    after = every[len(kept)] if len(kept) < len(every) else ""
    return word.lstrip("([").isdigit() and bool(after.strip(LOOSE_ENDS))


def unclosed(text: str) -> int:
    """Return where the first bracket `text` leaves open opens (-1: none is left open)."""
    opened: list[int] = []
    for at, char in enumerate(text):
        if char in "([":
            opened.append(at)
        elif char in ")]" and opened:
            opened.pop()
    return opened[0] if opened else -1


def cut_words(text: str, width: int) -> str:
    """Return `text` in at most `width` cells, cut between words ("…" marking it): never
    inside a word, nor after an amount without its unit or a separator ("pay 2 time…",
    not "pay 2 time, 1 ability u…"; #28 round 26: "Craft the Sword: pay 2 meta…"), nor
    with a bracket left open: it keeps the bracket's whole parts and closes it ("(pay 2
    cunning, …)"), else is cut before it ("Cold Logic [Sage]…", not "[Sage] (pay…" left
    open before the reason's own bracket: #28 round 26's leftover).
    One word longer than the row is cut inside it; words with no letters kept give "…"."""
    if len(text) <= width:
        return text
    if width < 2:
        return cut(text, width)
    kept = text[: width - 1]
    if text[width - 1] != " ":
        kept = kept.rpartition(" ")[0] if " " in kept else ""
    if not kept.strip(LOOSE_ENDS + " ") and len(text.split()[0].strip(LOOSE_ENDS)) < width:
        # Only a separator before the first word that fits ("…", not ": pa…": 37a-1's
        # "Plan: p…", a dimmed row's words after its name).
        return "…"
    words, every = kept.split(), text.split()
    while words and (not words[-1].strip(LOOSE_ENDS) or unit_after(words[-1], every, words)):
        words.pop()
    kept = " ".join(words)
    if unclosed(kept) >= 0:
        closed = closed_early(text, kept, width)
        if closed:
            return closed
        kept = kept[: unclosed(kept)]
    kept = without_loose_end(kept)
    if not kept and not text.startswith(" "):  # one word longer than the row
        return cut(text, width)
    if not any(char.isalnum() for char in kept):  # a body's first word does not fit
        return "…"
    lead = text[: len(text) - len(text.lstrip())]  # a body's leading space is kept
    return f"{lead}{kept}…" if not kept.startswith(lead) else f"{kept}…"


def closed_early(text: str, kept: str, width: int) -> str:
    """Return `kept` (the words of `text` a cut keeps, a bracket left open) with that
    bracket's whole parts and closed ("… (pay 2 cunning, …)"), in `width`; "" where none
    of its parts is whole in it, or a bracket is open inside it."""
    at = unclosed(kept)
    lead = text[: len(text) - len(text.lstrip())]
    start = len(lead) + at  # where the bracket opens in `text`
    end = text.find({"(": ")", "[": "]"}.get(text[start : start + 1], ")"), start)
    inside = text[start + 1 : end] if end > start else ""
    if text[start : start + 1] not in ("(", "[") or not inside or any(c in inside for c in "(["):
        return ""
    # Its whole parts, each ending at a ", " or "; ", the last said "…" ("pending; …").
    head = f"{lead}{kept[:at]}{text[start]}"
    best = ""
    for found in re.finditer(r"[,;] ", inside):
        said = f"{head}{inside[: found.end()]}…{text[end]}"
        if len(said) > width:
            break
        best = said
    return best
