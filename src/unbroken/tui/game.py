"""The game screen: display, phase tracker, stage, hand, decisions and log.

Each part of the table is drawn by its own widget from its own data: the
panels (tui/widgets.py, tui/hand.py, tui/stage.py) from the state, the decision
(tui/decisions.py) from the options offered, the die (tui/rolling.py) by one
timer, the hints (tui/hints.py) and the odds (tui/odds.py). The screen takes the
player's decisions through the session (tui/taking.py) and tells each part what changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, RichLog

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.history import by_decision, combat_opened, last_decision, level_ability_uses
from unbroken.tui.card_lines import CardLines
from unbroken.tui.decisions import DecisionPanel
from unbroken.tui.dice import shown_roll, shown_text
from unbroken.tui.footer import KeysFooter
from unbroken.tui.game_end import show_if_over
from unbroken.tui.hints import HintBox, Hints, first_game
from unbroken.tui.key_clock import get_time
from unbroken.tui.leaving import LeaveScreen
from unbroken.tui.odds import BINDING as ODDS_BINDING
from unbroken.tui.odds import GameOdds
from unbroken.tui.option_rows import OPTION_KEYS, DecisionList
from unbroken.tui.pace import PLAYERS, KeyPace
from unbroken.tui.passing import Passing, RoundsShown
from unbroken.tui.reach import game_app
from unbroken.tui.rolling import RollingDie
from unbroken.tui.sheet_rows import ROLLING, marked_applied
from unbroken.tui.stage import EXPAND_KEY, StagePanel
from unbroken.tui.stage_keys import monster_rules
from unbroken.tui.steady import SteadyStatic
from unbroken.tui.taking import (
    apply_option,
    enter_on_none,
    key_on_none,
    show_outcome,
    stale,
    take_only_answers,
)
from unbroken.tui.taking_back import KeptLog, take_back
from unbroken.tui.title import GAME_SAVED
from unbroken.tui.widgets import (
    HandPanel,
    Marks,
    draw_table,
    table_layout,
)
from unbroken.words.events import Narrator

if TYPE_CHECKING:
    from unbroken.play.session import GameSession
    from unbroken.replay import Recorder
    from unbroken.tui.app import UnbrokenApp

#: The options' keys: each takes its option (the screen's own keys are not among them).
#: The log's newest lines written again after a resize (rewrap_log).
REWRAPPED = 300
OPTION_BINDINGS = [Binding(key, f"take({i})", show=False) for i, key in enumerate(OPTION_KEYS)]


class GameScreen(Screen[None]):
    """The table: display, phase tracker, stage, hand, decisions and log."""

    BINDINGS = [
        Binding("question_mark", "help", "Help"),
        Binding("slash", "help('search')", "Search help", show=False),  # as on the title
        Binding(EXPAND_KEY, "monster_rules", "Rules"),  # the monster's (the footer is full)
        Binding(EXPAND_KEY, "no_monster_rules", show=False),  # before one: says why not
        Binding("tab", "switch_focus", "Hand", show=False, priority=True),
        Binding("i", "inspect", "Cards"),
        Binding("u", "take_back", "Take back"),
        Binding("l", "full_log", "Log"),
        Binding("r", "toggle_roll", "Roll animation", show=False),  # in help; the footer is full
        ODDS_BINDING,
        Binding("escape", "title", "Title"),
        *OPTION_BINDINGS,
    ]

    def __init__(self, session: GameSession, pace: KeyPace = PLAYERS) -> None:
        super().__init__()
        #: How the options' keys are paced (tui/pace.py): after decisions taken for the
        #: player, the options' keys wait `settle_seconds`.
        self.pace, self.settle_seconds = pace, pace.settle
        #: The game being played: every decision goes through it (unbroken.play.session).
        self.session = session
        self.narrator = Narrator(session.game.ruleset)
        #: Every line the log has written, for the full log (`l`); the hints kept whole
        #: there only (cut in their box): not in the log's rows; where each decision began.
        self.written = KeptLog()
        self.said, self.hints_said = self.written.said, self.written.hints_said
        #: The log before the decision taken back (`u`), shown instead of the events told.
        self.kept: KeptLog | None = None
        #: The last decision's events (the Display marks their changes, the stage its row).
        self.last: list[ev.Event] = []
        #: Shown after `u`: the decision before the one taken back is not marked as new.
        self.taken_back = False
        #: What the Display marks instead of the last decision's changes until the next
        #: decision: after `u`, what the take-back changed (widgets.state_marks).
        self.marked: Marks | None = None
        self._decision_panel: DecisionPanel | None = None
        #: The odds of the options (`%`), estimated while shown (unbroken.tui.odds).
        self.odds = GameOdds(self)
        #: The rounds of a decision shown a beat at a time (unbroken.tui.passing).
        self.rounds = RoundsShown(self)
        #: When the last key was read (Textual's clock: `events.Key.time`), until its
        #: option's binding uses it (`action_take`); when the question now offered was
        #: drawn (`refresh_all`). A key read before it was pressed over the question before.
        self.key_at: float | None = None
        self.key = ""  # that key's name ("enter": its option taken by `selected`)
        self.shown_at = 0.0
        self._resized = False  # a redraw for a resize is due
        self._log_width = 0  # the log's width when its lines were wrapped

    @property
    def game_app(self) -> UnbrokenApp:
        """The app: its settings, navigation and the frame timings bench/tui.py reads."""
        return game_app(self)

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def recorder(self) -> Recorder | None:
        """Writes the replay as the game goes (None: not recorded)."""
        return self.session.recorder

    @property
    def decision_panel(self) -> DecisionPanel:
        """The options' panel (found once: read several times a key)."""
        if self._decision_panel is None:
            self._decision_panel = self.query_one(DecisionPanel)
        return self._decision_panel

    @property
    def offered(self) -> list[tuple[act.Action, str]]:
        """The options listed: each action, and why it cannot be taken now ("" if it can)."""
        return self.decision_panel.offered

    @property
    def passing(self) -> Passing | None:
        """The beats of a decision being shown step by step (None: none)."""
        return self.rounds.passing

    @property
    def die(self) -> str:
        """The stage's die: a face while it rolls, then the roll in words."""
        return self.query_one(StagePanel).die

    def compose(self) -> ComposeResult:
        yield from table_layout(
            SteadyStatic(id="prompt"), DecisionPanel(self.pace), SteadyStatic(id="detail")
        )
        yield KeysFooter()

    def on_mount(self) -> None:
        #: The first-game hints still due (none after the player's first game, or when off).
        settings = self.game_app.settings
        self.hints = Hints(settings.hints and first_game(), settings.hints_seen)
        # In rows of its own above the log (which gives them up), not over the trackers.
        self.query_one("#right").mount(HintBox(), before="#log")
        #: The stage's die while it rolls (one timer, tui/rolling.py).
        self.rolling = RollingDie(self.query_one(StagePanel))
        for panel in self.query(CardLines):
            panel.inspectable = True  # a click, or Enter, on a card inspects it
        self.tell(self.session.take_notices())
        if self.kept is not None:  # after `u`: the lines as they were written
            self.written.begun = self.kept.begun
            self.hints_said.update(self.kept.hints_said)
            self.write(*self.kept.said)
            self.narrator.follow(self.game.events)  # what it knows, unsaid (its level)
        else:
            self.narrate(self.game.events)
        if self.recorder is not None and self.recorder.decisions and not self.taken_back:
            # A continued game: show the last decision's changes and the die as they were.
            self.last = last_decision(self.game.events)
        self.last = [*self.last, *take_only_answers(self)]
        self.query_one(StagePanel).set_reactive(StagePanel.die, self.rolled())
        self.refresh_all()
        self.query_one("#decisions", OptionList).focus()
        self.show_if_over()

    def on_screen_suspend(self) -> None:
        self.query_one(HintBox).hold()  # a hint's time runs only in sight
        self.decision_panel.hide()  # and the careful window's

    def on_screen_resume(self) -> None:
        self.query_one(HintBox).release()
        self.decision_panel.reveal()

    def on_resize(self, event: events.Resize) -> None:
        """Fit the decisions to the new height once the panels have their sizes, and keep
        the log on its latest lines (re-wrapped, it showed its first ones). Resizes that
        come together are drawn once, at the last size: two draws in one go fitted the
        options to the first and cut one too many."""
        self.redraw_soon()

    def redraw_soon(self) -> None:
        """Draw the table again once the panels have their sizes (once for many asks)."""
        if not self._resized:
            self._resized = True
            self.call_after_refresh(self.redraw)

    @on(DecisionPanel.Relaid)
    def relaid(self) -> None:
        """The options' width changed, the screen's not (a panel docked beside them came
        or went): draw it all again as after a resize (31a-5)."""
        self.redraw_soon()

    def redraw(self) -> None:
        """Draw the table again: the game as it is, or the beat being shown."""
        self._resized = False
        if not self.rounds.redraw():
            self.draw_all()
        self.rewrap_log()
        self.call_after_refresh(self.query_one("#log", RichLog).scroll_end, animate=False)

    def rewrap_log(self) -> None:
        """Write the log's newest lines again when its width changed: a RichLog wraps a
        line once, as it is written, so after a resize the old lines were cut off (or
        narrow). The full log (`l`) keeps every line."""
        log = self.query_one("#log", RichLog)
        width = log.scrollable_content_region.width
        if width == self._log_width or not width:
            return
        self._log_width = width
        log.clear()
        for line in self.said[-REWRAPPED:]:
            if line not in self.hints_said:
                log.write(line)

    def narrate(self, new: list[ev.Event]) -> list[str]:
        """Write the events' lines in the log; return them."""
        said = [*(self.narrator.describe(e) for e in new), self.narrator.said()]
        lines = [part for line in said if line for part in line.split("\n")]
        self.write(*lines)
        return lines

    def write(self, *lines: str) -> None:
        """Add lines to the log (and to what the full log, `l`, shows): written at once,
        as one renderable (a write a line was a fair part of a key press's cost)."""
        if not lines:
            return
        self.said.extend(lines)
        log = self.query_one("#log", RichLog)
        log.write("\n".join(lines))
        self._log_width = log.scrollable_content_region.width  # wrapped at this width

    def refresh_all(self) -> None:
        """Draw the table and the decision as the game is now (once per decision)."""
        game, panel = self.game, self.decision_panel
        hint = self.hints.for_step(game.state.step) if game.decision is not None else ""
        if hint:  # one at a time: a new step's hint replaces the last one
            self.query_one(HintBox).say(hint)
            self.game_app.save_settings(hints_seen=self.hints.seen)
        panel.offer(game, self.last)
        self.draw_all()
        self.shown_at = get_time()

    def draw_all(self) -> None:
        """Draw the table and the decision offered: its window, mark and highlight as they
        are (a resize draws the same decision again; offered again, it was a new one)."""
        game, s, panel = self.game, self.game.state, self.decision_panel
        row = ROLLING if self.rolling.rolling else self.applied_row()
        uses = level_ability_uses(reversed(game.events))
        opened = combat_opened(reversed(game.events))
        last = self.last if self.marked is None else self.marked
        draw_table(self, s, game.ruleset, last, uses, self.die, row, panel.forecasts, opened)
        panel.set_reactive(DecisionPanel.odds, self.odds.marks())
        panel.show_offer()
        self.fit_hint()

    def applied_row(self) -> int:
        """Return the table row the stage marks as the last roll applied: held after `u`
        too, the die showing that roll (36b: the ▶ went, as before r52's Response fix)."""
        return marked_applied(self.last, self.game.events, self.taken_back)

    def draw_stage(self) -> None:
        """Draw the stage as the game is now, the row the last monster roll applied marked
        once the die shows its number (not while it rolls: that would tell it)."""
        stage = self.query_one(StagePanel)
        sheet = stage.sheet
        row = ROLLING if self.rolling.rolling else self.applied_row()
        stage.show(self.game.state, self.game.ruleset, self.die, row)
        if stage.sheet != sheet:
            self.refresh_bindings()  # `m` (the monster's rules) only with a monster on the stage

    @on(HintBox.Changed)
    def hint_changed(self) -> None:
        """Fit the options to the rows a hint leaves them (unless the decision drawn with
        the hint did), the hint to its rows, the log on its newest lines. The hint is
        fitted whether or not the options' rows changed (#28 round 26: a hint back after a
        notice of as many rows showed whole, 4 rows where it had 3, cut)."""
        panel = self.decision_panel
        if panel.room_changed():
            panel.show_offer()
        self.fit_hint()
        self.call_after_refresh(self.query_one("#log", RichLog).scroll_end, animate=False)

    def fit_hint(self) -> None:
        """Show the hint in its rows, of one size for the screen (the options are fitted
        to what it leaves); one cut is kept whole in the full log (`l`), not in the log's
        few rows, which are the game's: once (34b-4: the hint back after a notice over it,
        "Not now: …", was written there again)."""
        box = self.query_one(HintBox)
        width = self.query_one("#right").size.width or 46
        hint = f"{box.heading}{box.text}"
        if box.fit(width) and hint not in self.hints_said:
            self.said.append(hint)
            self.hints_said.add(hint)

    @on(OptionList.OptionHighlighted, "#decisions")
    def highlighted(self, message: OptionList.OptionHighlighted) -> None:
        self.decision_panel.show_detail(message.option_index)

    @on(OptionList.OptionSelected, "#decisions")
    def selected(self, message: OptionList.OptionSelected) -> None:
        pressed, self.key_at = self.key_at if self.key == "enter" else None, None
        if not stale(self, pressed, "Enter"):  # Enter on the options (not a click)
            self.take(message.option_index, enter=True, pressed=pressed)

    def on_mouse_down(self, _: events.MouseDown) -> None:
        self.key_at = None  # a click's option is not the last key's

    def on_key(self, event: events.Key) -> None:
        self.key_at, self.key = event.time, event.key  # read before its binding runs
        if self.rounds.shown:  # a key skips the rounds being shown (not a stray one)
            event.stop()
            event.prevent_default()
            self.rounds.skip()
        elif event.key == "enter":  # on no option: said (else Textual selects nothing)
            enter_on_none(self)

    def action_take(self, index: int) -> None:
        """An option's key: take the index-th option; one past the options is said
        (`key_on_none`). A key pressed before this question was drawn (`%` running) was
        pressed over the question before: it takes and marks nothing, said (31b-4: a `1`
        over the keep question marked Resolve on the next; "3 3" over "Asked again")."""
        pressed, self.key_at = self.key_at, None
        key, offered = OPTION_KEYS[index], len(self.offered)
        if not offered or stale(self, pressed, key):
            return
        if index < offered:
            self.take(index, pressed=pressed)
        else:
            key_on_none(self, key, pressed)

    def take(self, index: int, enter: bool = False, pressed: float | None = None) -> None:
        """Apply the index-th option and show what it did (tui/taking.py; `enter`: its key
        was Enter, on the option highlighted; `pressed`: when its key was read)."""
        apply_option(self, index, enter, pressed)

    def finish(self, new: list[ev.Event], start: float) -> None:
        """Take the answers that need no choice, then show the decision's outcome."""
        show_outcome(self, new, start)

    def landed(self) -> None:
        """The decision's die has rolled: show what it came to, and the row it applied."""
        self.query_one(StagePanel).set_reactive(StagePanel.die, self.rolled())
        self.draw_stage()

    # ------------------------------------------------------------------ the game's course

    def show_if_over(self) -> None:
        """When the game has ended, show how (the game over screen: tui/game_end.py)."""
        show_if_over(self)

    def tell(self, notices: list[str]) -> None:
        """Show the session's notices (recording stopped, an observer switched off, the
        daily challenge's terms) in the notice line above the log, which covers no tracker
        and goes under help and the inspector (#28 round 14: the daily's toast lay over
        help's keys), one at a time (#28 round 32: joined, two ran together, cut)."""
        self.query_one(HintBox).say_each([n[:1].upper() + n[1:] for n in notices], 8)

    def rolled(self) -> str:
        """Return the die as the stage shows it now: face, number, result and purpose."""
        game = self.game
        shown = shown_roll(reversed(by_decision(game.events)))
        return shown_text(shown, game.ruleset, game.state.level, game.state)

    # ------------------------------------------------------------------ the screen's keys

    def say(self, message: str, seconds: float = 4) -> None:
        """Say a message of the screen's own (a key that cannot act now, `m` with all in
        sight) in the notice line above the log, which covers no tracker and shows one at
        a time: a toast covered the log's last rows, and the same one again stacked (#28)."""
        self.query_one(HintBox).say(message, seconds, "")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer `m` only when the stage shows a monster (its rules to fold or unfold)."""
        if action in ("monster_rules", "no_monster_rules"):
            sheet = any(stage.sheet for stage in self.query(StagePanel))
            return sheet if action == "monster_rules" else not sheet
        return True

    def action_toggle_roll(self) -> None:
        app = self.game_app
        app.roll_animation = not app.roll_animation
        app.save_settings(roll_animation=app.roll_animation)
        self.say(f"Die roll animation {'on' if app.roll_animation else 'off'}.")

    def action_switch_focus(self) -> None:
        """Tab: from the options to the hand, and back. In the hand the arrows pick a card
        (scrolled into sight; Enter inspects it), or scroll it when it names none. The
        screen's own scroll to a widget given focus is not asked for: it showed the Hand's
        top, the card picked (marked, Enter's) out of sight below it (#28 round 32)."""
        hand = self.query_one("#hand", HandPanel)
        text = self.query_one("#hand-text", CardLines)
        if self.focused in (hand, text):
            self.query_one(DecisionList).focus()
        else:
            (text if text.can_focus else hand).focus(scroll_visible=False)

    def action_monster_rules(self) -> None:
        """Show the monster's rules in full on the stage, or fold them (tui/stage_keys.py)."""
        monster_rules(self)

    #: What `m` last said of the page it showed (`action_monster_rules`).
    paged_notice = ""

    def action_no_monster_rules(self) -> None:
        """`m` before a monster is on the stage: say why it does nothing (round 10)."""
        self.say(f"No monster yet: {EXPAND_KEY} reads its rules once one is revealed.")

    def action_inspect(self, card: str = "") -> None:
        """Open the card inspector: on `card`, or on the cards the decision offers, the
        option the detail line says first, whole where the line is cut (29a-15)."""
        # lazy: loaded when this action runs, after the first frame
        from unbroken.tui.inspector import InspectorScreen

        said = ("", "") if card else self.decision_panel.said_whole
        self.app.push_screen(InspectorScreen(self.game, card, said))

    @on(CardLines.Inspect)
    def inspect_card(self, message: CardLines.Inspect) -> None:
        self.action_inspect(message.card)

    def action_help(self, at: str = "keys") -> None:
        self.game_app.open_screen(at)

    def action_odds(self) -> None:
        self.odds.toggle()

    def action_full_log(self) -> None:
        self.game_app.show_log(self.said)

    def action_take_back(self) -> None:
        """Take back the last decision when it revealed nothing (tui/taking_back.py)."""
        take_back(self)

    def action_title(self) -> None:
        if self.query("HelpPanel"):  # Esc closes the palette's Keys panel first
            self.app.action_hide_help_panel()
            return
        if self.game.is_over:
            self.leave_for_title(True)
            return
        # Asked first: an Esc meant for an overlay that just closed must not leave.
        self.app.push_screen(LeaveScreen(self.session.keeps_on_leaving()), self.leave_for_title)

    def leave_for_title(self, leave: bool | None) -> None:
        """Go to the title (the game saved) when the player said so."""
        if not leave:
            self.say("Stayed in the game.", 2)
            return
        saved = self.session.leave()
        self.game_app.show_title(GAME_SAVED if saved else "")
