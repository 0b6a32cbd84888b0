"""A cut option row keeps its warnings (#28 round 31, 31b-3): what happens for certain once
it is taken ("— ⚠ time runs out: the monster ambushes you") never gives way to the
option's own words. Where the row lacks room, the option's words are cut first, then the
warning is said short ("— ⚠ ambush"); the detail line under the list says it whole."""

from __future__ import annotations

import re
from collections.abc import Callable

from unbroken.words.forecast import AMBUSH_AHEAD

#: How a warning starts on an option's line (`words.actions.option_text`).
WARNED = " — ⚠ "
#: The warnings' short ways, each whole words that say what comes (never a phrase cut:
#: #28 round 34, 34a-2: "— ⚠ you starve at"), shorter each, by how the warning starts
#: (`words.forecast.warnings`); the shortest is the least a row says of it (34a-3: a bare
#: "⚠" said nothing). None is the start of its warning ("you starve" would read as all
#: of "you starve at the Hunger step…", a cut with no "…": 33b-1).
SHORT = [
    (AMBUSH_AHEAD, ["time runs out: ambush", "ambush"]),
    ("you starve", ["starve"]),
    ("you die", ["death"]),
    ("you cannot wound it", ["cannot wound"]),
]
#: A turn lock's warning ("Paralyzed 6: you cannot act again this fight") said short.
LOCKS = {
    "you cannot act again this fight": ["no more turns"],
    "this turn is your last this fight": ["last turn"],
}
#: The least of an option's own words kept before its warnings (its key and a few words):
#: with less room the warnings are said shorter.
LEAST = 20


def split_warnings(line: str) -> tuple[str, list[str]]:
    """Return an option's line without its warnings, and the warnings ("time runs out: …")."""
    body, *warned = line.split(WARNED)
    return body, warned


def short_ways(warning: str) -> list[str]:
    """Return a warning, then shorter ways to say it, the shortest last, each whole words
    (`SHORT`): first its words before any bracket or ":" ("you starve at the Hunger
    step…", its "…" marking what it leaves out, 33b-1), then its name for it ("starve").
    Never its words cut mid-phrase (34a-2)."""
    lock = LOCKS.get(warning.partition(": ")[2])
    if lock is not None:
        return [warning, *lock]
    head = warning
    for mark in (":", " ("):
        head = head.partition(mark)[0]
    named = next((ways for start, ways in SHORT if warning.startswith(start)), [])
    cut = [] if warning == AMBUSH_AHEAD or head == warning else [f"{head}…"]
    return list(dict.fromkeys([warning, *cut, *named]))


#: An option's note on the Hunger step ahead (`words.keeping.hunger_note`), its short way
#: what it costs: "food 0 of 1 after: hunger −3 SE" is "hunger −3 SE".
_HUNGER_NOTE = re.compile(r"food \d+ of \d+ after: (hunger −\d+ SE)")


def end_ways(said: str) -> list[str]:
    """Return what an option's line says after its first " — " (a warning "⚠ …", else
    its notes "defeats it: 1 treasure; …"), then shorter ways, the shortest last, each
    whole words: a warning's `short_ways`; a note's first one before its ":" where that
    names it ("defeats it", "Kobold's ambush"), the Hunger note by its cost ("hunger −3
    SE": "food 0 of 1 after" left what it costs out, 35b); before a bracket it opens,
    "…" marking the rest. Never a phrase cut (34a-2)."""
    if said.startswith("⚠ "):
        return [f"⚠ {way}" for way in short_ways(said[2:])]
    first = said.split("; ", 1)[0]
    hunger = _HUNGER_NOTE.fullmatch(first)
    if hunger:
        return list(dict.fromkeys([said, first, hunger[1]]))
    kept = first.split(":", 1)[0]
    if kept.count("(") > kept.count(")"):  # not cut inside its brackets: "score 48 (rank"
        kept = kept.split(" (", 1)[0] + "…"
    return [kept]


def tails(warned: list[str]) -> list[str]:
    """Return the warnings as a row's end, said whole first, then shorter each time."""
    ways = [short_ways(w) for w in warned]
    most = max(len(w) for w in ways)
    said = [[w[min(n, len(w) - 1)] for w in ways] for n in range(most)]
    return list(dict.fromkeys("".join(f"{WARNED}{w}" for w in each) for each in said))


def keep_warnings(
    line: str,
    width: int,
    cutter: Callable[[str, int], str],
    keeps: Callable[[str, int], bool] = lambda body, room: True,
) -> str:
    """Return an option cut to `width` by `cutter`, its warnings kept at its end: its own
    words cut to the room they leave ("7. Scout: pay 1 SE + 1 time… — ⚠ time runs out: the
    monster ambushes you"), the warnings said shorter where fewer than LEAST cells would be
    left ("… — ⚠ ambush"). A line with no warning is `cutter`'s alone. `keeps(body, room)`:
    whether the option's own words keep what they must in `room` (an attack's "wound N",
    cost and "— defeats it"): where no way of the warnings leaves it that room, they are
    said their shortest way all the same ("… — defeats — ⚠ starve"), the option's words
    cut to what is left (`cutter`; 34a-3: the mark alone, "— ⚠", said nothing); the line
    under the list says it whole."""
    body, warned = split_warnings(line)
    if not warned or len(line) <= width:
        return cutter(line, width)
    ends = tails(warned)
    for tail in ends:
        room = width - len(tail)
        if room >= min(LEAST, len(body)) and keeps(body, room):
            return cutter(body, room) + tail
    room = width - len(ends[-1])
    return cutter(body, room) + ends[-1] if room >= 2 else cutter(line, width)
