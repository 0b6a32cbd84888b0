"""An option's row cut to one row keeping what it will or will not do (`cut_kept`): its
name and its reason whole ("(cannot pay)", "(no use now: …)"), then its cost, a card's own
words first to go (`without_own_words`); a craft's name whole (`craft_kept`). Split from
option_rows, which fits the options to their rows and calls these."""

from __future__ import annotations

from unbroken.tui.attack_cuts import is_attack, without_verb
from unbroken.tui.panel import cut
from unbroken.tui.row_keeps import (
    brief_reason,
    last_group,
    said_why,
    shorter_reason,
    top_parts,
)
from unbroken.words.cutting import cut_words


def without_own_words(line: str) -> str:
    """Return an option without an ability's own words, which follow its cost's bracket
    ("Take a Peek [Sneak] (1 ability use): The next…"), the bracket ending it kept: a
    cut drops them first (the detail line and the inspector say them)."""
    depth = 0
    for at, char in enumerate(line):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == ")" and depth == 0 and line.startswith(") (", at):
            continue  # an item's bracket before the cost's (30a-2: "Spike Thrower (Iron Spike)")
        if char == ")" and depth == 0:
            if not line.startswith("): ", at):
                return line
            opened = last_group(line)
            kept = line[opened:] if opened > at and said_why(line) else ""
            return f"{line[: at + 1]} {kept}".rstrip()
    return line


#: The least of an option a cut keeps: its key ("10. ") and 20 letters, then "…".
HEAD = 25


def cut_dimmed(line: str, width: int) -> str:
    """Return a dimmed option cut to one row, its reason kept at the end: "8. Spike
    Thrower (Iron Spike) (pay 1 m… (cannot pay)" (#28 round 9: the cut took the reason,
    "3. Attack with Heavy blow: wound 3 - pay 1…" gave no sign it could not be paid)."""
    return cut_kept(line, width)


#: The least of an option's words kept between its name and its reason said whole: with
#: less room the reason is said briefly ("cannot pay", "no use now").
BODY = 8


def option_name(line: str) -> int:
    """Return where a numbered option's name ends: at its first ": ", " (", " [" or " - "
    ("8. Take a Peek", "3. Attack with Heavy blow", "0. Craft the Club"), after the odds
    drawn before it ("5. [44% stopped] Inspiration")."""
    start = 3
    if line.startswith("[", start) and "] " in line[start:]:
        start = line.index("] ", start) + 2
    ends = [at for at in (line.find(mark, start) for mark in (": ", " (", " [", " - ")) if at > 0]
    return min(ends, default=len(line))


#: A craft option's name: "0. Craft the Sword".
CRAFT = ". Craft the "


def craft_kept(name: str, more: bool, reasons: list[str], width: int) -> str:
    """Return a craft option cut to one row, the name of what is crafted whole ("…" after it
    where its cost is cut, `more`) and its reasons said briefly, all that fit, each one
    whole, the last first: "0. Craft the Sword… (short of metal)" (31b-13: "0. Craft the…
    (needs 2 time; short of metal)" kept nothing of the Sword; the detail line says every
    reason); "" where the name leaves no room for one."""
    head = f"{name}{'…' if more else ''} ("
    said = [brief_reason(reason) for reason in reasons]
    for kept in (said, *([one] for one in reversed(said))):
        row = f"{head}{'; '.join(kept)})"
        if len(row) <= width:
            return row
    return ""


def fits_bare(name: str, tail: str, width: int) -> bool:
    """Return whether an attack's option fits `width` said without "Attack with " (its
    name whole) with its reason `tail`."""
    return is_attack(name) and len(without_verb(name)) + len(tail) <= width


def cut_kept(line: str, width: int) -> str:
    """Return an option cut to one row keeping what it will or will not do: its name and
    the reason its line ends with ("(cannot pay)", "(no use now: …)") whole, then its
    cost, and last a card's own words, which go first (#28 round 25: "8. Take a Peek
    [Sneak] (1 ability use): The…" cut its "(no use now: …)"; round 24: "4. Inspiration:
    pay 2 ME, g… (cannot pay 2…)" said nothing whole). The reason is said briefly where
    the name would not keep its row with it; the detail line says it all."""
    opened = last_group(line)
    if len(line) <= width or opened <= 0:  # between words (37a-1: "… gain 1 cunn…")
        return cut_words(line, width)
    name_end = option_name(line)
    parts = top_parts(line[opened + 1 : -1])
    # The reason: the part that says the option cannot be paid or is of no use now, else
    # the last ("(pay 1 metal; cannot pay)", "(no use now: …; it takes your turn)").
    why = [i for i, part in enumerate(parts) if said_why(f"({part})")]
    if why:
        reasons = [parts.pop(why[0])]
    else:  # all it is short of, whole (#28 round 27: "(short of wood)" left out the time)
        costs = [part for part in parts if part.startswith("pay ") or "ability use" in part]
        reasons = [part for part in parts if part not in costs] or [parts[-1]]
        parts = [part for part in parts if part not in reasons]
    reason = "; ".join(reasons)
    body = line[name_end:opened].rstrip() + (f" ({'; '.join(parts)})" if parts else "")
    name = line[:name_end] if opened >= name_end else line[:opened].rstrip()
    body = without_own_words(body) if opened >= name_end else ""
    briefly = "; ".join(brief_reason(part) for part in reasons)
    shorter = "; ".join(shorter_reason(part) or part for part in reasons)
    for said in dict.fromkeys((reason, shorter, briefly)):
        tail = f" ({said})"
        room = width - len(name) - len(tail)
        if room >= min(len(body), BODY):
            break
    # The reason is never cut (#28 round 26's leftover: "(no ability uses left th…)"),
    # and it gives way last: where the name whole and the reason said briefly are too
    # long, the name is cut (30a-1: "3. Attack with Cleave…" said nothing of its armor),
    # an attack's "Attack with " first, from every attack row alike (`fit_options`).
    if room < 0 and fits_bare(name, tail, width):
        return f"{without_verb(name)}{tail}"
    crafted = craft_kept(name, bool(body), reasons, width) if CRAFT in name else ""
    if room < 0 and crafted:  # what is crafted is kept, a reason left out first (31b-13)
        return crafted
    if room < 0:
        # Narrower still, a refusal keeps its head: "(not now)" of "(not now: committed)"
        # (35b-13: a dimmed row must never read as a label, nor as a row that can be taken).
        head = f" ({briefly.partition(': ')[0]})"
        fewer = fewer_reasons(name, reasons, width)
        ends = [end for end in (tail, head) if width - len(end) >= BODY]
        if fewer:
            return fewer
        return cut(name, width - len(ends[0])) + ends[0] if ends else cut_words(line, width)
    shown = body if len(body) <= room else (cut_words(body, room) if room > 1 else "…" * room)
    return f"{name}{shown}{tail}"


def fewer_reasons(name: str, reasons: list[str], width: int) -> str:
    """Return an option said by its name and its first reasons, briefly, the rest marked
    left out, "Attack with " gone where that is what fits: "1. Attack with Crack (no armor
    to break; …)", "1. Crack (no armor to break…)" (34a-4: "1. Attack with Crack…" lost
    why it was dimmed); "" where none fits or it has one reason only."""
    firsts = ["; ".join(map(brief_reason, reasons[:n])) for n in range(len(reasons) - 1, 0, -1)]
    for tail in (f" ({said}{end})" for said in firsts for end in ("; …", "…")):
        if len(name) + len(tail) <= width:
            return f"{name}{tail}"
        if fits_bare(name, tail, width):
            return f"{without_verb(name)}{tail}"
    return ""
