"""Recorded games: the list of replays, and the read-only viewer with VCR controls."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import DataTable, RichLog, Static

from unbroken.advisor.analysis import option_name
from unbroken.core.history import combat_opened, level_ability_uses
from unbroken.play.taken import told_again
from unbroken.replay import continuable, recorded_games
from unbroken.replay.viewing import warning
from unbroken.tui.analysis import BINDINGS as CHANCE_BINDINGS
from unbroken.tui.analysis import analysing, footer_key, jump, key_pressed, redraw, say, toggle
from unbroken.tui.dice import shown_roll, shown_text
from unbroken.tui.footer import KeysFooter
from unbroken.tui.help import HelpScreen
from unbroken.tui.hints import HintBox
from unbroken.tui.reach import game_app
from unbroken.tui.sheet_rows import held_row
from unbroken.tui.widgets import draw_table, table_layout
from unbroken.words.printable import printable
from unbroken.words.vocabulary import plural

if TYPE_CHECKING:
    from unbroken.replay import Timeline

#: Seconds between steps when playing, by speed setting.
SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1)
#: How long the notice of a recording that fails verification stays in sight (seconds).
WARNING_SECONDS = 30.0


def progress_line(position: int, last: int, playing: bool, speed: int, room: int) -> str:
    """Return the viewer's progress line: the bar, then where it is and how it plays ("█░░
    3/19  paused, 0.5s a step"), in `room` columns (0: not laid out yet). The bar's width
    is fixed for the recording and the room, whatever the words beside it (36b-8: it grew
    and shrank as "playing" became "paused", the speed "0.25s" or "2.0s", the position 9
    or 10): it leaves the room of the widest the words can be. It gives up cells
    before the line wraps (round 10: at 80 columns "0/19 paused," then "0.5s a step" on a
    row of its own)."""
    status = f" {position}/{last}  {'playing' if playing else 'paused'}, {SPEEDS[speed]}s a step"
    widest = max(
        len(f" {last}/{last}  {word}, {seconds}s a step")
        for word in ("playing", "paused")
        for seconds in SPEEDS
    )
    width = max(6, min(30, room - widest)) if room else 30
    filled = round(width * position / last) if last else width
    return "█" * filled + "░" * (width - filled) + status


class ViewerNotice(HintBox):
    """The viewer's notice line: the game's (`HintBox`, a notice with no heading), with room
    for all its words. The viewer has no full log (`l`) to keep a notice cut to the game's
    rows, so a long one (a recording that fails verification, its file named) takes the
    rows it needs, the log giving them up for its time."""

    DEFAULT_CSS = """
    ViewerNotice {
        max-height: 12;
    }
    """

    #: The notice that stays its whole time (a recording that fails verification): a key's
    #: notice over it gives it back when it goes, as the game's notice over a hint does.
    lasting = ""

    def say(self, hint: str, seconds: float | None = None, heading: str = "") -> None:
        """Show `hint` for `seconds`; the lasting notice under it comes back after."""
        under = None
        if self.lasting and self.text == self.lasting and hint != self.lasting:
            under = (self.lasting, max(2.0, self._until - time.monotonic()))
        super().say(hint, seconds, heading)
        if under is not None:
            self._under = under

    def put_away(self) -> None:
        """Put the notice on show away (out of date): but the lasting one, kept its time."""
        if self.text == self.lasting:
            return
        if self._under is not None and self._under[0] == self.lasting:
            self.expire()  # the lasting one back
        else:
            self.dismiss()


#: The viewer's columns from which its footer has room for "home/end Ends".
WIDE = 90


class ReplayListScreen(Screen[None]):
    """Recorded games with date, character, difficulty, outcome and score; Enter watches one."""

    BINDINGS = [
        # Said in the footer, as Records says "⏎ Replay" (#28 round 24: "esc Back" alone).
        Binding("enter", "pick('watch')", "Watch", key_display="⏎", priority=True),
        Binding("enter", "pick('continue')", "Continue", key_display="⏎", priority=True),
        Binding("escape", "app.pop_screen", "Back"),
        # As on every screen that leads to one (32a-8: `?` after leaving the viewer with Esc
        # did nothing here, read as the viewer's `?` doing nothing).
        Binding("question_mark", "help", "Help"),
    ]

    def __init__(self, unfinished_only: bool = False) -> None:
        super().__init__()
        self.unfinished_only = unfinished_only
        self.paths: dict[str, Path] = {}

    def compose(self) -> ComposeResult:
        yield Static(id="replays-summary")
        yield DataTable(id="replays", cursor_type="row", zebra_stripes=True)
        yield KeysFooter()

    def on_mount(self) -> None:

        table = self.query_one("#replays", DataTable)
        # "Started": the time `unbroken replays` names a game by (Records shows when it finished).
        table.add_columns("Started", "Character", "Difficulty", "Outcome", "Score", "Decisions")
        unusable = ""
        try:
            infos, problems = recorded_games()
        except OSError as exc:  # the data dir is a file, or cannot be made
            infos, problems, unusable = [], [], str(exc)
        app = game_app(self)
        rules = app.ruleset
        if self.unfinished_only:
            infos = [i for i in infos if continuable(i)]  # none with no decision
        if self.unfinished_only and not infos:  # not "0 unfinished games: Enter continues one"
            text = "No unfinished games: a game you leave before its end waits here"
        elif self.unfinished_only:
            text = f"{plural(len(infos), 'unfinished game')}: Enter continues one"
        elif not infos:
            text = "No recorded games yet: every game you play is kept here"
        else:
            text = plural(len(infos), "recorded game")
        if problems:
            text += f" ({len(problems)} unreadable files skipped: {problems[0]})"
        if unusable:
            text = f"No recorded games can be read: {unusable}"
        self.query_one("#replays-summary", Static).update(Text(printable(text)))
        for info in infos:
            key = str(info.path)
            self.paths[key] = info.path
            table.add_row(
                printable(info.created[:16].replace("T", " ")),
                Text(printable(rules.card_name(info.character))),
                Text(printable(rules.difficulty_name(info.difficulty))),
                info.outcome,
                "-" if info.score is None else info.score,
                info.decisions,
                key=key,
            )
        table.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer Enter as what it does here: watch a replay, or continue a game."""
        if action == "pick":
            return (parameters == ("continue",)) == self.unfinished_only
        return True

    def action_help(self) -> None:
        """Open help at the keys: the viewer's first, or the game's for a game to continue."""
        if self.unfinished_only:
            game_app(self).open_screen("keys")
        else:
            self.app.push_screen(HelpScreen(viewer=True))

    def action_pick(self, what: str) -> None:
        """Enter: watch the highlighted game (or continue it), as the table's Enter does."""
        self.query_one("#replays", DataTable).action_select_cursor()

    def on_data_table_row_selected(self, message: DataTable.RowSelected) -> None:
        path = self.paths[str(message.row_key.value)]
        app = game_app(self)
        if self.unfinished_only:
            app.continue_game(path)
        else:
            app.open_replay(path)


def decision_line(timeline: Timeline, i: int) -> str:
    """Return the viewer's line of position `i`: the decision that led there, named as the
    analysis names its options (`option_name`: the chart's verdict and its costly
    decisions), or the setup."""
    action = timeline.action_at(i)
    if action is None:
        return "The setup, before the first decision."
    return f"Decision {i}: {option_name(action, timeline.state_at(i - 1), timeline.ruleset)}"


class ReplayViewerScreen(Screen[None]):
    """A recorded game on the game screen, read-only, with VCR controls."""

    #: Pairs of keys share one footer entry ("←→ Step"); Home/End's ("home/end Ends")
    #: shows where the screen has the columns (`WIDE`): the footer's keys stand apart
    #: from their words as on every screen, which fits the others in 80 columns (33a:
    #: the compact footer read "←→ Step home/end Ends l/b/d Next space Play …").
    #: Esc and q close the viewer: back to the screen it was opened from, or, opened
    #: by `unbroken replay FILE`, back to the shell (one of the two entries shows).
    BINDINGS = [
        Binding("right", "step(1)", "Step", priority=True, key_display="←→"),
        Binding("left", "step(-1)", "Back", priority=True, show=False),
        Binding("home", "jump_start('shown')", "Ends", priority=True, key_display="home/end"),
        Binding("home", "jump_start", "Start", priority=True, show=False),
        Binding("end", "jump_end", "End", priority=True, show=False),
        Binding("l", "next('level')", "Next", key_display="l/b/d"),
        Binding("b", "next('battle')", "Next battle", show=False),
        Binding("d", "next('death')", "Next death", show=False),
        # Not in the footer (full at 80 columns): the viewer's help (?) lists them.
        Binding("L", "previous('level')", "Prev", key_display="L/B/D", show=False),
        Binding("B", "previous('battle')", "Previous battle", show=False),
        Binding("D", "previous('death')", "Previous death", show=False),
        Binding("space", "play", "Play"),
        *CHANCE_BINDINGS,
        Binding("plus,equals_sign", "speed(1)", "Speed", key_display="+-", show=False),
        Binding("minus", "speed(-1)", "Slower", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("slash", "help(True)", "Search help", show=False),  # as on the title
        Binding("escape", "close('shell')", "Quit"),
        Binding("escape", "close('back')", "Back"),
        Binding("q", "close('shell')", "Quit", show=False),
        Binding("q", "close('back')", "Back", show=False),
    ]

    #: Whether the chart said its analysis is the one kept, and when (once: 33a).
    kept_told = False

    def __init__(
        self, timeline: Timeline, closes_app: bool = False, problem: str | None = None
    ) -> None:
        super().__init__()
        self.timeline = timeline
        #: What verify says is wrong with the recording (None: it verifies).
        self.problem = problem
        #: Opened by `unbroken replay FILE`: closing the viewer ends the app.
        self.closes_app = closes_app
        self.position = 0
        self.speed = 2
        self.timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield from table_layout(Static(id="position"))
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        log = self.query_one("#log", RichLog)
        log.can_focus = False  # the VCR keys (Home, End, arrows) belong to the viewer
        # The notice line, as the game's: rows of its own above the log, which gives them up
        # (32a-1: a toast in the corner covered three of the log's lines).
        self.query_one("#right").mount(ViewerNotice(), before="#log")
        self.show()
        if self.problem is not None:
            notice = self.query_one(ViewerNotice)
            notice.lasting = warning(self.problem)
            self.say(notice.lasting, WARNING_SECONDS)

    def say(self, message: str, seconds: float = 4) -> None:
        """Say a message of the viewer's own (a key that finds nothing, a recording that fails
        verification) in the notice line above the log, as the game says its own: it covers
        no tracker and no log line, and shows one at a time (the same one never stacks)."""
        self.query_one(ViewerNotice).say(message, seconds, "")

    def put_notice_away(self) -> None:
        """Put a key's notice on show away (out of date: the chart now says where things
        are); a recording's failed verification stays its time."""
        self.query_one(ViewerNotice).put_away()

    def on_key(self, _event: events.Key) -> None:
        """Before the key's action (the screen's keys are not priority ones but the VCR's,
        which move and so put it away too): the chart's answer to the key before goes."""
        key_pressed(self)

    def on_screen_suspend(self) -> None:
        self.query_one(ViewerNotice).hold()  # its time runs only in sight (help over it)

    def on_screen_resume(self) -> None:
        self.query_one(ViewerNotice).release()

    @on(HintBox.Changed)
    def notice_changed(self) -> None:
        """The notice line took or gave up rows: the log stays on its newest lines, the
        chance chart (when shown) fits its words to the rows left."""
        self.call_after_refresh(self.query_one("#log", RichLog).scroll_end, animate=False)
        self.call_after_refresh(lambda: redraw(self))

    #: A draw for a resize is on its way (`on_resize`).
    _resized = False

    def on_resize(self, event: events.Resize) -> None:
        """Draw the position again for the new size (the header's bar, the log's lines, the
        Stage's rows and the Hand fit it) once the panels have their sizes, as GameScreen
        does: drawn here, in the event, it was drawn at the old layout's (30b-9: after a
        resize to 120x40 the log wrapped at 44 columns, "Hand ↓ more", until `→`). Resizes
        that come together are drawn once; the event as GameScreen's takes it (mypy). Home
        and End's entry in the footer comes or goes with the columns (`WIDE`)."""
        self.refresh_bindings()
        if not self._resized:
            self._resized = True
            self.call_after_refresh(self.redraw_resized)

    def redraw_resized(self) -> None:
        """Draw the position at the size the screen now has (`on_resize`)."""
        self._resized = False
        self.show()

    def show(self) -> None:
        """Draw the position: the state after it and the events that led there."""
        t = self.timeline
        rules = t.ruleset
        i = self.position
        state = t.state_at(i)
        events = t.events_at(i)
        back = (e for j in range(i, -1, -1) for e in reversed(t.events_at(j)))
        # Drawn as the game draws them, the table row the last roll applied marked ▶
        # (#28 round 20: the viewer drew its own panels and marked none), held through
        # the Response windows after it (round 34: gone after Just a Scratch's).
        row = held_row(t.events_at(j) for j in range(i, -1, -1))
        opened = combat_opened(back)
        draw_table(self, state, rules, events, self.uses_at(i), self.die_at(i), row, None, opened)
        last = len(t) - 1
        room = self.query_one("#position", Static).content_size.width
        line = progress_line(i, last, self.timer is not None, self.speed, room)
        text = Text()
        text.append(f"{line}\n", style="bold")
        text.append(decision_line(t, i))
        self.query_one("#position", Static).update(text)
        redraw(self)  # the chance chart (`a`), when shown
        log = self.query_one("#log", RichLog)
        log.clear()
        for line in told_again(t, i):  # "Taken for you: …" as the game said it (round 23)
            log.write(line)

    def uses_at(self, position: int) -> int:
        """Return the ability uses the level started with at `position` (the uses' maximum)."""
        timeline = self.timeline
        newest_first = (e for i in range(position, -1, -1) for e in reversed(timeline.events_at(i)))
        return level_ability_uses(newest_first)

    def die_at(self, position: int) -> str:
        """Return the die as the game showed it at `position` (see widgets.die_update)."""
        timeline = self.timeline
        shown = shown_roll(timeline.events_at(i) for i in range(position, 0, -1))
        state = timeline.state_at(position)
        return shown_text(shown, timeline.ruleset, state.level, state)

    def go(self, position: int) -> None:
        self.position = max(0, min(position, len(self.timeline) - 1))
        self.show()

    def action_step(self, delta: int) -> None:
        self.go(self.position + delta)

    def action_jump_start(self, _shown: str = "") -> None:
        self.go(0)

    def action_jump_end(self) -> None:
        self.go(len(self.timeline) - 1)

    def action_next(self, kind: str) -> None:
        found = self.timeline.next_index(kind, self.position)
        if found is None:
            say(self, f"No {kind} after this point.")
        else:
            self.go(found)

    def action_previous(self, kind: str) -> None:
        """Go to the last level or battle start, or death, before this position."""
        found = self.timeline.previous_index(kind, self.position)
        if found is None:
            say(self, f"No {kind} before this point.")
        else:
            self.go(found)

    def action_play(self) -> None:
        """Play or pause; at the end, play again from the start (as video players do)."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        else:
            if self.position >= len(self.timeline) - 1:
                self.position = 0
                say(self, "At the end: playing again from the start.")
            self.timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self.show()

    def _tick(self) -> None:
        if self.position >= len(self.timeline) - 1:
            self.action_play()
            return
        self.action_step(1)

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self.timer is not None:
            self.timer.stop()
            self.timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self.show()

    def action_help(self, search: bool = False) -> None:
        """Open help, its viewer keys first, or at its search (`/`, `search`)."""
        self.app.push_screen(HelpScreen(viewer=True, search=search))

    def action_analysis(self, _running: str = "") -> None:
        toggle(self)

    def action_costly(self, step: int) -> None:
        jump(self, step)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer only the Esc/q that fits how the viewer was opened: quit or back; Home
        and End in the footer where it has the columns."""
        if action == "close":
            return (parameters == ("shell",)) == self.closes_app
        if action == "jump_start":
            return (parameters == ("shown",)) == (self.size.width >= WIDE)
        if action == "analysis":
            return footer_key(self, parameters)
        return True

    def action_close(self, to: str) -> None:
        """Close the viewer: back to the screen under it, or out of the app to the shell;
        asked first while an analysis runs (it is kept only once it is done)."""
        if analysing(self):
            # lazy: loaded when this action runs
            from unbroken.tui.leaving import LeaveScreen

            question = (
                "Close the replay viewer? The analysis is still running, and it is kept "
                "only once it is done: closing now loses it. (unbroken analyze in a shell keeps"
                " its analysis for the viewer, with no wait here.)"
            )
            self.app.push_screen(LeaveScreen(question=question), lambda go: self.leave_to(to, go))
            return
        self.leave_to(to)

    def leave_to(self, to: str, go: bool | None = True) -> None:
        """Close the viewer (`go`: the answer to leaving an analysis running)."""
        if not go:
            return
        if to == "shell":
            self.app.exit()
        else:
            self.app.pop_screen()
