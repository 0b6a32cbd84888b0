"""The game screen's panels: each renders the engine's state, none holds a rule."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import RichLog

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.forecast import Forecast
from unbroken.core.query import Query
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import PHASE_STEPS, GameState, Phase, StepName
from unbroken.tui.hand import HandPanel, HandText, attack_text
from unbroken.tui.option_rows import (
    OPTION_KEYS,
    UNKEYED,
    DecisionList,
    fit_options,
    option_line,
    wrap_option,
)
from unbroken.tui.panel import Panel, bar
from unbroken.tui.stage import StagePanel
from unbroken.words.outcomes import STEP_NAMES

#: The width of a tracker's name in the Display panel.
LABEL = 10
#: The efforts spelled out beside their letters, so the screen says what SE, ME, LE are.
EFFORT_WORDS = {"se": "small", "me": "medium", "le": "large"}


def deltas(events: list[ev.Event]) -> tuple[dict[str, int], dict[str, int]]:
    """Return (net change per resource, amount lost to caps) over some events."""
    change: dict[str, int] = {}
    capped: dict[str, int] = {}
    for e in events:
        if isinstance(e, ev.Gained):
            for k, n in e.amounts.items():
                change[k] = change.get(k, 0) + n
            for k, n in e.lost_to_cap.items():
                capped[k] = capped.get(k, 0) + n
        elif isinstance(e, (ev.Spent, ev.Lost)):
            for k, n in e.amounts.items():
                change[k] = change.get(k, 0) - n
    return change, capped


def time_reset(events: list[ev.Event]) -> bool:
    """Return whether some events set the time track.

    A reset (R-COMBAT-3) makes the change before it meaningless: time 1, spent
    to 0, set to 22 is not "-1" but a new track.
    """
    return any(isinstance(e, ev.TimeSet) for e in events)


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
    need = query.food_requirement()
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


#: A row's chips drawn closer for a change's marks: whole, names cut, one space apart.
CLOSER = ((False, "  "), (True, "  "), (True, " "))


class Chip:
    """A material on the Display: its words, the marks of the last change (▲▼, caps) and
    what follows them (the food's cost of eating short), with `room` kept for that;
    `abbreviated`: its words with a long name cut ("cun. 2"), for a row short of room."""

    def __init__(
        self,
        words: Text,
        after: Text | None = None,
        *,
        marks: Text,
        room: int = 0,
        abbreviated: Text | None = None,
        group: str = "",
    ):
        self.words, self.after, self.marks = words, after or Text(), marks
        #: The chips of one group ("materials") share a row where one row holds them all.
        self.group = group
        self.abbreviated = abbreviated or words
        #: The columns the chip is laid out with: the marks never move a chip to another
        #: row (a ▲ made the materials flow over the rows anew).
        self.width = len(words.plain) + max(room, len(self.after.plain))

    def drawn(self, marks: bool | None, short: bool = False, cut: bool = False) -> Text:
        """Return the chip with its marks (True), only their arrows (None), or none;
        `short`: without the food eaten (EAT), `cut`: its name abbreviated, to make room
        for the marks."""
        text = (self.abbreviated if cut else self.words).copy()
        if short and EAT in text.plain:
            text = text[: text.plain.index(EAT)]
        if marks:
            text.append_text(self.marks)
        elif marks is None:  # each change with its number ("▲+1"), the caps' marks left out
            for part in self.marks.split(" ", allow_blank=False):
                if part.plain and part.plain[0] in "▲▼":
                    style = part.spans[0].style if part.spans else part.style
                    text.append(" " + part.plain.strip(), style=style)
        text.append_text(self.after)
        return text


def chip_rows(chips: list[Chip], width: int) -> Text:
    """Return the materials over as few rows as the width allows, laid out without their
    marks (so the rows stay put when a change is marked); where a row's marks would not
    fit, the long names are abbreviated ("cun. 0") and the chips one space apart, then the
    caps' marks go (the changes keep their numbers) in the same steps, then the food chip
    leaves out the food eaten (the names whole again), and the marks
    are left out where even that does not fit. The food eaten goes last: "(eat 1)" was
    lost beside "cunning ▲+1" at 80 columns (#28 round 8)."""
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
    whole = [(marks, False, cut, gap) for marks in (True, None) for cut, gap in CLOSER]
    tries = [(True, True, False, "  "), (None, True, False, "  "), (False, False, False, "  ")]
    loose: list[tuple[bool | None, bool, bool, str]] = [(True, False, False, "  ")]
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


def fitted(
    row: list[Chip], tries: list[tuple[bool | None, bool, bool, str]], width: int
) -> Text | None:
    """Return the row drawn the first of `tries` way that fits `width` (the last try
    is taken as it is when its marks are False), or None when none fits."""
    for marks, short, cut, gap in tries:
        line = Text(gap).join(chip.drawn(marks, short, cut) for chip in row)
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
    ▲+1", as before the caps were shown; " max" at it)."""
    name, held = m.RESOURCE_NAMES[k], f"{value}/{caps[k]}" if k in caps else value
    short_name = SHORT_NAMES.get(k, name) if width < WIDE else name
    chip = Text(f"{short_name} {held}")
    top = " max" if value >= caps.get(k, value + 1) else ""
    cut = Text(f"{CUT_NAMES.get(k, name)} {value}{top}")
    if not value and not marks:
        chip.stylize("dim")
        cut.stylize("dim")
    group = "materials" if k in MATERIALS else ""
    return Chip(chip, marks=marks, abbreviated=cut, group=group)


class DisplayPanel(Panel):
    """Effort and resources as bars against their caps, time track, ability uses."""

    def show(self, state: GameState, rules: Ruleset, last: list[ev.Event], uses: int) -> None:
        """Draw the state against the caps.

        `last` are the last decision's events, whose changes are marked ▲▼;
        `uses` the ability uses the level started with (see level_ability_uses).
        """
        self._redraw = lambda: self.show(state, rules, last, uses)  # the time note may move
        self.border_title = f"Level {state.level}"
        caps = rules.settings.caps
        change, capped = deltas(last)
        text = Text()
        width = self.size.width or 28
        chips: list[Chip] = []
        for k in m.RESOURCES[:-1]:
            value = state.res.get(k, 0)
            marks = Text()
            diff = change.get(k, 0)
            if diff > 0:
                marks.append(f" ▲+{diff}", style="bold green")
            elif diff < 0:
                marks.append(f" ▼{diff}", style="bold red")
            if capped.get(k):
                marks.append(f" cap-{capped[k]}", style="yellow")
            if k == "food":  # what the Hunger step will ask, and eating short's price
                words, short = food_parts(state, rules, bool(marks.plain))
                cap = f"/{caps[k]}" if k in caps else ""
                # Cut for a change's marks: the cap goes first, the food eaten stays.
                uncapped = words[: len(f"food {value}")] + words[len(f"food {value}{cap}") :]
                chips.append(
                    Chip(words, short, marks=marks, room=len(" −9 SE"), abbreviated=uncapped)
                )
                continue
            if k not in m.EFFORT:  # the materials: a word and a number each, side by side
                chips.append(material_chip(k, value, caps, marks, width))
                continue
            amount = f" {value:>2}/{caps[k]:<2}"
            # One row each, whatever the marks: the bar gives up cells before the row wraps.
            cells = max(2, min(6, width - LABEL - len(amount) - len(marks.plain)))
            text.append(
                f"{m.RESOURCE_NAMES[k]} {EFFORT_WORDS.get(k, '')}".ljust(LABEL), style="bold"
            )
            text.append(bar(value, caps[k], cells), style="cyan" if k in m.EFFORT else "green")
            text.append(amount.rstrip() if marks.plain else amount)
            text.append_text(marks)
            text.append("\n")
        # The materials flow over as few rows as the width allows; a chip never splits.
        text.append_text(chip_rows(chips, width))
        starts = rules.settings.level_start_time
        line = Text()
        note = ""
        if state.time_track:
            t = state.res.get("time", 0)
            line.append("time".ljust(LABEL), style="bold")
            # Full is the time this level started with (or more, after a reset).
            full = max(t, starts[min(state.level, len(starts)) - 1] if starts else t, 1)
            line.append(bar(t, full, 6), style="magenta")
            line.append(f" {t:>2}")
            # After a reset the change before it means nothing, and the row has no
            # room for one after it (an ambush's loss): the log says it.
            reset = time_reset(last)
            diff = 0 if reset else change.get("time", 0)
            if reset:
                line.append(" ↺", style="bold")
            # A game over in a fight says the fight's time as the fight did: the replay
            # viewer's death step said "left" and "level 3 gets 26 time" (#28 round 10).
            combat = state.phase == Phase.COMBAT or (
                state.phase == Phase.OVER and state.step in PHASE_STEPS[Phase.COMBAT]
            )
            if not combat:  # kept beside a change (#28 round 8)
                line.append(" left")
            if diff:
                line.append(f" {'▲+' if diff > 0 else '▼'}{diff}", style="bold")
            if state.phase == Phase.TRAVEL and 0 < t <= min_encounter_time(rules):
                note = "encounter → ambush"  # its time takes the track to 0
            elif combat and state.level < len(starts):
                # R-COMBAT-3: the fight set the track to the next level's time.
                note = f"level {state.level + 1} time"
            elif state.level < len(starts):
                note = f"level {state.level + 1} gets {starts[state.level]} time"
        else:
            line.append("time".ljust(LABEL) + "no track:", style="bold")
            note = "time costs SE"
        text.append_text(line)
        if note:
            # Beside the bar when it fits, else on a line of its own (an 80-column table).
            narrow = 0 < self.size.width < len(line.plain) + 1 + len(note)
            text.append(("\n" + " " * LABEL if narrow else " ") + note, style="dim")
        text.append("\n" + "uses".ljust(LABEL), style="bold")
        most = max(uses, state.ability_uses)  # never more filled pips than the pool
        text.append("●" * state.ability_uses + "○" * (most - state.ability_uses))
        text.append(f" {state.ability_uses}/{most}")
        # Marked like the rest when the last decision took one (#28 round 13): not at a new
        # level's pool, where the count is set anew.
        took = sum(isinstance(e, ev.AbilityUsed) and e.ability_use for e in last)
        if took and not any(isinstance(e, ev.AbilityUsesSet) for e in last):
            text.append(f" ▼-{took}", style="bold red")
        self.update(text)


class PhaseTracker(Panel):
    """Where the game is: Travel or Combat, the current step lit and marked."""

    def show(self, state: GameState, opened: StepName | None = None) -> None:
        """Draw it on one row when it can: the long step names are the first to go. The
        level is the Display's title, not said again here ("Level 2 … Level 2").
        `opened`: the step the combat opened with (combat_opened), named as the log
        names it; unknown, "Ambush/Trick" (or "Ambush" where the row is short)."""
        self._redraw = lambda: self.show(state, opened)
        width = self.size.width
        # The arrows lose their spaces before a name is cut (#28 round 16: "Trick" at 80
        # columns, one column short of "Trickery").
        for short, joint in ((False, " › "), (False, "›"), (True, " › "), (True, "›")):
            text = self.steps(state, False, short, joint=joint, opened=opened)
            if not width or len(text.plain) <= width:
                break
        self.update(text)

    @staticmethod
    def steps(
        state: GameState,
        level: bool,
        short: bool,
        joint: str = " › ",
        opened: StepName | None = None,
    ) -> Text:
        text = Text()
        if level:
            text.append(f"Level {state.level}  ", style="bold")
        if state.phase == Phase.SETUP:
            text.append("Setup: ", style="bold reverse")
            text.append("▶Choose your starting skill", style="bold")
            return text
        out = state.outcome
        if out is not None:  # a replay's last position
            text.append("Game over: ", style="bold reverse")
            where = STEP_NAMES.get(out.step, out.step)
            text.append("victory" if out.won else f"died in the {where} step", style="bold")
            return text
        combat = state.phase == Phase.COMBAT
        text.append("Combat: " if combat else "Travel: ")
        steps = PHASE_STEPS[Phase.COMBAT if combat else Phase.TRAVEL]
        shown = [x for x in steps if x != StepName.TRICKERY]
        for i, stepname in enumerate(shown):
            if i:
                text.append(joint)
            name = stepname.capitalize()
            if stepname == StepName.AMBUSH:  # the combat opens with one or the other
                if state.step == StepName.TRICKERY or opened == StepName.TRICKERY:
                    name = "Trick" if short else "Trickery"
                elif opened is None and state.step != StepName.AMBUSH and not short:
                    name = "Ambush/Trick"
            current = state.step == stepname or (
                stepname == StepName.AMBUSH and state.step == StepName.TRICKERY
            )
            if current:
                text.append(f"▶{name}", style="bold reverse")
            else:
                text.append(name, style="dim")
        return text


def draw_table(
    screen: Widget,
    state: GameState,
    rules: Ruleset,
    last: list[ev.Event],
    uses: int,
    die: str = "",
    row: int = 0,
    forecasts: Mapping[act.Action, Forecast] | None = None,
    opened: StepName | None = None,
) -> None:
    """Draw the table's four panels (display, phase, stage, hand) for a state: the one
    place they are drawn, for the game, its rounds passing and the replay viewer.

    `last`: the events whose changes the Display marks; `uses`: the level's ability
    uses (level_ability_uses); `die` and `row`: the stage's die and the table row it
    marks; `forecasts`: the options', whose numbers the Hand's attacks show; `opened`:
    the step the combat opened with (combat_opened), which the phase tracker names.
    """
    screen.query_one("#display", DisplayPanel).show(state, rules, last, uses)
    screen.query_one("#phase", PhaseTracker).show(state, opened)
    stage = screen.query_one("#stage", StagePanel)
    sheet = stage.sheet
    stage.show(state, rules, die, row)
    screen.query_one("#hand", HandPanel).show(state, rules, forecasts)
    if stage.sheet != sheet:
        screen.refresh_bindings()  # a key offered only with a monster on the stage (`m`)


class NewestLog(RichLog):
    """The table's log: it keeps its newest line in sight, as lines come and as its rows
    change (the options coming back under it took rows after it had scrolled to its end,
    #28 round 8), until the player scrolls it up; scrolled back to the end, it follows
    again (Textual's anchor)."""

    def on_mount(self) -> None:
        self.anchor()


def table_layout(*middle: Widget) -> ComposeResult:
    """Yield the table: display, stage and hand on the left; phase, `middle` and log on
    the right.

    The decisions (the game's `middle`) get the right column's whole height but
    for the log's few lines, so every option is in sight at 80x24; the monster's
    sheet sits beside them. The game screen and the replay viewer share it.
    """
    with Horizontal(id="table"):
        with Vertical(id="left"):
            yield DisplayPanel(id="display").with_title("Display")
            yield StagePanel(id="stage").with_title("Stage")
            yield HandPanel(id="hand").with_title("Hand")
        with Vertical(id="right"):
            yield PhaseTracker(id="phase")
            yield from middle
            # min_width 1: RichLog's default (78) cut long lines at the panel's edge.
            log = NewestLog(id="log", wrap=True, markup=False, min_width=1)
            log.border_title = "Log"
            yield log


__all__ = [
    "OPTION_KEYS",
    "UNKEYED",
    "DecisionList",
    "fit_options",
    "option_line",
    "wrap_option",
    "HandPanel",
    "HandText",
    "Panel",
    "StagePanel",
    "attack_text",
    "bar",
]


def page(scroll: Widget, pages: int) -> None:
    """Scroll `scroll` by a page (`pages`: 1 down, -1 up), as a pager's Page Up/Down do:
    help's section text and the New game screen's description, wherever the focus is."""
    (scroll.scroll_page_down if pages > 0 else scroll.scroll_page_up)(animate=False)
