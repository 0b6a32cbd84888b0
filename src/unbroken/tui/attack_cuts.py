"""An attack's option cut to one row: its cost and how it is paid kept before what it
does and its reward (#28 round 28: "3. Attack with Heavy blow: wound…" hid "(paid as 1 LE:
short of ME)", the player took it for impossible; "2. Attack with Sling stone… — defeats
it" lost its "pay 1 SE"). The detail line under the list says the row whole."""

from __future__ import annotations

import re

#: An attack's option: its key and name, what it does, its cost, then its notes.
_ATTACK = re.compile(r"^(?P<key>\S+ (?:\[[^\]]*\] )?)(?P<verb>Attack with )(?P<name>[^:]+): ")
#: How an option that defeats the monster says so (`words.keeping.defeat_note`).
DEFEATS = " — defeats it"
#: Why a shortfall is paid with higher effort, left out where room lacks ("(paid as 1
#: LE: short of ME)" → "(paid as 1 LE)").
_WHY_PAID = re.compile(r"(paid as [^:;()]+): [^;()]*")


def split_attack(line: str) -> tuple[str, str, str, str, str, str] | None:
    """Return an attack's option as its key, "Attack with ", name, what it does, its cost
    ("pay 1 ME (paid as 1 LE: …)") and its notes (" — defeats it: …"; None: not an
    attack)."""
    said = _ATTACK.match(line)
    if said is None:
        return None
    rest = line[said.end() :]
    depth, pay = 0, -1
    for at, char in enumerate(rest):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and rest.startswith(" - pay ", at):
            pay = at
            break
    if pay < 0:
        return None
    does, cost = rest[:pay], rest[pay + 3 :]
    note = ""
    if " — " in cost:
        cost, note = cost.split(" — ", 1)
        note = f" — {note}"
    return said["key"], said["verb"], said["name"], does, cost, note


def cut_attack(line: str, width: int) -> str | None:
    """Return an attack's option cut to `width`, its name, cost and how it is paid kept,
    and "— defeats it" where it kills; then what it does, whole or its first words; its
    reward and other notes go first (the detail line says them), then "Attack with "
    ("1. Crack: break 1 armor - pay 1 SE"), then what it does ("2. Sling stone… - pay 1
    SE — defeats it"). None: not an attack, or it does not fit so."""
    parts = split_attack(line)
    if parts is None or len(line) <= width or "⚠" in parts[5]:  # a warning: cut as before
        return None
    key, verb, name, does, cost, note = parts
    defeats = DEFEATS if note.startswith(DEFEATS) else ""
    core = does.split(" (", 1)[0]
    costs = list(dict.fromkeys([cost, _WHY_PAID.sub(r"\1", cost)]))
    tried: list[str] = []
    for kept in dict.fromkeys([defeats, ""]):
        tail = kept if kept == note else f"{kept}…"  # a note left out: marked
        heads = (f"{key}{verb}{name}", f"{key}{name}")
        for head in heads:  # what it does kept before "Attack with " ("1. Crack: break…")
            for said in dict.fromkeys([does, f"{core}…" if core != does else does]):
                tried += [f"{head}: {said} - {paid}{tail}" for paid in costs]
        tried += [f"{head}… - {paid}{tail}" for head in heads for paid in costs]
    return next((row for row in tried if len(row) <= width), None)
