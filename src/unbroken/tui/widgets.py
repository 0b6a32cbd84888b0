"""The game screen's panels: each renders the engine's state, none holds a rule."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import OptionList, RichLog
from textual.widgets.option_list import Option

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import ConditionState, GameState
from unbroken.tui.card_lines import CardLines, mark
from unbroken.words.actions import attack_cost, marked_row
from unbroken.words.effects import ambush_text, effect_text, encounter_text, trickery_text
from unbroken.words.outcomes import STEP_NAMES
from unbroken.words.vocabulary import amounts, attack_name, plural

#: The width of a tracker's name in the Display panel.
LABEL = 10
#: The efforts spelled out beside their letters, so the screen says what SE, ME, LE are.
EFFORT_WORDS = {"se": "small", "me": "medium", "le": "large"}


def bar(value: int, cap: int, width: int) -> str:
    """Return a bar of `width` cells filled in proportion to value/cap."""
    filled = 0 if cap <= 0 else round(width * min(value, cap) / cap)
    return "█" * filled + "░" * (width - filled)


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


class Panel(CardLines):
    """A titled panel of the table (the cards it names can be inspected: card_lines)."""

    #: Draws the panel again as last shown (a panel whose lines depend on its width).
    _redraw: Callable[[], None] | None = None

    def with_title(self, title: str) -> Panel:
        """Return the panel with a border title."""
        self.border_title = title
        return self

    def on_resize(self) -> None:
        if self._redraw is not None:
            self._redraw()

    def wrapped(self, line: str, indent: str = "   ") -> str:
        """Return `line` wrapped to the panel's width, the lines after the first indented."""
        width = self.size.width
        if not 0 < width < len(line):
            return line
        return "\n".join(textwrap.wrap(line, width, subsequent_indent=indent))

    def append_wrapped(
        self, text: Text, line: str, style: str = "", head: int = 0, indent: str = "   "
    ) -> None:
        """Append `line` wrapped (and a newline); its first `head` characters in bold."""
        start = len(text)
        text.append(self.wrapped(line, indent) + "\n", style=style)
        if head:
            text.stylize("bold", start, start + head)


class DecisionList(OptionList):
    """The numbered decisions. A long one wraps under its text, not under its number."""

    #: Columns kept free for the scrollbar, which comes and goes with the options.
    SCROLLBAR = 2

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self._offered: list[str] = []
        self._off: list[bool] = []

    def show(self, lines: list[str], not_now: list[bool] | None = None) -> None:
        """Offer these decisions, the first that can be taken highlighted (the same ones
        keep the highlight); those marked in `not_now` are dimmed (they cannot be taken
        now, but the arrows reach them, so every one can be scrolled into sight)."""
        off = not_now or [False] * len(lines)
        keep = self.highlighted if (lines, off) == (self._offered, self._off) else None
        self._offered, self._off = lines, off
        self.clear_options()
        width = self.size.width - self.SCROLLBAR
        # Text, not markup: a card name or text with brackets is shown as written.
        self.add_options(
            Option(Text(wrap_option(line, width), style="dim" if dim else ""))
            for line, dim in zip(lines, off, strict=True)
        )
        if lines and not all(off):
            first = off.index(False)
            self.highlighted = keep if keep is not None and keep < len(lines) else first

    def on_resize(self) -> None:
        if self._offered:
            self.show(self._offered, self._off)


#: The keys that take the options, in order: "0" the tenth, then letters (not the
#: screen's own keys i, l, r and u, nor q); any after those are marked UNKEYED.
OPTION_KEYS = "1234567890abcdefghjkmnopstvwxyz"
#: The number column of an option without a key (taken with the arrows and Enter).
UNKEYED = "·"


def option_line(index: int, text: str) -> str:
    """Return the index-th option (from 0) with its key: "1. …", "0. …", "a. …", or "·  …"."""
    number = f"{OPTION_KEYS[index]}." if index < len(OPTION_KEYS) else UNKEYED
    return f"{number:<2} {text}"


def option_index(key: str) -> int | None:
    """Return the index of the option a key takes, or None for a key that takes none."""
    return OPTION_KEYS.index(key) if len(key) == 1 and key in OPTION_KEYS else None


def wrap_option(line: str, width: int) -> str:
    """Return a numbered option ("3. Focus: …") wrapped to `width`, indented under its text."""
    number = line.partition(" ")[0]
    numbered = (len(number) == 2 and number[1] == "." and number[0] in OPTION_KEYS) or (
        number == UNKEYED
    )
    if width < 20 or len(line) <= width or not numbered:
        return line
    indent = " " * (len(line) - len(line[len(number) :].lstrip()))
    return "\n".join(textwrap.wrap(line, width, subsequent_indent=indent))


def time_reset(events: list[ev.Event]) -> bool:
    """Return whether some events set the time track.

    A reset (R-COMBAT-3) makes the change before it meaningless: time 1, spent
    to 0, set to 22 is not "-1" but a new track.
    """
    return any(isinstance(e, ev.TimeSet) for e in events)


def level_ability_uses(newest_first: Iterable[ev.Event]) -> int:
    """Return the ability uses the level started with, given the game's events newest first.

    That is the pool last set (a new level, with its skills' extra uses), or the
    game's start before any; 0 for no events.
    """
    for e in newest_first:
        if isinstance(e, ev.AbilityUsesSet):
            return e.uses
        if isinstance(e, ev.GameStarted):
            return e.ability_uses
    return 0


class DisplayPanel(Panel):
    """Effort and resources as bars against their caps, time track, ability uses."""

    def show(self, state: GameState, rules: Ruleset, last: list[ev.Event], uses: int) -> None:
        """Draw the state against the caps.

        `last` are the last decision's events, whose changes are marked ▲▼;
        `uses` the ability uses the level started with (see level_ability_uses).
        """
        self._redraw = lambda: self.show(state, rules, last, uses)  # the time note may move
        caps = rules.settings.caps
        change, capped = deltas(last)
        text = Text()
        width = self.size.width or 28
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
                line.append(" ↺ reset", style="bold")
            if diff:
                line.append(f" {'▲+' if diff > 0 else '▼'}{diff}", style="bold")
            elif state.phase != "combat":
                line.append(" left")
            if state.phase == "combat" and state.level < len(starts):
                note = f"for level {state.level + 1}"
            elif state.level < len(starts):
                note = f"level {state.level + 1}: {starts[state.level]} time"
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
        self.update(text)


TRAVEL_STEPS = ("preparation", "decision", "exploration")
COMBAT_STEPS = ("ambush", "trickery", "battle", "rewards", "hunger")


class PhaseTracker(Panel):
    """Where the game is: Travel or Combat, the current step lit and marked."""

    def show(self, state: GameState) -> None:
        text = Text()
        text.append(f"Level {state.level}  ", style="bold")
        if state.phase == "setup":
            text.append("Setup: ", style="bold reverse")
            text.append("▶Choose your starting skill", style="bold")
            self.update(text)
            return
        out = state.outcome
        if out is not None:  # a replay's last position
            text.append("Game over: ", style="bold reverse")
            where = STEP_NAMES.get(out.step, out.step)
            text.append("victory" if out.won else f"died in the {where} step", style="bold")
            self.update(text)
            return
        if state.phase == "combat":
            steps: tuple[str, ...] = COMBAT_STEPS
            text.append("Combat: ")
        else:
            steps = TRAVEL_STEPS
            text.append("Travel: ")
        shown = [x for x in steps if x != "trickery"]
        for i, stepname in enumerate(shown):
            if i:
                text.append(" › ")
            name = "Ambush/Trick" if stepname == "ambush" else stepname.capitalize()
            current = state.step == stepname or (
                stepname == "ambush" and state.step in ("ambush", "trickery")
            )
            if current:
                text.append(f"▶{name}", style="bold reverse")
            else:
                text.append(name, style="dim")
        self.update(text)


class StagePanel(Panel):
    """Revealed encounter cards, or the monster sheet with its combat table."""

    def show(self, state: GameState, rules: Ruleset, die: str = "") -> None:
        self._redraw = lambda: self.show(state, rules, die)  # long lines wrap to the width
        text = Text()
        mo = state.monster
        # Encounter cards while travelling (a scouted monster waits), else the monster.
        cards: list[str] = []
        if state.phase != "combat":
            cards = list(state.revealed) or ([state.chosen] if state.chosen else [])
        if mo is not None and not cards:
            card = rules.monsters[mo.id]
            text.append(f"{card.name}", style="bold")
            mark(text, 0, (card.id, card.name))
            text.append(f"  (level {card.level}, #{card.number})\n")
            text.append(
                f"armor {bar(mo.armor, max(mo.max_armor, 1), 4)} {mo.armor}/{mo.max_armor}  "
            )
            text.append(
                f"health {bar(mo.health, max(mo.max_health, 1), 8)} {mo.health}/{mo.max_health}"
            )
            if mo.defend:
                text.append("  [GUARD UP]", style="bold yellow")
            text.append("\n")
            # The die under the monster's health, where a tall sheet cannot push it out of
            # sight at 80x24; its line is kept in combat so the table does not jump.
            if die:
                text.append(f"die {die}\n", style="bold")
            elif state.phase == "combat":
                text.append("die –\n", style="dim")
            # Ambush and trickery are over once the battle begins: room for the table.
            if state.phase != "combat" or state.step in ("ambush", "trickery"):
                sheet = f"ambush: {ambush_text(card)} | trickery: {trickery_text(card)}"
                self.append_wrapped(text, sheet, style="italic")
            for ability in card.abilities:
                line = f"{ability.name}: {ability.text}"
                self.append_wrapped(text, line, head=len(ability.name) + 1)
            current = marked_row(state)
            for i, row in enumerate(card.table, 1):
                what = "; ".join(effect_text(e) for e in row.effects) or "no effect"
                line = f"{'▶' if i == current else ' '}{i} {row.result:<8} {what}"
                style = "bold reverse" if i == current else ""
                self.append_wrapped(text, line, style=style, indent=" " * 12)
        elif cards:
            title = "Revealed encounters" if state.revealed else "Kept encounter"
            text.append(f"{title}\n", style="bold")
            for cid in cards:
                enc = rules.encounters[cid]
                line = f"• {enc.name}: {encounter_text(enc)}"
                start = len(text)
                self.append_wrapped(text, line, head=len(enc.name) + 3, indent="  ")
                mark(text, start, (enc.id, enc.name))
                self.append_wrapped(text, f"  {enc.text}", style="italic", indent="  ")
            if die:
                text.append(f"\ndie {die}", style="bold")
        else:
            text.append("The dark tunnels stretch on.\n", style="italic")
            text.append(f"Encounter deck {len(state.encounter_deck)}, discard ")
            text.append(f"{len(state.encounter_discard)}.")
            if state.reveal_bonus:
                text.append(f"\nNext Exploration: +{plural(state.reveal_bonus, 'card')}.")
            if state.committed:
                text.append("\nCommitted to the next encounter.", style="bold")
            if die:
                text.append(f"\ndie {die}", style="bold")
        self.update(text)


def attack_text(attack: m.Attack, cost: dict[str, int] | None = None) -> str:
    """Return a weapon attack as the hand shows it: "Pry: break 1 ← 2 SE".

    `cost`: what it costs now, when cards in play change it (words.actions.attack_cost).
    """
    kind = "break" if attack.type == "break" else "wound"
    extra = " no armor" if attack.ignore_armor else ""
    paid = amounts(attack.cost if cost is None else cost)
    return f"{attack_name(attack.id)}: {kind} {attack.power}{extra} ← {paid}"


def condition_text(condition: ConditionState, rules: Ruleset) -> tuple[str, str]:
    """Return a condition in play as (name with its state, what it does).

    Tokens are named only for a card that uses them, rounds only when it lasts
    some; a condition waiting for the next level says so.
    """
    card = rules.conditions[condition.id]
    extra = []
    if not condition.active:
        extra.append("next level")
    if card.tokens:
        extra.append(plural(condition.tokens, "token"))
    if condition.rounds:
        extra.append(plural(condition.rounds, "round"))
    name = card.name + (f" ({', '.join(extra)})" if extra else "")
    does = " ".join(a.text for a in card.abilities) or card.text
    return name, does


class HandPanel(Panel):
    """Conditions in play, the weapon with its attacks, skills, then upgrade options.

    The conditions come first: they change every turn, and the panel is
    short at 80x24. The crafts come last: they may scroll out of sight, and
    an affordable one is in the decisions anyway.
    """

    def show(self, state: GameState, rules: Ruleset) -> None:
        self._redraw = lambda: self.show(state, rules)  # long lines wrap to the width
        text = Text()
        for c in state.conditions:
            name, does = condition_text(c, rules)
            start = len(text)
            self.append_wrapped(text, f"{name}: {does}", style="yellow", head=len(name) + 1)
            mark(text, start, (c.id, name))
        weapon = rules.weapons[state.weapons[-1]]
        start = len(text)
        text.append(f"{weapon.name}", style="bold")
        mark(text, start, (weapon.id, weapon.name))
        text.append(f" ({weapon.type})\n")
        for a in weapon.attacks:
            self.append_wrapped(text, f" {attack_text(a, attack_cost(a, state, rules))}")
        for aside in state.set_aside:
            turns = plural(aside.turns, "turn")
            start = len(text)
            text.append(f" aside: {rules.card_name(aside.weapon)} ({turns})\n")
            mark(text, start, (aside.weapon, rules.card_name(aside.weapon)))
        if state.skills:
            skills = ", ".join(rules.card_name(s) for s in state.skills)
            start = len(text)
            self.append_wrapped(text, f"Skills: {skills}", head=len("Skills:"))
            mark(text, start + len("Skills:"), *((s, rules.card_name(s)) for s in state.skills))
        # Crafts last: an affordable one is also a decision, with its cost.
        for up in weapon.upgrades:
            line = f" craft {rules.card_name(up.to)} ← {amounts(up.cost)}"
            start = len(text)
            self.append_wrapped(text, line, style="dim")
            mark(text, start, (up.to, rules.card_name(up.to)))
        self.update(text)


def table_layout(*middle: Widget) -> ComposeResult:
    """Yield the table: display, phase tracker and hand on the left; stage, `middle`, log.

    The game screen and the replay viewer share it; their own widgets go
    between the stage and the log.
    """
    with Horizontal(id="table"):
        with Vertical(id="left"):
            yield DisplayPanel(id="display").with_title("Display")
            yield PhaseTracker(id="phase")
            yield HandPanel(id="hand").with_title("Hand")
        with Vertical(id="right"):
            yield StagePanel(id="stage").with_title("Stage")
            yield from middle
            # min_width 1: RichLog's default (78) cut long lines at the panel's edge.
            log = RichLog(id="log", wrap=True, markup=False, min_width=1)
            log.border_title = "Log"
            yield log
