"""An option's name as a verdict or a table names it: without what its line adds, as a
sentence names it, or, for a card kept at an encounter it could not pay, cut to a row with
its card first (`unpaid_cut`). Split from `unbroken.advisor.choice` (one job each)."""

from __future__ import annotations

import re

from unbroken.words.cutting import cut_words


def short_name(option: str) -> str:
    """Return an option's name without what its line adds ("Scout: pay 1 SE + 1 time, reveal
    the monster — ⚠ …" is "Scout"), for a verdict that says what it does in its own words."""
    for cut in (": ", " — ", " ("):
        option = option.split(cut, 1)[0]
    return in_sentence(option)


def in_sentence(option: str) -> str:
    """Return an option's line as a sentence names it, without the full stop its text may
    end with ("…: Spend 2 time to gain 1 food." read "food.; where this led" in a verdict)."""
    return option[:-1] if option.endswith(".") and not option.endswith("..") else option


#: The note a travel option ends with when its encounter cannot be paid (R-TRAVEL-5:
#: choosing it rests, `words.actions`): "(cannot pay: rest, gain 1 SE)", with what else its
#: bracket says after a ";" ("revealed 2 times: one choice", "1 SE lost to the cap 20").
_RESTS = re.compile(r" \((cannot pay: rest)(, [^();]*)?((?:; [^()]*)?)\)")


def unpaid_cut(option: str, most: int) -> str | None:
    """Return an option kept at an encounter it could not pay cut to `most` characters,
    named as the options beside it are: its card first, then the note whole or cut shorter
    ("(cannot pay: rest, gain 2 SE)", "(cannot pay: rest)", "(cannot pay)"), the card's own
    text between where it fits whole: "Stolen Rations: 1 food -> 4 SE (time 1) (cannot pay:
    rest, gain 1 SE)" in 50 is "Stolen Rations (cannot pay: rest, gain 1 SE)", in 33
    "Stolen Rations (cannot pay: rest)", in 30 "Stolen Rations (cannot pay)".
    None: the option has no such note, or fits whole. #28 round 29 put "Rest, gain 2 SE —
    cannot pay" first (a row cut before the note read as the encounter resolved); round 33
    (33a-5) could not tell from "Rest, gain 2 SE — cannot pay…" which card was kept."""
    found = _RESTS.search(option)
    if found is None or len(option) <= most:
        return None
    head = option[: found.start()]
    name = head.split(" — ", 1)[0].split(": ", 1)[0]
    rest, gain, more = found.group(1), found.group(2) or "", found.group(3)
    for note in (f"({rest}{gain}{more})", f"({rest}{gain})", f"({rest})", "(cannot pay)"):
        room = most - len(note) - 1
        if room < len(name):
            continue
        return f"{head if len(head) <= room else name} {note}"
    return f"{cut_words(name, max(1, most - 13))} (cannot pay)"
