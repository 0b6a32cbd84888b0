"""What a cut option row keeps (#28 round 30): no bracket cut inside, a dimmed row's
reason said at its end, and no row cut while the list leaves rows free under it."""

from __future__ import annotations

#: A dimmed row's reasons said short where the name and the reason whole do not fit one
#: row (30b-2: "2. Fight the monster now…" said nothing of why it could not be taken;
#: 33a-7: its "(committed)" read as a label; 35b-13: "(you are committed)" said no "not
#: now" either): "(not now)", a refusal still, where even "(not now: committed)"
#: (`SHORTER_REASONS`, tried first) would cut the name (the line under says why).
SHORT_REASONS = {"not now: committed to the next encounter": "not now"}
#: A reason said shorter, still whole, before it is said briefly (`shorter_reason`).
SHORTER_REASONS = {"not now: committed to the next encounter": "not now: committed"}


def whole_brackets(row: str) -> str:
    """Return a cut row (its last line) with no bracket cut inside: where its "…" falls in
    a bracket that never closes, the bracket goes whole from its opening (30a-3: "7.
    Downgrade: give up the Knife for good (b…", "4. Focus: … (it takes you…")."""
    head, _, last = row.rpartition("\n")
    opened: list[int] = []
    for at, char in enumerate(last):
        if char == "(":
            opened.append(at)
        elif char == ")" and opened:
            opened.pop()
    start = opened[0] if opened else -1
    ends = last.find("…", start)
    if start < 0 or ends < 0:
        return row
    out = f"{last[:start].rstrip(' ,;:')}…{last[ends + 1 :]}"
    return f"{head}\n{out}" if head else out


def restored(shown: list[str], fuller: list[list[str]], cut: list[int], spare: int) -> list[str]:
    """Return the rows `shown` with the cut ones (`cut`, in the order cut) said again the
    first of their `fuller` ways (wrapped: whole, its reason said briefly) that the `spare`
    rows the list leaves free hold, the last cut first (30a-1: rows 7 and 8 cut over two
    blank rows under "a. Skip your turn")."""
    shown = list(shown)
    for i in reversed(cut):
        for way in fuller[i]:
            more = way.count("\n") - shown[i].count("\n")
            if 0 < more <= spare:
                shown[i], spare = way, spare - more
                break
    return shown


def top_level(text: str, sep: str) -> list[int]:
    """Return where `sep` starts in `text` outside any bracket: "; " between a bracket's
    parts (`top_parts`), an attack's " - pay " (attack_cuts.split_attack)."""
    depth, found = 0, []
    for at, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and text.startswith(sep, at):
            found.append(at)
    return found


def top_parts(inside: str) -> list[str]:
    """Return a bracket's words split at each "; " outside any inner bracket."""
    cuts = top_level(inside, "; ")
    starts, ends = [0, *(at + 2 for at in cuts)], [*cuts, len(inside)]
    return [inside[start:end] for start, end in zip(starts, ends, strict=True)]


def said_why(line: str) -> bool:
    """Return whether an option's line ends with why it is of no use now or cannot be
    paid: a cut keeps it (`cut_kept`)."""
    opened = last_group(line)
    return opened >= 0 and any(why in line[opened:] for why in ("no use now", "cannot pay"))


def last_group(line: str) -> int:
    """Return where the bracket that ends `line` opens (-1: it does not end in one)."""
    depth = 0
    for at in range(len(line) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(line[at], 0)
        if depth == 0:
            return at if line.endswith(")") else -1
    return -1


def brief_reason(reason: str) -> str:
    """Return a dimmed option's reason said briefly: "cannot pay", "no use now" ("no use
    now: rest" of a card kept only to rest on it, as "cannot pay" of one that rests),
    "needs 2 time" (of "needs 2 time, 1 left"), "no ability uses left" (of "… this
    level")."""
    briefly = SHORT_REASONS.get(reason, reason.partition(": ")[0])
    if briefly.startswith("cannot pay"):
        return "cannot pay"
    if briefly == "no use now" and ": rest, " in reason:  # kept to rest on it (33a-4)
        return "no use now: rest"
    return briefly.partition(", ")[0].removesuffix(" this level")


def shorter_reason(reason: str) -> str:
    """Return a reason said shorter but still saying why, "" when it has no such way: a
    payment of no use keeps which effort pays what is short, "no use now: LE pays the
    rest" of "no use now: needs 2 ME, you have 1, so LE pays the rest: 1 ME + 1 LE to gain
    1 LE" (words.paying; 31a-8: the row read a bare "(no use now)" and 1 ME against 2 ME
    read as "cannot pay")."""
    if reason in SHORTER_REASONS:  # "not now: committed" (33a-7)
        return SHORTER_REASONS[reason]
    head, so, pays = reason.partition(", so ")
    if not so or not head.startswith("no use now: ") or ": " not in pays:
        return ""
    pays = pays.partition(": ")[0]
    return f"no use now: {pays}" if " pays " in pays else ""


def said_briefly(line: str, shorter: bool = False) -> str:
    """Return an option with the reasons in the bracket that ends it said briefly
    (`brief_reason`): "4. Inspiration: pay 2 ME, gain 1 LE (cannot pay)"; or, `shorter`,
    those that have a shorter way said so (`shorter_reason`), "" when none has."""
    opened = last_group(line)
    if opened <= 0:
        return "" if shorter else line
    parts = top_parts(line[opened + 1 : -1])
    if shorter:
        said = [shorter_reason(part) or part for part in parts]
        return f"{line[: opened + 1]}{'; '.join(said)})" if said != parts else ""
    said = [brief_reason(part) if said_why(f"({part})") else part for part in parts]
    return f"{line[: opened + 1]}{'; '.join(said)})"
