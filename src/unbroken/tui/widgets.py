"""The game screen's panels: each renders the engine's state, none holds a rule."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.forecast import Forecast
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import PHASE_STEPS, GameState, Phase, StepName
from unbroken.tui.display_chips import (
    DISPLAY_LABEL,
    Chip,
    change_mark,
    chip_rows,
    food_parts,
    material_chip,
    time_row,
)
from unbroken.tui.hand import HandPanel, HandText, attack_text
from unbroken.tui.newest_log import NewestLog
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
LABEL = DISPLAY_LABEL
#: What a gain brought over a cap and the cap took (R-RES-2): "SE 20/20 cap took 1".
CAP_TOOK = "cap took "
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


class Marks(NamedTuple):
    """What the Display marks ▲▼: the resources' net changes, what the caps took, whether
    the time track was set (its change then meaningless) and the ability uses' change."""

    change: dict[str, int]
    capped: dict[str, int]
    reset: bool = False
    uses: int = 0


def marks_of(last: list[ev.Event] | Marks) -> Marks:
    """Return what the Display marks for some events (a decision's), or `last` itself."""
    if isinstance(last, Marks):
        return last
    change, capped = deltas(last)
    # Ability uses marked like the rest when taken (#28 round 13): not at a new level's
    # pool, where the count is set anew.
    took = sum(isinstance(e, ev.AbilityUsed) and e.ability_use for e in last)
    if any(isinstance(e, ev.AbilityUsesSet) for e in last):
        took = 0
    return Marks(change, capped, time_reset(last), -took)


def state_marks(shown: GameState, now: GameState) -> Marks:
    """Return the changes from the state `shown` to the state `now` as the Display marks
    them: after `u`, what the take-back changed ("SE 16/20 ▲+4"; 30a-12: the Display came
    back with no marks at all, the change it undid to be found by comparing numbers)."""
    keys = set(shown.res) | set(now.res)
    change = {k: now.res.get(k, 0) - shown.res.get(k, 0) for k in keys}
    reset = shown.time_track != now.time_track
    uses = now.ability_uses - shown.ability_uses
    return Marks({k: n for k, n in change.items() if n}, {}, reset, uses)


class DisplayPanel(Panel):
    """Effort and resources as bars against their caps, time track, ability uses."""

    def show(
        self, state: GameState, rules: Ruleset, last: list[ev.Event] | Marks, uses: int
    ) -> None:
        """Draw the state against the caps.

        `last` are the last decision's events, whose changes are marked ▲▼ (or the marks);
        `uses` the ability uses the level started with (see level_ability_uses).
        """
        self._redraw = lambda: self.show(state, rules, last, uses)  # the time note may move
        self.border_title = f"Level {state.level}"
        self.update(display_text(state, rules, last, uses, self.size.width))


def display_text(
    state: GameState, rules: Ruleset, last: list[ev.Event] | Marks, uses: int, size: int
) -> Text:
    """Return the Display's rows for a panel `size` columns wide (0: not laid out yet):
    DisplayPanel.show's."""
    caps = rules.settings.caps
    marked = marks_of(last)
    change, capped = marked.change, marked.capped
    text = Text()
    width = size or 28
    chips: list[Chip] = []
    for k in m.RESOURCES[:-1]:
        value = state.res.get(k, 0)
        marks = Text()
        diff = change.get(k, 0)
        if diff > 0:
            marks.append(change_mark(diff), style="bold green")
        elif diff < 0:
            marks.append(change_mark(diff), style="bold red")
        if capped.get(k):  # R-RES-2, in words: "cap-1" was an unexplained sign (round 29)
            marks.append(f" {CAP_TOOK}{capped[k]}", style="yellow")
        if k == "food":  # what the Hunger step will ask, and eating short's price
            words, short = food_parts(state, rules, bool(marks.plain))
            cap = f"/{caps[k]}" if k in caps else ""
            # Cut for a change's marks: the cap goes first, the food eaten stays.
            uncapped = words[: len(f"food {value}")] + words[len(f"food {value}{cap}") :]
            chips.append(Chip(words, short, marks=marks, room=len(" −9 SE"), abbreviated=uncapped))
            continue
        if k not in m.EFFORT:  # the materials: a word and a number each, side by side
            chips.append(material_chip(k, value, caps, marks, width))
            continue
        amount = f" {value:>2}/{caps[k]:<2}"
        # One row each, whatever the marks: the bar gives up cells before the row wraps,
        # then the cap's words go (the change keeps its number, as the materials do).
        if LABEL + 2 + len(amount.rstrip() + marks.plain) > width and CAP_TOOK in marks:
            marks = marks[: marks.plain.index(" " + CAP_TOOK)]
        cells = max(2, min(6, width - LABEL - len(amount) - len(marks.plain)))
        text.append(f"{m.RESOURCE_NAMES[k]} {EFFORT_WORDS.get(k, '')}".ljust(LABEL), style="bold")
        text.append(bar(value, caps[k], cells), style="cyan" if k in m.EFFORT else "green")
        text.append(amount.rstrip() if marks.plain else amount)
        text.append_text(marks)
        text.append("\n")
    # The materials flow over as few rows as the width allows; a chip never splits.
    text.append_text(chip_rows(chips, width))
    line, note = time_row(state, rules, change, marked.reset, size)
    text.append_text(line)
    if note:
        # Beside the bar when it fits, else on a line of its own (an 80-column table);
        # two spaces apart, as the chips are, but the fight's "22 ↺ for level 2" (#28
        # round 28: "26 left level 4 starts at 30" read as one phrase).
        # A label ending in ":" takes its words one space on ("no track: time costs
        # SE", round 28's leftover).
        gap = " " if note.startswith("for level") or line.plain.endswith(":") else "  "
        narrow = 0 < size < len(line.plain) + len(gap) + len(note)
        text.append(("\n" + " " * LABEL if narrow else gap) + note, style="dim")
    text.append("\n" + "uses".ljust(LABEL), style="bold")
    most = max(uses, state.ability_uses)  # never more filled pips than the pool
    text.append("●" * state.ability_uses + "○" * (most - state.ability_uses))
    text.append(f" {state.ability_uses}/{most}")
    if marked.uses:  # marked like the rest (#28 round 13)
        text.append(change_mark(marked.uses), style="bold red" if marked.uses < 0 else "bold green")
    return text


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
    last: list[ev.Event] | Marks,
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
