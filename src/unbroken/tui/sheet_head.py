"""The monster sheet's head on the stage: its name and numbers over `m`'s pages, and what
a difficulty's danger track gave it."""

from __future__ import annotations

import re

from rich.text import Text

from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState, MonsterState
from unbroken.tui.card_lines import mark
from unbroken.tui.panel import NBSP, cut
from unbroken.words.monster import danger_bonus


def paged_head(card: tuple[str, str], mo: MonsterState, danger: str, die: str, width: int) -> Text:
    """Return the sheet's head over the rules shown a page at a time, two lines: the
    monster's name and numbers ("Basilisk  armor 1/1  health 12/12"; where narrow
    one space apart, then without the maximums: "Bugbear Warlord armor 1 health 5"),
    then the die (or the danger track), where there is one: no blank row over the rules
    (#28 round 23: the Gutter Wolf's page 1 before the battle). Where the name and its
    numbers do not fit on one line even so, the name has its line whole and the numbers
    the next (round 30, 30a-17: "Shrieking Fung… armor 0 health 4" at 80x24, a row free
    under the table). `card`: (id, name)."""
    name = card[1]
    guard = " GUARD UP" if mo.defend and mo.health > 0 else ""  # none once defeated
    armor, health = f"{mo.armor}/{mo.max_armor}", f"{mo.health}/{mo.max_health}"
    # The same words as everywhere else, never "arm 1/1 hp 5/5" (#28 round 22: the Bugbear
    # Warlord's): where the maximums do not fit they are left out.
    forms = [f"  armor {armor}  health {health}", f" armor {armor} health {health}"]
    forms.append(f" armor {mo.armor} health {mo.health}")
    numbers = next((n for n in forms if len(name) + len(n + guard) <= width), "")
    text = Text()
    text.append(cut(name, width), style="bold")
    mark(text, 0, card)
    if not numbers:  # the name whole on its line, the numbers on the next
        text.append("\n")
        said = next((n for n in forms if len(n.strip() + guard) <= width), forms[-1])
        numbers = said.strip()
    text.append(cut(numbers + guard, width - len(text.plain.rpartition("\n")[2])))
    text.append("\n")
    if die or danger:  # else one line: no blank row over the rules (#28 round 23)
        text.append(die or danger, style="bold" if die and not die.startswith("die –") else "dim")
        text.append("\n")
    return text


#: Where a head's line breaks whole: after a clause (": ", "; ", ", "), or before a
#: bracket's words.
CLAUSES = (": ", "; ", ", ")


#: A die's sum kept within 1-6 and why (tui/dice.py's `clamp_words`), one row's words.
CAPPED = re.compile(r" = \d+ \(a die's (?:most|least)\)")


#: A bonus on the die with the roll it goes on ("4 +1 Charge" of "⚃ 4 +1 Charge = 5";
#: "keep one, +1" of a re-roll's: the one kept), one row's words (#28 round 37, 37a-6:
#: "die ⚅ 6, re-roll ⚂ 3: keep one," then "+1" alone on the next row).
BONUS = re.compile(r"(?:keep one,|\d) [+\-−]\d+(?: [A-Z][\w'’-]*)*")


def held_cap(line: str) -> str:
    """Return a die's line with its sum and cap held together for a wrap (NBSP between
    their words, `Panel.wrapped`): "= 6 (a die's most)" on one row (31b-8); and so a bonus
    with its roll (`BONUS`)."""
    line = BONUS.sub(lambda found: found.group(0).replace(" ", NBSP), line)
    return CAPPED.sub(lambda found: " " + found.group(0)[1:].replace(" ", NBSP), line)


def head_cut(line: str, width: int) -> tuple[str, str]:
    """Return `line` cut to `width` and the words it leaves, as the pages say them ("" where
    it fits): at its last clause's end that fits, each part whole ("die ⚄ 5, re-roll ⚅ 6:"
    then "keep which?": #28 round 20 read "keep…" then "…which?", the question cut across
    two rows), else before the name it says ("the …") where that fits, else between words
    (#28 round 13: "die ⚂ 3 picked the Bugbear Warl…" then "…ord" split the name; round
    24: "…the Bugbear…" then "…Warlord", the "…" joins read as cut words), the line
    ending "…" after its last word, the rest whole (round 26: "die [6] of 7 picked" read
    as whole on the pages without the rest); a clause ending ";" or "," ends "…" instead
    (round 28: "die ⚄ 5 (monster's combat roll);" read as a bare mark), and so does one
    ending ":" (round 30, 30b-15: "die ⚅ 6, re-roll ⚁ 2:" where a page had no row for
    "keep which?"). A word longer than the line is cut where it ends. A die's sum and its
    cap stay on one row ("= 6 (a die's most)"; 31b-8: "die ⚅ 6 +1 Frightened = 6…" read as
    an arithmetic error over "a die's most (…"): cut before the sum where they do not fit;
    nor a bonus from its roll (`BONUS`; 37a-6: "…keep one…" then "+1" alone)."""
    if len(line) <= width:
        return line, ""
    ends = [line.rfind(mark, 0, width + 1) + 1 for mark in CLAUSES]
    ends.append(line.rfind(" (", 0, width + 1))
    capped = CAPPED.search(line)
    if capped is not None:  # never inside the sum and its cap: before it, else after it
        ends = [e for e in ends if not capped.start() < e < capped.end()]
        ends.append(capped.start() if capped.start() <= width else -1)
    for bonus in BONUS.finditer(line):  # nor between a bonus and its roll (37a-6)
        ends = [e for e in ends if not bonus.start() < e < bonus.end()]
    end = max(ends)
    if end > len("die "):
        head = line[:end].rstrip()
        if head.endswith((";", ",", ":")):  # more follows: said so (round 28: a bare ";")
            head = f"{head[:-1]}…"
        elif capped is not None and end == capped.start():  # its sum follows: said so
            head = f"{head}…"
        return head, line[end:].lstrip()
    named = line.rfind(" the ", 0, width + 1)
    space = named if named > len("die ") else line.rfind(" ", 0, width)
    if space <= 0:
        return cut(line, width), f"…{line[width - 1 :]}"
    return f"{line[:space]}…", line[space + 1 :]


def danger_line(state: GameState, rules: Ruleset, width: int) -> str:
    """Return what the difficulty's danger track gave the monster, to fit `width`:
    "danger track 2: +1 armor, +2 health" (shorter where narrow); "" when it gave nothing."""
    space, armor, health = danger_bonus(state, rules)
    if not armor and not health:
        return ""
    gains = [f"+{armor} armor" if armor else "", f"+{health} health" if health else ""]
    said = ", ".join(g for g in gains if g)
    for line in (f"danger track {space}: {said}", f"danger {space}: {said}"):
        if len(line) <= width:
            return line
    return cut(f"danger {space}: {said.replace(' armor', ' arm').replace(' health', ' hp')}", width)
