"""The game screen: display, phase tracker, stage, hand, decisions and log."""

from __future__ import annotations

import textwrap
import time
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import (
    Footer,
    OptionList,
    RichLog,
    Static,
)

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.forecast import Forecast
from unbroken.core.game import Game
from unbroken.core.handlers import HandlerError
from unbroken.core.state import copy_state
from unbroken.tui.card_lines import CardLines
from unbroken.tui.details import detail
from unbroken.tui.dice import DIE_FACES, die_update, shown_roll, shown_text
from unbroken.tui.hints import HintBox, Hints, first_game
from unbroken.tui.leaving import LeaveScreen
from unbroken.tui.odds import BINDING as ODDS_BINDING
from unbroken.tui.odds import GameOdds
from unbroken.tui.passing import BEAT_SECONDS, Beat, Passing, beat_roll, beats
from unbroken.tui.stage import EXPAND_KEY, applied_row
from unbroken.tui.switching import offer_switch_off
from unbroken.tui.widgets import (
    DecisionList,
    DisplayPanel,
    HandPanel,
    PhaseTracker,
    StagePanel,
    level_ability_uses,
    option_index,
    option_line,
    table_layout,
)
from unbroken.words.actions import label, option_text, prompt_text, shared_note
from unbroken.words.events import Narrator
from unbroken.words.outcomes import standing

#: The rows kept under the decisions: the detail (two lines) and the log (its border
#: and two lines); the log also takes whatever rows the decisions leave.
BELOW_DECISIONS = 2 + 3

if TYPE_CHECKING:
    from unbroken.play.session import GameSession
    from unbroken.replay import Recorder
    from unbroken.tui.app import UnbrokenApp


#: How long the die rolls on the stage before it shows its number.
ROLL_SECONDS = 0.3


class GameScreen(Screen[None]):
    """The table: display, phase tracker, stage, hand, decisions and log."""

    BINDINGS = [
        Binding("question_mark", "help", "Help"),
        Binding(
            EXPAND_KEY, "monster_rules", "Rules"
        ),  # the monster's; short: the footer is full at 80
        Binding("tab", "switch_focus", "Hand", show=False, priority=True),
        Binding("i", "inspect", "Cards"),
        Binding("u", "take_back", "Take back"),
        Binding("l", "full_log", "Log"),
        Binding("r", "toggle_roll", "Roll animation", show=False),  # in help; the footer is full
        ODDS_BINDING,
        Binding("escape", "title", "Title"),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        #: The game being played: every decision goes through it (unbroken.play.session).
        self.session = session
        self.narrator = Narrator(session.game.ruleset)
        #: Every line the log has written, for the full log (`l`).
        self.said: list[str] = []
        self.last: list[ev.Event] = []
        #: The options listed: each action, and why it cannot be taken now ("" when it can).
        self.offered: list[tuple[act.Action, str]] = []
        #: The forecast of each option offered that can be taken (made once per decision).
        self.forecasts: dict[act.Action, Forecast] = {}
        #: The stage's die: a roll's face, number, result and purpose (see widgets.shown_roll).
        self.die = ""
        #: The die rolling: its timer, frames shown, the value it lands on, and when.
        self._roll_timer: Timer | None = None
        self._roll_frames = 0
        self._roll_value = 1
        self._roll_until = 0.0
        #: The odds of the options (`%`), estimated while shown (unbroken.tui.odds).
        self.odds = GameOdds(self)
        #: The beats of a decision being shown step by step (None: none).
        self.passing: Passing | None = None

    @property
    def unbroken(self) -> UnbrokenApp:
        return self.app  # type: ignore[return-value]

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def recorder(self) -> Recorder | None:
        """Writes the replay as the game goes (None: not recorded)."""
        return self.session.recorder

    def compose(self) -> ComposeResult:
        yield from table_layout(
            Static(id="prompt"), DecisionList(id="decisions"), Static(id="detail")
        )
        yield Footer()

    def on_mount(self) -> None:
        #: The first-game hints still due (none after the player's first game, or when off).
        settings = self.unbroken.settings
        self.hints = Hints(settings.hints and first_game(), settings.hints_seen)
        self.query_one("#right").mount(HintBox())  # over the log's foot, not the trackers
        for panel in self.query(CardLines):
            panel.inspectable = True  # a click, or Enter, on a card inspects it
        self.tell(self.session.take_notices())
        self.narrate(self.game.events)
        if self.recorder is not None and self.recorder.decisions:
            # A continued game: show the last decision's changes and the die as they were.
            self.last = ev.last_decision(self.game.events)
        self.last = [*self.last, *self.take_only_answers()]
        self.die = self.rolled()
        self.refresh_all()
        self.query_one("#decisions", OptionList).focus()
        self.show_if_over()

    def on_resize(self, event: events.Resize) -> None:
        """Fit the decisions to the new height once the panels have their sizes, and keep
        the log on its latest lines (re-wrapped, it showed its first ones)."""
        self.call_after_refresh(self.redraw)
        self.call_after_refresh(self.query_one("#log", RichLog).scroll_end, animate=False)

    def redraw(self) -> None:
        """Draw the table again: the game as it is, or the beat being shown."""
        passing = self.passing
        if passing is None:
            self.refresh_all()
        elif passing.shown:
            self.show_beat(passing.steps[passing.shown - 1], rolling=False)

    def decision_room(self, prompt: str) -> int:
        """Return the rows the options may take: the right column's, less the phase
        tracker, the prompt, the detail and the log's least."""
        right = self.query_one("#right")
        height = right.size.height or self.size.height - 1
        width = max(10, (right.size.width or 48) - 2)
        phase = self.query_one("#phase").size.height or 1
        prompt_rows = len(textwrap.wrap(prompt, width))
        return max(3, height - phase - prompt_rows - BELOW_DECISIONS)

    def refit(self) -> None:
        """Cut the options again when the drawn screen left some out of sight (a panel
        above them took more rows than counted)."""
        decisions = self.query_one("#decisions", DecisionList)
        over = decisions.max_scroll_y
        if over > 0 and decisions.room > 3 and self.passing is None:
            decisions.room = max(3, decisions.room - over)
            decisions.show(*decisions.offered_now())

    def narrate(self, new: list[ev.Event]) -> None:
        for e in new:
            line = self.narrator.describe(e)
            if line:
                self.write(line)

    def write(self, line: str) -> None:
        """Add a line to the log (and to what the full log, `l`, shows)."""
        self.said.append(line)
        self.query_one("#log", RichLog).write(line)

    def refresh_all(self) -> None:
        game = self.game
        rules = game.ruleset
        s = game.state
        uses = level_ability_uses(reversed(game.events))
        self.query_one("#display", DisplayPanel).show(s, rules, self.last, uses)
        self.query_one("#phase", PhaseTracker).show(s)
        self.draw_stage()
        self.query_one("#hand", HandPanel).show(s, rules)
        decisions = self.query_one("#decisions", DecisionList)
        decision = game.decision
        if decision is None:
            self.offered = []
            decisions.show([])
            self.query_one("#prompt", Static).update("")
            return
        prompt = prompt_text(decision.prompt, s)
        hint = self.hints.for_step(s.step)
        if hint:  # one at a time: a new step's hint replaces the last one
            self.query_one(HintBox).say(hint)
            self.unbroken.save_settings(hints_seen=self.hints.seen)
        self.offered = game.options()
        query = game.query()
        self.forecasts = {a: query.forecast(a) for a, why in self.offered if not why}
        decisions.room = self.decision_room(prompt)
        self.draw_decision()
        self.show_detail(decisions.highlighted or 0)
        self.call_after_refresh(self.refit)

    def draw_decision(self) -> None:
        """Draw the prompt and the options offered, with their odds when `%` shows them
        (the one place they are drawn: a redraw, a resize, keeps the odds)."""
        game = self.game
        decision = game.decision
        if decision is None:
            return
        s, rules = game.state, game.ruleset
        odds, status = self.odds.marks()
        lines = []
        shared = shared_note(self.offered, s, rules, self.forecasts)
        for i, (action, why) in enumerate(self.offered):
            text = option_text(action, why, s, rules, self.forecasts.get(action), shared)
            lines.append(option_line(i, f"{odds[i]} {text}" if i in odds else text))
        decisions = self.query_one("#decisions", DecisionList)
        highlighted = decisions.highlighted
        decisions.show(lines, [bool(why) for _, why in self.offered])
        if status and highlighted is not None and highlighted < len(lines):
            decisions.highlighted = highlighted  # the same options, their odds updated
        prompt = Text(prompt_text(decision.prompt, s), style="bold")
        if shared:
            prompt.append(f" Whatever you choose: {shared}", style="not bold italic")
        if status:
            prompt.append("\n" + status, style="italic")
        self.query_one("#prompt", Static).update(prompt)

    def show_detail(self, index: int) -> None:
        offered = self.offered
        if not 0 <= index < len(offered):
            return
        action, why = offered[index]
        if why:  # the option line says why not; nothing more to add
            self.query_one("#detail", Static).update("")
            return
        text = detail(action, self.game, self.forecasts.get(action))
        same = text == label(action, self.game.state, self.game.ruleset)
        self.query_one("#detail", Static).update(Text("" if same else text, style="italic"))

    @on(OptionList.OptionHighlighted, "#decisions")
    def highlighted(self, message: OptionList.OptionHighlighted) -> None:
        self.show_detail(message.option_index)

    @on(OptionList.OptionSelected, "#decisions")
    def selected(self, message: OptionList.OptionSelected) -> None:
        self.take(message.option_index)

    def on_key(self, event: events.Key) -> None:
        if self.passing is not None:  # any key skips the rounds being shown
            event.stop()
            self.end_passing()
            return
        index = option_index(event.character or "")
        if index is not None and index < len(self.offered):
            event.stop()
            self.take(index)

    def take(self, index: int) -> None:
        """Apply the index-th option and show what it did (one that cannot be taken says why)."""
        if not 0 <= index < len(self.offered):
            return
        action, why = self.offered[index]
        if why:
            text = option_text(action, why, self.game.state, self.game.ruleset)
            self.notify(f"Not now: {text}.", severity="warning", timeout=4)
            return
        start = time.perf_counter()
        # A hint is read once the player acts: it covers the Display, whose effort a
        # battle spends (playing a first game, the SE ran out unseen under one).
        self.query_one(HintBox).dismiss()
        animate = self.unbroken.roll_animation
        before = copy_state(self.game.state) if animate else None  # only the beats need it
        try:
            new = self.session.apply(action)
        except HandlerError as exc:  # a plugin's code failed: the game is as it was
            self.refresh_all()
            offer_switch_off(self, exc)  # else one that always fails refuses every decision
            return
        steps = beats(before, new) if before is not None else []
        if len(steps) > 1:  # rounds passed without a key: show them one by one
            self.start_passing(steps, start)
            return
        self.narrate(new)
        self.finish(new, start)

    def finish(self, new: list[ev.Event], start: float) -> None:
        """Take the answers that need no choice, then show the decision's outcome."""
        try:
            new = [*new, *self.take_only_answers()]
        except HandlerError as exc:  # a plugin's code failed: the game is as it was
            self.refresh_all()
            offer_switch_off(self, exc)  # else one that always fails refuses every decision
            return
        self.tell(self.session.take_notices())
        self.last = new
        _, roll = die_update(new)
        if roll is not None and self.unbroken.roll_animation and self.passing is None:
            self.start_roll(roll)
        else:
            self.stop_roll()
            self.die = self.rolled()
        self.passing = None
        self.refresh_all()
        # bench/tui.py reads these: from the key to the next frame drawn.
        latencies = self.unbroken.frame_latencies
        self.call_after_refresh(lambda: latencies.append(time.perf_counter() - start))
        self.show_if_over()

    def start_passing(self, steps: list[Beat], start: float) -> None:
        """Show each beat of a decision in turn (stage, die, log lines); any key skips."""
        self.stop_roll()
        self.passing = Passing(steps, start)
        self.offered = []
        self.query_one("#decisions", DecisionList).show([])
        self.query_one("#detail", Static).update("")
        prompt = "Rounds pass on their own… (any key: skip)"
        self.query_one("#prompt", Static).update(Text(prompt, style="bold"))
        self.next_beat()
        self._roll_timer = self.set_interval(0.05, self.passing_frame)

    def next_beat(self) -> None:
        """Show the next beat: its log lines now, its die rolling, then landing."""
        passing = self.passing
        assert passing is not None
        beat = passing.steps[passing.shown]
        passing.shown += 1
        passing.since = time.monotonic()
        self.narrate(beat.events)
        self.show_beat(beat, rolling=beat_roll(beat) is not None)

    def show_beat(self, beat: Beat, rolling: bool) -> None:
        rules = self.game.ruleset
        uses = level_ability_uses(reversed(self.game.events))
        roll = beat_roll(beat)
        if rolling and roll is not None:
            die = DIE_FACES[(int(time.monotonic() * 20) + roll.value) % 6]
        else:
            die = shown_text(shown_roll([beat.so_far]), rules)
        self.query_one("#display", DisplayPanel).show(beat.state, rules, beat.events, uses)
        self.query_one("#phase", PhaseTracker).show(beat.state)
        stage = self.query_one("#stage", StagePanel)
        stage.show(beat.state, rules, die, applied_row(beat.events))
        self.query_one("#hand", HandPanel).show(beat.state, rules)

    def passing_frame(self) -> None:
        passing = self.passing
        if passing is None:
            return
        held = time.monotonic() - passing.since
        beat = passing.steps[passing.shown - 1]
        if held < BEAT_SECONDS:
            if beat_roll(beat) is not None:
                self.show_beat(beat, rolling=held < ROLL_SECONDS)
            return
        if passing.shown < len(passing.steps):
            self.next_beat()
        else:
            self.end_passing()

    def end_passing(self) -> None:
        """Skip to the end of the beats: their log lines, then the decision's outcome."""
        passing = self.passing
        if passing is None:
            return
        self.stop_roll()
        for beat in passing.steps[passing.shown :]:
            self.narrate(beat.events)
        passing.shown = len(passing.steps)
        self.finish([e for beat in passing.steps for e in beat.events], passing.start)

    def show_if_over(self) -> None:
        """When the game has ended, show how (the game over screen)."""
        finished = self.session.finished
        if finished is not None:
            rules = self.game.ruleset
            best = ""
            if finished.won:
                args = (finished.cls, finished.difficulty, finished.score, finished.best_before)
                best = standing(rules, *args)
            replay = finished.replay
            self.unbroken.show_game_over(self.game, finished.new_achievements, replay, best)

    def take_only_answers(self) -> list[ev.Event]:
        """Take each following decision taken for the player (a single answer, a pointless
        one: the settings), saying so in the log; return their events."""

        def tell(line: str, events: list[ev.Event]) -> None:
            self.write(line)
            self.narrate(events)

        return self.session.take_for_player(tell)

    def tell(self, notices: list[str]) -> None:
        """Show the session's notices (recording stopped, an observer switched off…)."""
        for notice in notices:
            self.notify(notice[:1].upper() + notice[1:], severity="warning", timeout=8)

    def rolled(self) -> str:
        """Return the die as the stage shows it now: face, number, result and purpose."""
        game = self.game
        return shown_text(shown_roll(reversed(ev.by_decision(game.events))), game.ruleset)

    def start_roll(self, roll: ev.DieRolled) -> None:
        """Show the die rolling for a moment, then what it shows; input is never blocked."""
        self.stop_roll()
        self._roll_frames = 0
        self._roll_value = roll.value
        self._roll_until = time.monotonic() + ROLL_SECONDS
        self.die = DIE_FACES[0]
        self._roll_timer = self.set_interval(0.05, self._roll_frame)

    def stop_roll(self) -> None:
        if self._roll_timer is not None:
            self._roll_timer.stop()
            self._roll_timer = None

    def _roll_frame(self) -> None:
        # Timed by the clock, not by counting ticks: a busy machine skips ticks,
        # and the die must still land on its number.
        self._roll_frames += 1
        if time.monotonic() >= self._roll_until:
            self.stop_roll()
            self.die = self.rolled()
        else:
            self.die = DIE_FACES[(self._roll_frames * 5 + self._roll_value) % 6]
        self.draw_stage()

    def draw_stage(self) -> None:
        """Draw the stage as the game is now, the row the last monster roll applied marked
        once the die shows its number (not while it rolls: that would tell it)."""
        stage = self.query_one("#stage", StagePanel)
        sheet = stage.sheet
        row = applied_row(self.last) if self._roll_timer is None else 0
        stage.show(self.game.state, self.game.ruleset, self.die, row)
        if stage.sheet != sheet:
            self.refresh_bindings()  # `m` (the monster's rules) only with a monster on the stage

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer `m` only when the stage shows a monster (its rules to fold or unfold)."""
        if action == "monster_rules":
            return any(stage.sheet for stage in self.query(StagePanel))
        return True

    def action_toggle_roll(self) -> None:
        self.unbroken.roll_animation = not self.unbroken.roll_animation
        self.unbroken.save_settings(roll_animation=self.unbroken.roll_animation)
        state = "on" if self.unbroken.roll_animation else "off"
        self.notify(f"Die roll animation {state}.")

    def action_switch_focus(self) -> None:
        """Tab: from the options to the hand, and back. In the hand the arrows pick a card
        (scrolled into sight; Enter inspects it), or scroll it when it names none."""
        hand = self.query_one("#hand", HandPanel)
        text = self.query_one("#hand-text", CardLines)
        if self.focused in (hand, text):
            self.query_one("#decisions").focus()
        else:
            (text if text.can_focus else hand).focus()

    def action_monster_rules(self) -> None:
        """Show the monster's rules in full on the stage, or fold them back; where they do
        not fit above its whole table, open the monster's card in the inspector instead."""
        stage = self.query_one("#stage", StagePanel)
        monster = self.game.state.monster
        if stage.sheet and not stage.fits and monster is not None:
            self.action_inspect(monster.id)
            return
        stage.expanded = not stage.full
        self.draw_stage()

    def action_inspect(self, card: str = "") -> None:
        """Open the card inspector: on `card`, or on the cards the decision offers."""
        # lazy: loaded when this action runs, after the first frame
        from unbroken.tui.inspector import InspectorScreen

        self.app.push_screen(InspectorScreen(self.game, card))

    @on(CardLines.Inspect)
    def inspect_card(self, message: CardLines.Inspect) -> None:
        self.action_inspect(message.card)

    def action_help(self) -> None:
        self.unbroken.open_screen("keys")

    def action_odds(self) -> None:
        self.odds.toggle()

    def action_full_log(self) -> None:
        self.unbroken.show_log(self.said)

    def action_take_back(self) -> None:
        """Take back the last decision when it revealed nothing: the game as it was before it."""
        session = self.session
        why = session.why_not_take_back()
        if why:
            self.notify(why, severity="warning")
            return
        action = session.take_back()
        if action is None:
            for problem in session.take_notices():
                self.notify(problem, severity="error", timeout=8)
            return
        screen = self.unbroken.play(session, replace=True)
        screen.notify(f"Taken back: {label(action, session.game.state, session.ruleset)}.")

    def action_title(self) -> None:
        if self.query("HelpPanel"):  # Esc closes the palette's Keys panel first
            self.app.action_hide_help_panel()
            return
        if self.game.is_over:
            self.leave_for_title(True)
            return
        # Asked first: an Esc meant for an overlay that just closed must not leave.
        self.app.push_screen(LeaveScreen(), self.leave_for_title)

    def leave_for_title(self, leave: bool | None) -> None:
        """Go to the title (the game saved) when the player said so."""
        if not leave:
            return
        if self.session.leave():
            self.notify("Game saved: continue it from the title screen.")
        self.unbroken.show_title()
