"""A cut option row keeps its warnings (#28 round 31, 31b-3): what happens for certain once
it is taken ("— ⚠ time runs out: the monster ambushes you") never gives way to the
option's own words. Where the row lacks room, the option's words are cut first, then the
warning is said short ("— ⚠ ambush"); the detail line under the list says it whole."""

from __future__ import annotations

from collections.abc import Callable

from unbroken.words.forecast import AMBUSH_AHEAD

#: How a warning starts on an option's line (`words.actions.option_text`).
WARNED = " — ⚠ "
#: The warnings said short by name, shorter each; any other is said to its first ":" or
#: " (" ("you starve at the Hunger step (food 0/3: −6 SE)" → "you starve at the Hunger
#: step"), then to its first three words ("you starve at").
SHORT = {AMBUSH_AHEAD: ["time runs out: ambush", "ambush"]}
#: The least of an option's own words kept before its warnings (its key and a few words):
#: with less room the warnings are said shorter.
LEAST = 20


def split_warnings(line: str) -> tuple[str, list[str]]:
    """Return an option's line without its warnings, and the warnings ("time runs out: …")."""
    body, *warned = line.split(WARNED)
    return body, warned


def short_ways(warning: str) -> list[str]:
    """Return a warning, then shorter ways to say it, the shortest last: one cut short of
    its words ends in "…" (33b-1: "— ⚠ you starve at" read as all it said)."""
    head = warning
    for mark in (":", " ("):
        head = head.partition(mark)[0]
    cuts = [head, " ".join(head.split()[:3])]
    shorter = SHORT.get(warning, [f"{way}…" if way != warning else way for way in cuts])
    return list(dict.fromkeys([warning, *shorter]))


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
    cost and "— defeats it"): where no way of the warnings leaves it that room, the mark
    alone ends the row ("… — defeats it — ⚠"), the line under the list saying it whole."""
    body, warned = split_warnings(line)
    if not warned or len(line) <= width:
        return cutter(line, width)
    ends = tails(warned)
    for tail in ends:
        room = width - len(tail)
        if room >= min(LEAST, len(body)) and keeps(body, room):
            return cutter(body, room) + tail
    room, mark = width - len(ends[-1]), WARNED.rstrip()
    if not keeps(body, room) and keeps(body, width - len(mark)):
        return cutter(body, width - len(mark)) + mark
    return cutter(body, max(room, 2)) + ends[-1] if room >= 2 else cutter(line, width)
