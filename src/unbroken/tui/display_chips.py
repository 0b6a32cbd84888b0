"""The Display panel's chips: a tracker's words and marks laid out in rows of the panel's
width, the food chip with what the Hunger step asks (split from tui/widgets.py)."""

from __future__ import annotations

from rich.text import Text

from unbroken.core import model as m
from unbroken.core.query import Query
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import PHASE_STEPS, GameState, Phase, StepName
from unbroken.tui.panel import bar

#: The width of a Display row's label ("time", "SE body").
DISPLAY_LABEL = 10


def food_chip(state: GameState, rules: Ruleset, marks: Text) -> Text:
    """Return the food held and what the Hunger step asks ("food 1 (eat 3)"), with the SE
    that eating short of it costs (R-HUNGER-3: "−3 SE"), in red when that is more than
    can be paid: starvation unless food or SE comes."""
    chip = Chip(*food_parts(state, rules, bool(marks.plain)), marks=marks)
    return chip.drawn(True)


def food_parts(state: GameState, rules: Ruleset, marked: bool) -> tuple[Text, Text]:
    """Return the food chip's words and what eating short costs after them (food_chip)."""
    held = state.res.get("food", 0)
    query = Query(rules, state)
    # Nothing is asked once the Hunger step has eaten (#28 round 16: "(eat 4) −3 SE" stayed
    # in the window after it, the loss paid).
    need = query.food_requirement() if query.hunger_to_come() else 0
    cap = rules.settings.caps.get("food")
    # Held against the cap (R-RES-2, "food 2/7"), then what is eaten: "food 2/1" (held
    # over eaten) read as over a cap (#28 round 5).
    words = Text(
        f"food {held}" + (f"/{cap}" if cap is not None else "") + (f"{EAT}{need})" if need else "")
    )
    if not held and not marked and not need:
        words.stylize("dim")
    short = Text()
    if held < need:
        eat = query.hunger(held)
        short.append(f" −{eat.loss} SE", style="bold red" if eat.starves else "yellow")
    return words, short


#: The long names said short where the Display is narrower than WIDE (80 columns), so
#: the caps fit beside the numbers with no row added: "cun 0/7  food 0/7 (eat 4) −10 SE"
#: is the 32 columns the Display has there (level 4 with no food), "treas. 0/7".
SHORT_NAMES = {"cunning": "cun", "treasure": "treas."}
#: The long names cut for a change's marks ("cun. 1 ▲+1"): treasure as README says it
#: (#28 round 16: "tre. 2" at 80 columns, where README said "treas.").
CUT_NAMES = {"cunning": "cun.", "treasure": "treas."}
WIDE = 40
#: The materials (R-RES-1), kept on one row of the Display where one row holds them.
MATERIALS = ("wood", "metal", "treasure")
#: What the food chip says of the food the Hunger step eats: "food 2 (eat 1)". Where its
#: row has no room for a change's marks too, the marks are shown instead for that change.
EAT = " (eat "


#: A row's chips drawn closer for a change's marks: whole, names cut, the marks against
#: their numbers ("food 0▼−2"); never one space apart (#28 round 28: "cun. 1 food 0 ▼−2"
#: ran the figures together where the other rows have two spaces).
CLOSER = ((False, "  ", False), (True, "  ", False), (True, "  ", True))
#: A row's marks cut to the changes' arrows ("metal 2 ▼"), where even their numbers against
#: the figures do not fit: every change is marked at every width (#28 round 29: at 80
#: columns five figures changed at once and the Display showed no mark at all).
ARROWS = "arrows"
#: A row's figures cut to the bone for a change's marks, a figure at its cap too ("wood
#: 7▲", not "wood 7/7" or "wood 7 max"): the last way before the marks go (round 32: at 80
#: columns "wood 7/7  metal 7/7  treas. 7/7", each just gained 1 to its cap, had no mark).
BARE = "bare"
#: How a row of chips is drawn (`fitted`): the marks (True, None: only the changes',
#: ARROWS, False), the food eaten left out, the names cut (True, BARE: the caps too), the
#: gap, the marks against their numbers.
Way = tuple[bool | str | None, bool, bool | str, str, bool]
#: The marks and the food eaten left out, in the order they are tried with BARE figures.
BARE_WAYS = ((None, False), (ARROWS, False), (ARROWS, True))


class Chip:
    """A material on the Display: its words, the marks of the last change (▲▼, caps) and
    what follows them (the food's cost of eating short), with `room` kept for that;
    `abbreviated`: its words with a long name cut ("cun. 2"), for a row short of room;
    `bare`: the shortest of them, at its cap too ("cun. 7"; `abbreviated` if not given)."""

    def __init__(
        self,
        words: Text,
        after: Text | None = None,
        *,
        marks: Text,
        room: int = 0,
        abbreviated: Text | None = None,
        group: str = "",
        bare: Text | None = None,
    ):
        self.words, self.after, self.marks = words, after or Text(), marks
        #: The chips of one group ("materials") share a row where one row holds them all.
        self.group = group
        self.abbreviated = abbreviated or words
        self.bare = bare or self.abbreviated
        #: The columns the chip is laid out with: the marks never move a chip to another
        #: row (a ▲ made the materials flow over the rows anew).
        self.width = len(words.plain) + max(room, len(self.after.plain))

    def drawn(
        self,
        marks: bool | str | None,
        short: bool = False,
        cut: bool | str = False,
        tight: bool = False,
    ) -> Text:
        """Return the chip with its marks (True), only the changes' (None: "▲+1"), only
        their arrows (ARROWS: "▲"), or none; `short`: without the food eaten (EAT), `cut`:
        its name abbreviated (BARE: its cap left out too), `tight`: the marks against the
        number ("food 0▼−2"), to make room for the marks."""
        # Cut where that is shorter: at 80 columns "treas. 7/7" is shorter than the cut
        # "treas. 7 max" (round 29: three materials marked at once did not fit).
        least = self.bare if cut == BARE else self.abbreviated
        shorter = len(least.plain) <= len(self.words.plain)
        text = (least if cut and shorter else self.words).copy()
        # The food eaten stays where a cost follows it: "food 0 ▼−10 −10 SE" read as two
        # numbers in a row (#28 round 20); the change's number goes instead (the log has it).
        if short and EAT in text.plain and not (self.after.plain and self.marks.plain):
            text = text[: text.plain.index(EAT)]
        elif short and EAT in text.plain and marks:
            marks = ARROWS
        said = Text()
        if marks is True:
            said = self.marks
        elif marks is None or marks == ARROWS:  # the changes' marks, the caps' left out
            for part in self.marks.split(" ", allow_blank=False):
                if part.plain and part.plain[0] in "▲▼":
                    style = part.spans[0].style if part.spans else part.style
                    said.append(" " + part.plain.strip()[: 1 if marks else None], style=style)
        # The change beside the number it changed, the food eaten after it: "food 0 ▼−2
        # (eat 4) −10 SE" (#28 round 20: "(eat 4) ▼-2 −10 SE" read as two numbers in a row).
        at = text.plain.find(EAT)
        # Against a number only: "treas. 7 max▲+1" ran a word into the mark (round 29).
        before = text.plain[:at] if at >= 0 else text.plain
        if tight and said.plain.startswith(" ") and before[-1:].isdigit():
            said = said[1:]
        if at >= 0 and said.plain:
            text = Text.assemble(text[:at], said, text[at:])
        else:
            text.append_text(said)
        text.append_text(self.after)
        return text


def change_mark(diff: int) -> str:
    """Return a change's mark: " ▲+2", " ▼−2", the minus sign the costs have ("−10 SE":
    #28 round 20 read "▼-2 −10 SE" with two different minus signs)."""
    return f" ▲+{diff}" if diff > 0 else f" ▼−{-diff}"


def chip_rows(chips: list[Chip], width: int) -> Text:
    """Return the materials over as few rows as the width allows, laid out without their
    marks (so the rows stay put when a change is marked); where a row's marks would not
    fit, the long names are abbreviated ("cun. 0") and the marks put against their
    numbers, then the caps' marks go (the changes keep their numbers) in the same steps,
    then the food chip leaves out the food eaten (the names whole again), then the
    changes keep only their arrows ("metal 2 ▼", in the same steps), then the figures at
    their caps leave out the cap ("wood 7▲", BARE): every change is marked at every width
    (#28 round 29, round 32). The food eaten goes late: "(eat 1)" was lost
    beside "cunning ▲+1" at 80 columns (#28 round 8)."""
    rows: list[list[Chip]] = [[]]
    used = 0
    for i, chip in enumerate(chips):
        # A group starts a row where the rest of this one would split it and a row holds
        # it (#28 round 11: at 120x40 "… −6 SE  wood 0" over "metal 0  treasure 0").
        group = [c for c in chips[i:] if chip.group and c.group == chip.group]
        opens = not i or chips[i - 1].group != chip.group
        if rows[-1] and opens and group and used + 2 + laid_out(group) > width >= laid_out(group):
            rows.append([])
            used = 0
        if rows[-1] and used + 2 + chip.width > width:
            rows.append([])
            used = 0
        used += (2 if rows[-1] else 0) + chip.width
        rows[-1].append(chip)
    # A chip alone on the last row takes a neighbour from the row above (round 10: at
    # 120x40 "treasure 0" stood alone under "cunning 0  food 4 (eat 3)  wood 0  metal 1").
    if len(rows) > 1 and len(rows[-1]) == 1 and len(rows[-2]) > 2:
        if laid_out([rows[-2][-1], *rows[-1]]) <= width:
            rows[-1].insert(0, rows[-2].pop())
    text = Text()
    # (marks, food eaten left out, names cut, between chips): for this change only.
    whole: list[Way] = [(mark, False, *way) for mark in (True, None) for way in CLOSER]
    tries: list[Way] = [(True, True, False, "  ", False), (None, True, False, "  ", False)]
    # Then the changes' arrows alone, the food eaten kept where that fits (round 29).
    tries += [(ARROWS, False, *way) for way in CLOSER] + [(ARROWS, True, *CLOSER[-1])]
    # Then the caps go too, the changes' numbers first (round 32: "wood 7/7▲  metal 7/7▲
    # treas. 7/7▲" is 33 columns, one more than an 80-column table's Display).
    tries += [(mark, short, BARE, "  ", True) for mark, short in BARE_WAYS]
    tries.append((False, False, False, "  ", False))
    loose: list[Way] = [(True, False, False, "  ", False)]
    # loose: the marks, the food eaten, the names whole, two spaces between chips
    for i, row in enumerate(rows):
        # The last chip goes to the next row where that has room before a name is cut: at
        # 120x40 "cun. 2 ▲+2 food 1 (eat 2) −1 SE wood 0 metal 0" left "treasure 0" alone
        # on the next row (round 10).
        while fitted(row, loose, width) is None and len(row) > 1 and i + 1 < len(rows):
            if laid_out([row[-1], *rows[i + 1]]) > width:
                break
            rows[i + 1].insert(0, row.pop())
        line = fitted(row, whole, width)
        # The last chip goes to the next row where that has room, before the food chip
        # leaves out the food eaten: at 120x40 "food 2 −1 SE" lost its "(eat 3)", with no
        # change of its own, beside "wood 2 ▼-1  metal 2 ▼-1" (#28 round 9).
        while line is None and len(row) > 1 and i + 1 < len(rows):
            moved = row[-1]
            if laid_out([moved, *rows[i + 1]]) > width:
                break
            rows[i + 1].insert(0, row.pop())
            line = fitted(row, whole, width)
        text.append_text(line or fitted(row, tries, width) or Text())
        text.append("\n")
    return text


def laid_out(row: list[Chip]) -> int:
    """Return the columns a row of chips takes laid out without their marks."""
    return sum(chip.width for chip in row) + 2 * (len(row) - 1)


def fitted(row: list[Chip], tries: list[Way], width: int) -> Text | None:
    """Return the row drawn the first of `tries` way that fits `width` (the last try
    is taken as it is when its marks are False), or None when none fits."""
    for marks, short, cut, gap, tight in tries:
        line = Text(gap).join(chip.drawn(marks, short, cut, tight) for chip in row)
        if len(line.plain) <= width or marks is False:
            return line
    return None


def min_encounter_time(rules: Ruleset) -> int:
    """Return the least time an encounter card takes (an encounter at that time left or
    less brings the track to 0: the monster ambushes, R-TRAVEL-1)."""
    return min((e.time for e in rules.encounters.values()), default=0)


def material_chip(k: str, value: int, caps: dict[str, int], marks: Text, width: int) -> Chip:
    """Return a material's chip on a Display `width` wide: held against its cap (R-RES-2)
    before it is reached, as the effort is ("wood 2/7"; at 80 columns the long names
    short, so no row is added); cut for a change's marks, the cap goes first ("cun. 1
    ▲+1", as before the caps were shown; " max" at it), and last at it too ("cun. 7▲",
    BARE)."""
    name, held = m.RESOURCE_NAMES[k], f"{value}/{caps[k]}" if k in caps else value
    short_name = SHORT_NAMES.get(k, name) if width < WIDE else name
    chip = Text(f"{short_name} {held}")
    top = " max" if value >= caps.get(k, value + 1) else ""
    cut = Text(f"{CUT_NAMES.get(k, name)} {value}{top}")
    bare = Text(f"{CUT_NAMES.get(k, name)} {value}")  # the cap left out, at it too
    if not value and not marks:
        for text in (chip, cut, bare):
            text.stylize("dim")
    group = "materials" if k in MATERIALS else ""
    return Chip(chip, marks=marks, abbreviated=cut, group=group, bare=bare)


def unset(state: GameState) -> bool:
    """Return whether the fight has not set the time track yet (R-COMBAT-3): the Ambush or
    Trickery step entered, its monster still to be revealed."""
    opening = state.step in (StepName.AMBUSH, StepName.TRICKERY)
    return state.phase == Phase.COMBAT and opening and state.monster is None


def time_row(
    state: GameState, rules: Ruleset, change: dict[str, int], reset: bool, width: int = 0
) -> tuple[Text, str]:
    """Return the Display's time row ("time ▮▮▮▯ 7 left") and its note ("level 2 starts at
    22": its track's start); `change`: the last decision's changes, `reset`: whether it set
    the track. A card kept shows the time it will take ("7 left, −2 to come"), dim; the note
    gives way to it where both do not fit the row's `width` (the panel keeps its rows),
    and where it does not fit beside a whole bar it is the note ("−2 to come")."""
    starts = rules.settings.level_start_time
    line = Text()
    note = kept = ""
    if state.time_track:
        t = state.res.get("time", 0)
        line.append("time".ljust(DISPLAY_LABEL), style="bold")
        # Full is the time this level started with (or more, after a reset).
        full = max(t, starts[min(state.level, len(starts)) - 1] if starts else t, 1)
        tail = Text(f" {t:>2}")
        # After a reset the change before it means nothing, and the row has no
        # room for one after it (an ambush's loss): the log says it.
        diff = 0 if reset else change.get("time", 0)
        if reset:
            tail.append(" ↺", style="bold")
        # A game over in a fight says the fight's time as the fight did: the replay
        # viewer's death step said "left" and "level 3 gets 26 time" (#28 round 10).
        combat = state.phase == Phase.COMBAT or (
            state.phase == Phase.OVER and state.step in PHASE_STEPS[Phase.COMBAT]
        )
        # Until the fight sets the track (R-COMBAT-3: once the monster is revealed), the
        # time is the level's own, said as before (31b-1: while the monster's reveal was
        # rolled, "1 for level 2", the old level's time, before "22 ↺ for level 2").
        combat = combat and not unset(state)
        if not combat:  # kept beside a change (#28 round 8)
            tail.append(" left")
        if diff:
            tail.append(change_mark(diff), style="bold")
        if state.phase == Phase.TRAVEL and state.chosen in rules.encounters:
            # A card kept: its time goes when it is resolved or rested on (R-TRAVEL-6), said
            # as the food row says the Hunger step's cost to come (#28 round 17: "7 left").
            # Not marked ▼ as a change made: "7 left ▼-2" read as already paid (round 19).
            kept = f", −{rules.encounters[state.chosen].time} to come"
            tail.append(kept, style="dim")
        # The time to come goes under the bar, in the note's place, before the bar gives up
        # a cell for it (#28 round 21: "██  5 left, −2 to come" at 80 columns). Said beside
        # a change's mark too: the same question says the same words whatever came before
        # it (31b-12: "−2 to come", after `u`'s ▲+2 "level 3 starts at 26").
        moved = kept and width and len(line.plain) + 6 + len(tail.plain) > width
        if moved:
            tail.right_crop(len(kept))
        # The bar gives up cells before the row wraps (an 80-column Display: 33 cells).
        room = width - len(line.plain) - len(tail.plain) if width else 6
        line.append(bar(t, full, max(2, min(6, room))), style="magenta")
        line.append_text(tail)
        if state.phase == Phase.TRAVEL and 0 < t <= min_encounter_time(rules):
            note = "encounter → ambush"  # its time takes the track to 0
        elif combat and state.level < len(starts):
            # R-COMBAT-3: the fight set the track to the next level's time ("22 ↺ for level
            # 2"; #28 round 27: "22 ↺ level 2 time" was cryptic). As short: one row.
            note = f"for level {state.level + 1}"
        elif state.level < len(starts):
            # Whose time it is, said first: "next level: 22 time" read as a target or a
            # cost (#28 round 27), "level 2 gets 22 time" beside "7 left" as a level 1
            # short of time (round 22).
            note = f"level {state.level + 1} starts at {starts[state.level]}"
        fits = len(line.plain) + 2 + len(note) <= width  # two spaces apart (widgets)
        if moved:  # the level's note comes back once the card's time is taken
            note = kept[2:] + (" → ambush" if note.endswith("ambush") else "")
        elif kept and not fits and len(line.plain) - len(kept) + 1 + len(note) <= width:
            note = ""  # it comes back once the card's time is taken
    else:
        line.append("time".ljust(DISPLAY_LABEL) + "no track:", style="bold")
        note = "time costs SE"
    return line, note
