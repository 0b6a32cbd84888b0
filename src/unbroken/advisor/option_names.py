"""An option's name as a verdict or a table names it: without what its line adds, as a
sentence names it, or, for a card kept at an encounter it could not pay, cut to a row with
its card first (`unpaid_cut`). Split from `unbroken.advisor.choice` (one job each)."""

from __future__ import annotations

import re

from unbroken.words.cutting import cut_words
from unbroken.words.warning_keeps import end_ways


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


def short_option(option: str, most: int) -> str:
    """Return an option's name cut to `most` characters, keeping what its line ends with
    after " — " in whole words (`end_ways`: "Attack with Heart shot: w… — defeats it", "…
    — ⚠ time runs out: ambush", "… — hunger −3 SE", never a phrase cut): #28 round
    24 read a killing blow cut before "— defeats it" beside "about equal to Skip your turn".
    Cut at the end where that would leave less than ten characters of the name. A card kept
    that could not be paid is named first, its note kept (`unpaid_cut`, 33a-5).
    Analyze's rows and `unbroken play`'s odds table name options so (35b)."""
    unpaid = unpaid_cut(option, most)
    if unpaid is not None:
        return unpaid
    if len(option) <= most or " — " not in option:
        return cut_words(option, most)
    head, tail = option.split(" — ", 1)
    name = head.split(": ", 1)[0]
    # The end said in whole words, shorter each way, never cut mid-phrase (34a-2; 35b:
    # "Trick the… — food 0 of 1 after", "— ⚠ time runs out"): the longest way that
    # leaves the name whole, else the shortest.
    ways = [f" — {way}" for way in end_ways(tail.split(" — ", 1)[0])]

    def kept(way: str) -> str:  # the head as said before the end `way`
        return head if len(head) + len(way) <= most else cut_words(head, most - len(way))

    fits = [way for way in ways if most - len(way) >= len(name) and kept(way).startswith(name)]
    tail = fits[0] if fits else ways[-1]
    if most - len(tail) < 10:
        return cut_words(option, most)
    if tail.startswith(" — ⚠") and len(name) + len(tail) > most:
        # The name says which decision this is: whole before a warning (31a-6: "Trial
        # and… — ⚠ time runs out"); where both do not fit, the warning gives way.
        return cut_words(head, most)
    return kept(tail) + tail
