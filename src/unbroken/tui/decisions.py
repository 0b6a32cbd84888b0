"""The decision on the game screen: its prompt, the options offered and the detail line.

The options are drawn in one place (`DecisionPanel.draw`) from the widget's own
data: the options and their forecasts (`offer`), the odds (`odds`, set by the
`%` key's estimates as they come) and the decisions just taken for the player
(`taken_for_you`, while the options' keys wait a beat; after it an option's key
first marks the option, `marked`, and the same key again or Enter takes it). The
two are reactive: setting one redraws the options only when it changed.
"""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual import events
from textual.containers import Vertical
from textual.reactive import var
from textual.timer import Timer
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from unbroken.core import actions as act
from unbroken.core.forecast import Forecast
from unbroken.core.game import Game
from unbroken.tui.careful import (
    MOVED,
    NEW,
    TAKEN,
    careful_cue,
    costly,
    keys_moved,
    lone_and_harmless,
    weighty,
)
from unbroken.tui.details import detail
from unbroken.tui.hints import HintBox
from unbroken.tui.panel import cut
from unbroken.words.actions import label, option_text, shared_note
from unbroken.words.prompts import prompt_text

#: The rows kept under the decisions: the detail (two lines) and the log (its border
#: and two lines); the log also takes whatever rows the decisions leave.
BELOW_DECISIONS = 2 + 3
#: The odds drawn on the options: each option's by its index, and the status line.
Odds = tuple[dict[int, str], str]
NO_ODDS: Odds = ({}, "")


class DecisionList(OptionList):
    """The numbered decisions. A long one wraps under its text, not under its number."""

    #: Columns kept free for the scrollbar, which comes and goes with the options.
    SCROLLBAR = 2
    #: The most rows the options may take (the screen sets it from its height; 0: any).
    room = 0

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self._offered: list[str] = []
        self._off: list[bool] = []
        self._wordy: list[bool] = []
        self._shown: list[str] = []

    def show(
        self, lines: list[str], not_now: list[bool] | None = None, wordy: list[bool] | None = None
    ) -> None:
        """Offer these decisions, the first that can be taken highlighted (the same ones
        keep the highlight); those marked in `not_now` are dimmed (they cannot be taken
        now, but the arrows reach them, so every one can be scrolled into sight); those
        marked in `wordy` say a card's own words, cut before the others where room lacks."""
        off = not_now or [False] * len(lines)
        keep = self.highlighted if (lines, off) == (self._offered, self._off) else None
        self._offered, self._off = lines, off
        self._wordy = wordy or [False] * len(lines)
        self.clear_options()
        width = self.size.width - self.SCROLLBAR
        shown = self._shown = fit_options(lines, width, self.room, off, self._wordy)
        # Text, not markup: a card name or text with brackets is shown as written.
        self.add_options(
            Option(Text(text, style="dim" if dim else ""))
            for text, dim in zip(shown, off, strict=True)
        )
        if lines and not all(off):
            first = off.index(False)
            self.highlighted = keep if keep is not None and keep < len(lines) else first

    def overflow(self) -> int:
        """Return the rows the options shown take beyond `room` (0: they fit, or no limit)."""
        used = sum(text.count("\n") + 1 for text in self._shown)
        return max(0, used - self.room) if self.room > 0 else 0

    @property
    def wordy(self) -> list[bool]:
        """Return which options shown say a card's own words (cut first)."""
        return self._wordy

    def offered_now(self) -> tuple[list[str], list[bool]]:
        """Return the options shown and which of them cannot be taken now."""
        return self._offered, self._off

    def is_cut(self, index: int) -> bool:
        """Return whether the index-th option is shown cut to one row ("…")."""
        if not 0 <= index < len(self._shown):
            return False
        shown = self._shown[index]
        return "\n" not in shown and shown != self._offered[index]

    def on_resize(self) -> None:
        if self._offered:
            self.show(self._offered, self._off, self._wordy)


#: The keys that take the options, in order: "0" the tenth, then letters (not the
#: screen's own keys i, l, m, r and u, nor q); any after those are marked UNKEYED.
OPTION_KEYS = "1234567890abcdefghjknopstvwxyz"
#: The number column of an option without a key (taken with the arrows and Enter).
UNKEYED = "·"


def option_line(index: int, text: str) -> str:
    """Return the index-th option (from 0) with its key: "1. …", "0. …", "a. …", or "·  …"."""
    number = f"{OPTION_KEYS[index]}." if index < len(OPTION_KEYS) else UNKEYED
    return f"{number:<2} {text}"


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


def fit_options(
    lines: list[str],
    width: int,
    rows: int,
    not_now: list[bool] | None = None,
    wordy: list[bool] | None = None,
) -> list[str]:
    """Return the options wrapped to `width`, in at most `rows` rows when they can be.

    Every option keeps its own row at least: when the wrapped options need more
    rows than there are, some are cut to one row ("…"; the detail line under the
    list says the highlighted one in full) until they fit — those that cannot be
    taken now first, then those `wordy` (an ability's own text, which the inspector
    keeps, or an option of no use now, whose why the detail line says: a forecast's
    words are said nowhere else; #28 round 7 lost a finishing blow's reward so), then
    the longest. rows 0: no limit.
    """
    shown = [wrap_option(line, width) for line in lines]
    if rows <= 0 or width < 20:
        return shown
    off = not_now or [False] * len(lines)
    said = wordy or [False] * len(lines)
    need = sum(text.count("\n") + 1 for text in shown)
    order = sorted(
        range(len(lines)), key=lambda i: (not off[i], not said[i], -shown[i].count("\n"))
    )
    for i in order:
        if need <= rows:
            break
        if "\n" not in shown[i]:  # one row already (a dimmed one sorts first): the next
            continue
        need -= shown[i].count("\n")
        shown[i] = cut_dimmed(lines[i], width) if off[i] else cut(lines[i], width)
    return shown


def last_group(line: str) -> int:
    """Return where the bracket that ends `line` opens (-1: it does not end in one)."""
    depth = 0
    for at in range(len(line) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(line[at], 0)
        if depth == 0:
            return at if line.endswith(")") else -1
    return -1


def two_rows(text: str, width: int) -> str:
    """Return `text` as the detail line's two rows show it: whole, or its second row ending
    in "…" where the rest is cut (`width`: the line's; 0 before it is laid out: whole)."""
    rows = textwrap.wrap(text, width) if width > 1 else [text]
    if len(rows) <= 2:
        return text
    return f"{rows[0]}\n{rows[1][: width - 1]}…"


def cut_dimmed(line: str, width: int) -> str:
    """Return a dimmed option cut to one row, its reason kept at the end: "8. Spike
    Thrower (Iron Spike) (pay 1 m… (cannot pay)" (#28 round 9: the cut took the reason,
    "3. Attack with Heavy blow: wound 3 - pay 1…" gave no sign it could not be paid)."""
    opened = last_group(line)
    if len(line) <= width or opened <= 0:
        return cut(line, width)
    inside = line[opened + 1 : -1]
    depth, split = 0, -1  # the group's last "; " outside any inner bracket
    for at, char in enumerate(inside):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and inside.startswith("; ", at):
            split = at
    if split >= 0:  # "(pay 1 metal; cannot pay)": the reason after the "; "
        head, reason = f"{line[:opened]}({inside[:split]})", inside[split + 2 :]
    else:  # "Craft the Sword: pay 2 metal (you have it)"
        head, reason = line[:opened].rstrip(), inside
    room = max(10, min(width // 2, width - 30))  # 20 letters of the option before it
    if len(reason) > room:  # "cannot pay: short 2 SE" says "cannot pay" first
        reason = reason.partition(": ")[0]
    tail = f" ({cut(reason, room)})"
    return cut(head, width - len(tail)) + tail


class DecisionPanel(DecisionList):
    """The numbered options, with the prompt over them and the detail line of the one
    highlighted under them (two Statics beside it in the right column, #prompt and
    #detail: the column's layout is theirs)."""

    #: The odds of the options (`%`): drawn with them; a new value redraws them.
    odds: var[Odds] = var(NO_ODDS, init=False)
    #: The decisions just taken for the player, as the log says them: while there are
    #: some, the options are dimmed and their keys wait (the prompt says why).
    taken_for_you: var[tuple[str, ...]] = var((), init=False)
    #: How long after the beat a costly option's key marks it first (then: takes it).
    careful_seconds = 3.0

    def __init__(self) -> None:
        super().__init__(id="decisions")
        self.game: Game | None = None
        #: The options listed: each action, and why it cannot be taken now ("" when it can).
        self.offered: list[tuple[act.Action, str]] = []
        #: The forecast of each option offered that can be taken (made once per decision).
        self.forecasts: dict[act.Action, Forecast] = {}
        self._settle: Timer | None = None
        #: For `careful_seconds` after the beat that follows decisions taken for the
        #: player, until they take an option: a key on a costly option marks it first
        #: (`mark`) and takes it only again (a key typed for the options that were there
        #: must never take a costly new one); any other option's key takes it at once.
        self.careful = False
        self._careful: Timer | None = None
        #: The option marked while `careful` (None: none yet), why the window is open
        #: (careful.MOVED, NEW or TAKEN) and the decisions taken for the player (TAKEN).
        self.marked: int | None = None
        self.why = MOVED
        self.taken_said: tuple[str, ...] = ()
        #: Whether the prompt shows the careful cue now: a key does what it says.
        self.cue_shown = False
        self._beside: dict[str, Static] = {}
        #: The level, step and kind of decision of the options offered: keys that move
        #: within one say "Options changed" (another question has options of its own).
        self.offered_at: tuple[int, str, str] = (0, "", "")

    def beside(self, name: str) -> Static:
        """Return the Static beside the options: "prompt" or "detail" (found once)."""
        found = self._beside.get(name)
        if found is None:
            found = self._beside[name] = self.screen.query_one(f"#{name}", Static)
        return found

    def offer(self, game: Game) -> None:
        """Take the game's decision now: its options, each with its forecast (drawn by
        `show_offer`, once the panels beside it are drawn)."""
        before, self.game = self.offered, game
        self.offered = game.options() if game.decision is not None else []
        kind = game.decision.kind if game.decision is not None else ""
        at, self.offered_at = self.offered_at, (game.state.level, game.state.step, kind)
        query = game.query()
        self.forecasts = {a: query.forecast(a) for a, why in self.offered if not why}
        if self.careful:
            return
        if at == self.offered_at and keys_moved(before, self.offered):
            self.open_careful(MOVED)  # the prompt says "Options changed"
        elif at[1] and at != self.offered_at and weighty(game.state, self.forecasts):
            self.open_careful(NEW)  # a key meant for the last question answers no new one

    def open_careful(self, why: str) -> None:
        """Open the careful window for `careful_seconds` (`why`: careful.MOVED or NEW)."""
        self.careful, self.marked, self.why = True, None, why
        if self._careful is not None:
            self._careful.stop()
        self._careful = self.set_timer(self.careful_seconds, self.careful_over)

    def show_offer(self) -> None:
        """Draw the decision offered: prompt, options fitted to the room, detail."""
        game = self.game
        decision = game.decision if game is not None else None
        if game is None or decision is None:
            self.clear("")
            return
        self.room = self.room_for(prompt_text(decision.prompt, game.state, game.ruleset))
        self.draw()
        self.show_detail(self.highlighted or 0)
        self.screen.call_after_refresh(self.refit)  # with the screen's redraws, in order

    def clear(self, prompt: str) -> None:
        """Offer nothing, under `prompt` (rounds passing on their own; the game over)."""
        self.offered, self.forecasts = [], {}
        self.show([])
        self.beside("detail").update("")
        self.beside("prompt").update(Text(prompt, style="bold") if prompt else "")
        self.cue_shown = False

    def hold(self, taken: list[str], seconds: float) -> None:
        """Hold the options' keys for `seconds` after decisions taken for the player
        (`taken`, as the log says them): the prompt says what was taken and the options
        are dimmed until `settle_over`. The screen's other keys (u, i, ?) work meanwhile."""
        if self._settle is not None:
            self._settle.stop()
        self.set_reactive(DecisionPanel.taken_for_you, tuple(taken))  # drawn with the rest
        self.careful, self.marked, self.why, self.taken_said = True, None, TAKEN, tuple(taken)
        if self._careful is not None:
            self._careful.stop()
        self._settle = self.set_timer(seconds, self.settle_over)

    def settle_over(self) -> None:
        """Let the keys take the options again, drawn as they are; a costly option's key
        marks it first for `careful_seconds` more."""
        if self._settle is not None:
            self._settle.stop()
            self._settle = None
        if self.careful:
            self._careful = self.set_timer(self.careful_seconds, self.careful_over)
        self.taken_for_you = ()

    def careful_over(self) -> None:
        """Let every option's key take it at once again (the options have been in sight);
        an option a key marked stays marked, its cue in sight, until the next key (its end
        wiped a mark made just before it, and the next key took the option at once)."""
        if self._careful is not None:
            self._careful.stop()
            self._careful = None
        if self.marked is not None:
            return
        if self.careful or self.cue_shown:
            self.careful, self.marked = False, None
            self.draw()

    def costly(self, index: int) -> bool:
        """Return whether the index-th option is costly (see `costly`)."""
        game = self.game
        if game is None or not 0 <= index < len(self.offered):
            return False
        action = self.offered[index][0]
        forecast = self.forecasts.get(action)
        return not lone_and_harmless(self.offered, forecast) and costly(
            action, forecast, game.state
        )

    def mark(self, index: int) -> None:
        """Mark the index-th option (highlighted): the prompt says how to take it."""
        self.marked = index
        self.highlighted = index
        self.draw()

    def taking(self, index: int) -> bool:
        """Return whether a key (or Enter) on the index-th option takes it now; while
        `careful`, the first on a costly option marks it, and only the same again takes it.
        A key does what the prompt says: while its cue is in sight, it is careful."""
        if (self.careful or self.cue_shown) and self.marked != index and self.costly(index):
            self.careful = True
            self.mark(index)
            return False
        if self._careful is not None:
            self._careful.stop()
            self._careful = None
        self.careful, self.marked = False, None  # drawn with the decision taken
        return True

    def watch_odds(self) -> None:
        self.draw()

    def watch_taken_for_you(self) -> None:
        self.draw()

    def draw(self) -> None:
        """Draw the prompt and the options offered, with their odds when `%` shows them
        (the one place they are drawn: a redraw, a resize, keeps the odds)."""
        game = self.game
        decision = game.decision if game is not None else None
        if game is None or decision is None or not self.offered:
            return
        s, rules = game.state, game.ruleset
        odds, status = self.odds
        lines = []
        shared = shared_note(self.offered, s, rules, self.forecasts)
        for i, (action, why) in enumerate(self.offered):
            text = option_text(action, why, s, rules, self.forecasts.get(action), shared)
            lines.append(option_line(i, f"{odds[i]} {text}" if i in odds else text))
        decisions: DecisionList = self
        highlighted = decisions.highlighted
        waiting = bool(self.taken_for_you)  # dimmed: their keys wait a beat
        # Cut first where room lacks: an ability's own words (the inspector keeps them) and
        # an option of no use now (the detail line says why), not a forecast's words.
        wordy = [
            (isinstance(action, act.Use) and not why) or "(no use now" in line
            for (action, why), line in zip(self.offered, lines, strict=True)
        ]
        decisions.show(lines, [waiting or bool(why) for _, why in self.offered], wordy)
        if status and highlighted is not None and highlighted < len(lines):
            decisions.highlighted = highlighted  # the same options, their odds updated
        prompt = Text()
        if waiting:
            said = " ".join(line.removeprefix("Taken for you: ") for line in self.taken_for_you)
            prompt.append(f"Taken for you: {said} New options: ", style="bold reverse")
        self.cue_shown = False
        marks = any(self.costly(i) for i in range(len(self.offered)))
        if not waiting and self.careful and (marks or self.why == TAKEN):
            marked = self.marked
            key = None if marked is None else OPTION_KEYS[marked : marked + 1] or "Enter"
            prompt.append(careful_cue(key, self.why, self.taken_said, marks), style="bold reverse")
            self.cue_shown = marks
        prompt.append(prompt_text(decision.prompt, s, rules), style="bold")
        if shared:
            prompt.append(f" Whatever you choose: {shared}", style="not bold italic")
        if status:
            prompt.append("\n" + status, style="italic")
        self.beside("prompt").update(prompt)

    #: The option the mouse is over, its detail shown (None: the highlighted one's is).
    hovered: int | None = None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """The mouse over an option shows its detail (a dimmed one's reason, where its line
        was cut: only the arrows showed it, #28 round 5); off the options, the highlighted's."""
        over = event.style.meta.get("option")
        if over != self.hovered:
            self.hovered = over
            self.show_detail((self.highlighted or 0) if over is None else over)

    def on_leave(self, event: events.Leave) -> None:
        if self.hovered is not None:
            self.hovered = None
            self.show_detail(self.highlighted or 0)

    def show_detail(self, index: int) -> None:
        """Say the index-th option in full under the list: nothing for one its line says
        whole; one that cannot be taken only when its line was cut (its reason with it)."""
        offered, game = self.offered, self.game
        if game is None or not 0 <= index < len(offered):
            return
        action, why = offered[index]
        if why:  # the option line says why not, unless it was cut: then the detail does
            whole = option_text(action, why, game.state, game.ruleset)
            self.beside("detail").update(Text(whole if self.is_cut(index) else "", "italic"))
            return
        text = detail(action, game, self.forecasts.get(action))
        # The label again only where the option's line was cut (Cold Logic's card text).
        own = label(action, game.state, game.ruleset)
        same = text == own and not self.is_cut(index)
        line = self.beside("detail")
        width = line.content_size.width
        core = text.partition(" ⚠")[0]  # the option's words, without the warnings after
        if two_rows(core, width) != core and not self.is_cut(index):
            # What the line above says whole is not said again where the rest of what it
            # does would be cut (#28 round 11: "Paid as 1 LE: short of…" lost its reason).
            text = text.removeprefix(f"{own}. ")
        shown = "" if same else two_rows(text, width)
        line.update(Text(shown, style="italic"))

    def room_changed(self) -> bool:
        """Return whether the rows the options may take are other than they were fitted to
        (a hint came or went since they were drawn)."""
        game = self.game
        if game is None or game.decision is None:
            return False
        return (
            self.room_for(prompt_text(game.decision.prompt, game.state, game.ruleset)) != self.room
        )

    def room_for(self, prompt: str) -> int:
        """Return the rows the options may take: the right column's, less the phase
        tracker, the prompt, the detail and the log's least."""
        right = self.parent
        if not isinstance(right, Vertical):
            return 0
        height = right.size.height or self.screen.size.height - 1
        width = max(10, (right.size.width or 48) - 2)
        phase = right.query_one("#phase").size.height or 1
        prompt_rows = len(textwrap.wrap(prompt, width))
        hint = sum(box.rows(width + 2) for box in right.query(HintBox))  # its own rows
        return max(3, height - phase - prompt_rows - hint - BELOW_DECISIONS)

    def refit(self) -> None:
        """Cut the options again when the drawn screen left some out of sight (a panel
        above them took more rows than counted)."""
        decisions: DecisionList = self
        over = decisions.max_scroll_y
        if over > 0 and decisions.room > 3 and self.offered:
            decisions.room = max(3, decisions.room - over)
            decisions.show(*decisions.offered_now(), decisions.wordy)
            self.show_detail(decisions.highlighted or 0)  # the one highlighted may be cut now
