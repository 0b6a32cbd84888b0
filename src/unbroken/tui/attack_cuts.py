"""An attack's option cut to one row. What gives way, in this order, where the row does
not fit (#28 round 29, 29a-5: rows dropped "Attack with", what the attack does and "—
defeats it" unevenly; a killing blow's row lost "wound 5" and "— defeats it"): its reward
and other notes after "— defeats it" (marked "…"); the reason in brackets after its wound
("(Armored −1)"), shortened, then dropped ("wound 2…"); "Attack with ", for every attack
row of the list alike (`fit_options`); the cost written short ("2 SE+1 LE", no "pay",
never dropped nor cut inside; how it is paid kept, #28 round 28: "(paid as 1 LE)"); the
attack's own name cut with "…", down to NAME_LEAST letters ("Decisive…"); the marks "…"
of the notes, then of the wound's reason, left out; "— defeats it" said "— defeats"; last
the name cut below NAME_LEAST, the most of it kept (#28 round 32, 32a-11: "3. Deci…: wound
4… - 2 SE+1 LE — defeats it…" named nothing; now "3. Decisive…: wound 4… - 2 SE+1 LE —
defeats"). "wound N" and "— defeats" are never cut, nor dropped but a killing blow's
"wound N" where nothing else fits (`cut_attack`'s `spare`: "2. Quick cut: 1 SE — defeats —
⚠ starve", "— defeats" says what it does; 34a-3). The detail line under the list says the
row whole."""

from __future__ import annotations

import re

from unbroken.tui.panel import cut
from unbroken.tui.row_keeps import brief_reason, last_group, said_why, top_level, top_parts
from unbroken.words.cutting import cut_words

#: An attack's option: its key (and odds) and name, what it does, its cost, its notes.
_KEY = r"^(?P<key>\S+ (?:\[[^\]]*\] )?)"
_ATTACK = re.compile(_KEY + r"(?P<verb>Attack with )(?P<name>[^:]+): ")
#: An attack's option, its words "Attack with " dropped or not (`without_verb`).
_ANY_ATTACK = re.compile(_KEY + r"(?P<verb>(?:Attack with )?)(?P<name>[^:]+): ")
#: Where an attack's option says "Attack with " (dimmed rows too: "2. Attack with Bash (…)").
_VERB = re.compile(r"^(\S+ (?:\[[^\]]*\] )?)Attack with ")
#: How an option that defeats the monster says so (`words.keeping.defeat_note`).
DEFEATS = " — defeats it"
#: "— defeats it" said short, where the attack's name would be cut below NAME_LEAST.
DEFEATS_SHORT = " — defeats"
#: The least of an attack's name a cut keeps before the marks of what it left out go and
#: "— defeats it" is said short (32a-11: "Deci…" named nothing; "Decisive…" does).
NAME_LEAST = 8
#: What an attack does first, never cut: "wound 2", "break 1 armor".
_DOES = re.compile(r"^(?:wound \d+|break \d+ armor)")
#: Why a shortfall is paid with higher effort, left out where room lacks ("(paid as 1
#: LE: short of ME)" → "(paid as 1 LE)").
_WHY_PAID = re.compile(r"(paid as [^:;()]+): [^;()]*")
#: How it is paid, kept in the cost's short ways ("(paid as 1 LE)"), alone in its brackets
#: or after what made the cost ("(Hex of Heaviness +1; paid as 1 SE + 2 ME: short of SE)").
_PAID_AS = re.compile(r"[(;] ?paid as ([^:;()]+)")


def is_attack(line: str) -> bool:
    """Return whether a numbered option is a weapon attack's ("3. Attack with Stab…")."""
    return _VERB.match(line) is not None


def without_verb(line: str) -> str:
    """Return an attack's option without "Attack with " ("3. Stab: wound 2 - pay 2 SE")."""
    return _VERB.sub(r"\1", line, count=1)


def split_attack(line: str, bare: bool = False) -> tuple[str, str, str, str, str, str] | None:
    """Return an attack's option as its key, "Attack with ", name, what it does, its cost
    ("pay 1 ME (paid as 1 LE: …)") and its notes (" — defeats it: …"; None: not an
    attack). `bare`: it may be said without "Attack with " ("" then)."""
    said = (_ANY_ATTACK if bare else _ATTACK).match(line)
    if said is None:
        return None
    rest = line[said.end() :]
    pays = top_level(rest, " - pay ")
    if not pays:
        return None
    pay = pays[0]
    does, cost = rest[:pay], rest[pay + 3 :]
    note = ""
    if " — " in cost:
        cost, note = cost.split(" — ", 1)
        note = f" — {note}"
    return said["key"], said["verb"], said["name"], does, cost, note


def does_ways(does: str) -> list[str]:
    """Return what an attack does, its reason in brackets whole, then shortened, then
    dropped ("wound 1 (Weak Spot: ignores armor)", "wound 1 (Weak Spot…)", "wound 1…"):
    its first words ("wound 1", "break 1 armor") are never cut."""
    first = _DOES.match(does)
    if first is None or first.end() == len(does):
        return [does]
    core, rest = does[: first.end()], does[first.end() :]
    space = rest[: len(rest) - len(rest.lstrip(" ,"))]  # " (Armored −1)", ", ignores armor"
    body = rest[len(space) :]
    words, kept = body.split(" "), []
    for n in range(len(words) - 1, 0, -1):  # between words, its brackets closed
        said = " ".join(words[:n]).rstrip(",;:")
        if said.count("[") == said.count("]") and said.strip("(") and said[-1] != "(":
            kept.append(f"{core}{space}{said}…{')' * (said.count('(') - said.count(')'))}")
    return list(dict.fromkeys([does, *kept, f"{core}…"]))


def short_costs(cost: str) -> list[str]:
    """Return an attack's cost written short, shorter each: "3 SE as 2 SE+1 LE", then what
    is paid only ("2 SE+1 LE"), of "pay 3 SE (paid as 2 SE + 1 LE: short of SE)"; "2 SE"
    of "pay 2 SE (Hex of Heaviness +1)" (the detail line says why)."""
    amount = cost.removeprefix("pay ").split(" (", 1)[0].replace(" + ", "+")
    paid = _PAID_AS.search(cost)
    if paid is None:
        return [amount]
    # How it is paid kept where the cost's brackets say more (round 30, 30b-3: the Shaman's
    # "pay 3 SE (Hex of Heaviness +1; paid as 1 SE + 2 ME: …)" said "3 SE" at 1 SE).
    as_paid = paid.group(1).strip().replace(" + ", "+")
    return [f"{amount} as {as_paid}", as_paid]


def paid_costs(cost: str) -> list[str]:
    """Return an attack's cost said whole, then without why it is paid so ("pay 2 SE (paid
    as 1 SE + 1 ME)"), then, where its brackets say more, with how it is paid alone in
    them ("pay 3 SE (paid as 1 SE + 2 ME)" of "pay 3 SE (Hex of Heaviness +1; paid as …)")."""
    ways = [cost, _WHY_PAID.sub(r"\1", cost)]
    paid = _PAID_AS.search(cost)
    if paid is not None:
        ways.append(f"{cost.split(' (', 1)[0]} (paid as {paid.group(1).strip()})")
    return list(dict.fromkeys(ways))


def cut_attack(line: str, width: int, bare: bool = False, spare: bool = False) -> str | None:
    """Return an attack's option cut to `width` (this module's order: its notes, its
    wound's reason, "Attack with ", its cost said short, its name cut); None: not an
    attack, or not even its name cut gives a row that keeps "wound N" and "— defeats it".
    `bare`: said without "Attack with " already (`split_attack`). `spare`: a killing
    blow's "wound N" goes at the very last, "— defeats" saying what it does ("2. Quick
    cut: 1 SE — defeats — ⚠ starve" in 40 cells; 34a-3), rather than no row."""
    parts = split_attack(line, bare)
    if parts is None or len(line) <= width:
        return None
    key, verb, name, does, cost, note = parts
    defeats = DEFEATS if note.startswith(DEFEATS) else ""
    tail = defeats if note == defeats else f"{defeats}…"  # a note left out: marked
    ways = does_ways(does)
    long_costs = paid_costs(cost)
    tried = [f"{key}{verb}{name}: {does} - {paid}{note}" for paid in long_costs]
    for head in dict.fromkeys([f"{key}{verb}{name}", f"{key}{name}"]):
        tried += [f"{head}: {said} - {paid}{tail}" for said in ways for paid in long_costs]
    costs = short_costs(cost)
    rests = [f": {ways[-1]} - {paid}{tail}" for paid in costs]
    tried += [f"{key}{name}{rest}" for rest in rests]
    # Then its name cut, NAME_LEAST letters kept at least; then the marks of what was left
    # out go, the notes' first, then the wound's reason's; then "— defeats it" is said
    # short; at the very last its name is cut further, the most of it kept (a letter and
    # "…" at least; 32a-11).
    said = list(dict.fromkeys([ways[-1], ways[-1].removesuffix("…")]))  # marked, then not
    ends = [rests, *([f": {does} - {paid}{defeats}" for paid in costs] for does in said)]
    if defeats:
        ends += [[f": {does} - {paid}{DEFEATS_SHORT}" for paid in costs] for does in said]
    least = min(NAME_LEAST, len(name))
    for each in ends:
        tried += _named(key, name, each, width, least + 1)
    if len(name) <= NAME_LEAST:
        # A short name is never cut below itself: its cost goes, marked, before "Stab"
        # reads "St…" (37a-2: the leading killing blow named by two letters).
        core = ways[-1].removesuffix("…")
        first = _DOES.match(core)
        core = core[: first.end()] if first else core
        tried += [
            f"{key}{name}: {core}…{end}"
            for end in dict.fromkeys([defeats, DEFEATS_SHORT if defeats else ""])
        ]
    tried += _named(key, name, [rest for each in ends for rest in each], width, 2)
    if spare and defeats:
        tried += _named(key, name, [f": {paid}{DEFEATS_SHORT}" for paid in costs], width, 2)
    return next((row for row in tried if len(row) <= width), None)


def _named(key: str, name: str, rests: list[str], width: int, least: int) -> list[str]:
    """Return an attack's row of each of its `rests` after its name, cut to the room each
    leaves (`least` cells at least: letters and "…"), the one that keeps most first."""
    rows = [(width - len(key) - len(rest), rest) for rest in sorted(rests, key=len)]
    return [f"{key}{cut(name, room)}{rest}" for room, rest in rows if room >= least]


def attack_kept(body: str, room: int, dimmed: bool, bare: bool) -> bool:
    """Return whether an option's own words keep what they must in `room`: an attack's
    "wound N", cost and "— defeats it" (`cut_attack`), which go before its warning's
    words (29a-5's order; the mark "⚠" stays, `warning_keeps`); any other's, True."""
    if dimmed or split_attack(body, bare) is None or len(body) <= room:
        return True
    return cut_attack(body, room, bare) is not None


def cut_attack_words(line: str, width: int, bare: bool = False) -> str:
    """Return an attack's option cut to one row (`cut_attack`), else between words."""
    return cut_attack(line, width, bare, spare=True) or cut_words(line, width)


def cut_dimmed_attack(line: str, width: int, bare: bool = False) -> str | None:
    """Return a dimmed attack's option cut to one row as a takeable one's is (`cut_attack`:
    its wound and its cost kept, "Attack with " and then its name giving way: what it costs
    is why it cannot be taken), the reason it ends with after it, said briefly where the
    row needs it: "3. Heavy blow: wound 3 - 1 ME (cannot pay)" (round 30, 30b-3: "3. Attack
    with Heavy blow: wou… (cannot pay)" said neither). None: not such an attack's (one of
    no use now keeps why it is, `row_keeps`), or no way of it fits."""
    opened = last_group(line)
    if opened <= 0 or len(line) <= width:
        return None
    parts = top_parts(line[opened + 1 : -1])
    why = [part for part in parts if said_why(f"({part})")]
    if not any("cannot pay" in part for part in why):  # "no use now: …" says more
        return None
    rest = [part for part in parts if part not in why]
    head = line[:opened].rstrip() + (f" ({'; '.join(rest)})" if rest else "")
    if split_attack(head, bare) is None:
        return None
    for reason in dict.fromkeys(["; ".join(why), "; ".join(map(brief_reason, why))]):
        tail = f" ({reason})"
        if len(head) + len(tail) <= width:
            return f"{head}{tail}"
        row = cut_attack(head, width - len(tail), bare)
        if row is not None:
            return f"{row}{tail}"
    return None
