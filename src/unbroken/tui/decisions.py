"""The decision on the game screen: its prompt over the options offered, fitted to the room
the detail line under them leaves (the detail line itself: tui/detail_line.py).

The options are drawn in one place (`DecisionPanel.draw`) from the widget's own data: the
options and their forecasts (`offer`), the odds (`odds`, set by the `%` key's estimates as they
come) and the decisions just taken for the player (`taken_for_you`, while the options' keys wait
a beat; after it an option's key first marks the option, `marked`, and the same key again or
Enter takes it). The two are reactive: setting one redraws the options only when it changed.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.text import Text
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import var

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.tui.answers import monster_rolled, shows_cards
from unbroken.tui.careful import (
    AGAIN,
    MOVED,
    NEW,
    REVEALED,
    STANDING,
    TAKEN,
    asked_anew,
    careful_cue,
    keys_moved,
    taken_words,
    waiting_cue,
)
from unbroken.tui.detail_line import DetailedList
from unbroken.tui.details import (
    BELOW_DECISIONS,
    LOG_LINES,
    MOST_ROWS,
    ROWS,
    own_rule,
    rows_needed,
    rows_of,
)
from unbroken.tui.hints import HintBox
from unbroken.tui.option_lines import cut_first, option_lines
from unbroken.tui.option_rows import OPTION_KEYS, DecisionList
from unbroken.tui.pace import PLAYERS, KeyPace
from unbroken.words.actions import shared_note
from unbroken.words.mark_causes import change_causes
from unbroken.words.no_use_why import option_no_use
from unbroken.words.prompts import prompt_line, prompt_text
from unbroken.words.scoring import best_final

#: The odds drawn on the options: each option's by its index, and the status line.
Odds = tuple[dict[int, str], str]
NO_ODDS: Odds = ({}, "")


class DecisionPanel(DetailedList):
    """The numbered options, with the prompt over them and the detail line of the one
    highlighted under them (`DetailedList`; two Statics beside it in the right column,
    #prompt and #detail: the column's layout is theirs)."""

    #: The odds of the options (`%`): drawn with them; a new value redraws them.
    odds: var[Odds] = var(NO_ODDS, init=False)
    #: The decisions just taken for the player, as the log says them: while there are
    #: some, the options are dimmed and their keys wait (the prompt says why).
    taken_for_you: var[tuple[str, ...]] = var((), init=False)

    def __init__(self, pace: KeyPace = PLAYERS) -> None:
        super().__init__(pace)
        #: Whether the options are being drawn (`show`): a highlight moved so is not the
        #: player's (it unmarks nothing).
        self._drawing = False
        #: The level, step and kind of decision of the options offered: keys that move
        #: within one, asked again with no other question between, say "Options changed"
        #: (another question has options of its own: a "New question", 33b-5).
        self.offered_at: tuple[int, str, str] = (0, "", "")
        #: The game's decision count when they were offered (a question asked again).
        self.offered_n = 0
        #: The weapon on top when they were offered: Downgrade and Craft mean its own.
        self.offered_weapon = ""
        #: The options cleared while rounds pass on their own (`clear`), until the next.
        self.cleared: list[tuple[act.Action, str]] = []
        #: The options each standing question (careful.STANDING) had when last asked.
        self.asked: dict[str, list[tuple[act.Action, str]]] = {}
        #: The rows the options gave up where the drawn screen left some out of sight
        #: (`refit`), until the next decision.
        self.short = 0
        #: The room, rows and height the options were last measured at (`refit`).
        self._laid: tuple[int, int, int] = (0, 0, 0)
        #: Its width when last laid out (`Relaid`; 0: not yet).
        self._width_was = 0
        #: What a condition's loss after the player's own key added to the Display's marks,
        #: by cause (`change_causes`; decisions taken for the player say their own).
        self.causes = ""
        #: The options' lines last drawn and what they were drawn from (`lines_now`).
        self._drawn_lines: tuple[tuple[object, ...], tuple[list[str], list[list[str]]]] | None = (
            None
        )

    def offer(self, game: Game, last: Sequence[ev.Event] = ()) -> None:
        """Take the game's decision now: its options, each with its forecast (drawn by
        `show_offer`, once the panels beside it are drawn); `last`: the last key's events.
        Once per decision: a resize draws it again (`show_offer`), not offered again (27a-8:
        offered again, a mark was dropped, the cards "revealed" again by the last key)."""
        # After rounds passed on their own (`clear`), the options before them (#28 round
        # 23: compared with none, a weapon changed in them said no "Options changed").
        before, self.game, self.cleared = self.offered or self.cleared, game, []
        s, rules = game.state, game.ruleset
        self.offered = game.options() if game.decision is not None else []
        kind = game.decision.kind if game.decision is not None else ""
        at, self.offered_at = self.offered_at, (s.level, s.step, kind)
        asked, self.offered_n = self.offered_n, s.decisions
        weapon, self.offered_weapon = self.offered_weapon, s.weapons[-1] if s.weapons else ""
        query = game.query()
        self.forecasts = f = {a: query.forecast(a) for a, why in self.offered if not why}
        self.no_use = [None if w else option_no_use(a, s, rules, f.get(a)) for a, w in self.offered]
        self.rests = [
            bool(n) and query.rest_of_use(a, f.get(a))
            for (a, _), n in zip(self.offered, self.no_use, strict=True)
        ]
        best = best_final([f.get(a) for a, _ in self.offered])  # else a better die (32a-10)
        best = best if best is not None else query.better_pick(self.offered)
        # Else an attack proved better than the first of use (34b: Bash paid as 3 ME over
        # Heavy blow's wound 3 for 1 ME).
        of_use = [(a, w or (n or "")) for (a, w), n in zip(self.offered, self.no_use, strict=True)]
        self.best = best if best is not None else query.better_attack(of_use, f)
        # A Response answered, the next window is a new question too (the next round's); so
        # are a question's other options that its answer ended (`asked_anew`), and a question
        # asked again whose answer's key would take a costly option again.
        again = asked != self.offered_n and asked_anew(at[2], kind, before, self.offered)
        # The game's first question (a game begun or continued) is a new one too (#28 round
        # 20: `2` about 2 s after the first Preparation appeared took Fight unread).
        new = bool(kind) and (at != self.offered_at or again) and (bool(at[1]) or self.first_new)
        # The same question last time (the last Preparation): a key learnt there means
        # another option here (#28 round 14: a skill kept put Meditation on `9`, where
        # Downgrade had been, with no cue).
        same = self.asked.get(kind) if new else None
        if kind in STANDING:
            self.asked[kind] = self.offered
        # Asked again whatever the answer showed: the monster's roll (a new round), the
        # die's roll of a check, cards (#28 round 25: Dangerous Idea's roll let "8 8" use
        # it twice).
        repeated = self.repeated(at, self.offered_at, asked)
        # The marks a condition's loss came into after the player's own key, by cause:
        # "SE ▼−2: −1 Abandoned Hovel, −1 Poisoned." (36b-1: only the log said it).
        conditions = any(isinstance(e, ev.Lost) and e.source in rules.conditions for e in last)
        self.causes = change_causes(last, rules) if conditions and asked != s.decisions else ""
        self.rolled = monster_rolled(last) if repeated is not None else ""
        # Asked again with cards the key revealed (#28 round 26: Scout's monster, then
        # Explore's key 7 s on took it unmarked): read as a new question's cards are.
        revealed = bool(kind) and not new and shows_cards(last)
        self.ask(new or revealed, None if new or revealed else repeated)
        if self.careful and (self.why == TAKEN or not (new or revealed)):
            return  # its cue says why still
        if new:
            # A key meant for the last question answers no new one, whatever came between
            # (#28 round 19: an attack, the monster's roll, then the Response window); one
            # that shows cards just revealed, however long they take to read.
            # The game's first question comes with every event so far (#28 round 24:
            # Easy's starting skills, drawn before any key, were kept with one key 6 s on).
            shown = shows_cards(game.events if s.decisions <= 1 else last)
            # A standing question whose keys moved since it was last asked (#28 round 14:
            # a skill kept put Meditation on the last Preparation's Downgrade key): until
            # an option is taken, a key learnt there is pressed from habit, read or not.
            # Still "New question": another question came between (33b-5: a new level's
            # Preparation, after the Hunger step's Eat, read "Options changed" as keys
            # moved under the player; `careful.STANDING`).
            habit = same is not None and keys_moved(same, self.offered)
            self.open_careful(NEW, lasting=shown or habit)
        elif keys_moved(before, self.offered) or (before and weapon != self.offered_weapon):
            # The question just answered, asked again with its keys moved, no other between
            # (#28 round 17: crafting the Maul took the crafts away and put Downgrade's key
            # on the Maul, with no cue: a new weapon's options are other options). Until one
            # is taken, as README says (round 24: a DISARM put Punch on Bash's `2`, and one
            # `2` took it).
            self.open_careful(MOVED, lasting=True)  # the prompt says "Options changed"
            self.rolled = monster_rolled(last)  # and what came between (36b-5)
        elif revealed:  # "Chosen: Scout. Cards revealed: a key or Enter marks…"
            self.open_careful(REVEALED, lasting=True)
        elif repeated is not None:  # its key again, only its roll between: a double tap
            self.open_careful(AGAIN)  # the prompt says "Asked again"

    def show_offer(self) -> None:
        """Draw the decision offered: prompt, options fitted to the room, detail."""
        game = self.game
        decision = game.decision if game is not None else None
        if game is None or decision is None:
            self.clear("")
            return
        self.detail_rows, self.short = ROWS, 0
        self.draw()
        rows = self.details_rows()  # of the options as drawn: whose own words they show
        if rows != self.detail_rows:
            self.detail_rows = rows
            self.draw()
        self.show_detail(self.detail_at())

    def clear(self, prompt: str) -> None:
        """Offer nothing, under `prompt` (rounds passing on their own; the game over). The
        options cleared are kept for the next ones to be compared with (`offer`)."""
        self.cleared = self.offered or self.cleared
        self.offered, self.forecasts, self.no_use, self.rests = [], {}, [], []
        self.show([])
        self.said_whole = ("", "")
        self.beside("detail").update("")
        self.beside("detail").styles.height = "auto"
        self.beside("prompt").update(Text(prompt, style="bold") if prompt else "")
        self.cue_shown = False

    def hold(self, taken: list[str], seconds: float, lasting: bool = False) -> None:
        """Hold the options' keys for `seconds` after decisions taken for the player
        (`taken`): dimmed, the prompt saying what was taken, until `settle_over`; then
        careful for `careful_seconds`, or until an option is taken (`lasting`)."""
        self.set_reactive(DecisionPanel.taken_for_you, tuple(taken))  # drawn with the rest
        super().hold(taken, seconds, lasting)

    def settle_over(self) -> None:
        """Let the keys take the options again, drawn as they are; a costly option's key
        marks it first for `careful_seconds` more."""
        if self._settle is not None:
            self._settle.stop()
            self._settle = None
        if self.careful and not self.lasting:
            self._careful = self.clock(self.careful_seconds, self.careful_over)
        self.taken_for_you = ()

    def show(
        self,
        lines: list[str],
        not_now: list[bool] | None = None,
        wordy: list[bool] | None = None,
        briefer: list[list[str]] | None = None,
        waiting: bool = False,
    ) -> None:
        """Offer these decisions (`DecisionList.show`), the one marked kept highlighted:
        the options drawn again (their odds come) do not move Enter off what the cue says."""
        self._drawing = True
        try:
            super().show(lines, not_now, wordy, briefer, waiting)
            if self.marked is not None and self.marked < len(lines):
                self.highlighted = self.marked
        finally:
            self._drawing = False

    def watch_highlighted(self, highlighted: int | None) -> None:
        """The highlight moved: off the option marked (the arrows, the mouse), unmark it."""
        super().watch_highlighted(highlighted)
        if not self._drawing and highlighted is not None and self.marked not in (None, highlighted):
            self.unmark()

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
        odds, status = self.odds
        lines, briefer = self.lines_now(game, odds)
        decisions: DecisionList = self
        highlighted = decisions.highlighted
        waiting = bool(self.taken_for_you)  # dimmed: their keys wait a beat
        prompt = self.prompt_now()
        # The options' rows are what the prompt drawn over them leaves: its cue and the
        # odds' status line too (#28 round 25: with `%` shown, three rows of status pushed
        # option 9 out of the column, no scrollbar, the highlight moving onto it unseen).
        decisions.room = self.options_room(prompt.plain, waiting)
        wordy = cut_first(self.offered, self.no_use)
        not_now = [bool(why) for _, why in self.offered]
        # The same options as last drawn, as takeable, only their odds updated: the highlight
        # stays. Not once the beat after "Taken for you" is over (#28 round 29: with `%` on,
        # an arrow pressed in the beat kept the highlight on an option of no use now).
        drawn, off = decisions.offered_now()
        same = off == [waiting or n for n in not_now] and len(drawn) == len(lines)
        decisions.show(lines, not_now, wordy, briefer, waiting)
        if status and same and highlighted is not None and highlighted < len(lines):
            decisions.highlighted = highlighted
        self.beside("prompt").update(prompt)

    def lines_now(self, game: Game, odds: dict[int, str]) -> tuple[list[str], list[list[str]]]:
        """Return the options' lines and their shorter ways (`option_lines`), worked out once
        for the same game, events, options, forecasts and odds: a decision's options drawn
        again to fit the detail line's rows (`show_offer`), or the beat after "Taken for
        you" over, say the same words (the words were a quarter of a draw's work)."""
        made = (game, len(game.events), self.offered, self.forecasts, odds)
        if self._drawn_lines is not None:
            was, drawn = self._drawn_lines
            if len(was) == len(made) and all(
                a is b or (type(a) is int and a == b) for a, b in zip(was, made, strict=True)
            ):
                return list(drawn[0]), [list(ways) for ways in drawn[1]]
        lines, briefer = option_lines(game, self.offered, self.forecasts, odds)
        self._drawn_lines = (made, (list(lines), [list(ways) for ways in briefer]))
        return lines, briefer

    def prompt_now(self, waiting: bool | None = None) -> Text:
        """Return the prompt over the options as it is now (`waiting`: as it is while the
        keys wait a beat, or after it; None: as it is now): the careful cue (setting
        `cue_shown`), the question, its note and the odds' status line."""
        game = self.game
        assert game is not None and game.decision is not None
        s, rules, status = game.state, game.ruleset, self.odds[1]
        waiting = bool(self.taken_for_you) if waiting is None else waiting
        shared = shared_note(self.offered, s, rules, self.forecasts)
        prompt = Text()
        marks = any(self.marks_first(i) for i in range(len(self.offered)))
        if waiting:
            prompt.append(waiting_cue(self.taken_for_you, marks), style="bold reverse")
        self.cue_shown = False
        # A mark always says so (#28 round 26: Fight marked under no cue, the next `2` fought).
        cued = marks or self.marked is not None or self.why == TAKEN or bool(self.answered_said)
        cued = cued or self.dropped is not None  # a double press's second dropped, said
        if not waiting and self.careful and cued:
            marked = self.marked
            key = None if marked is None else OPTION_KEYS[marked : marked + 1] or "Enter"
            said = self.taken_said if self.why == TAKEN else (self.answered_said,)
            again = self.again_keys()  # "the monster rolled HEAL. 8 or Enter"
            drop = OPTION_KEYS[self.dropped : self.dropped + 1] if self.dropped is not None else ""
            if self.told and (key is not None or self.why != TAKEN):  # not said by the cue:
                # what was taken stays above a mark (27b-14: a mark's cue replaced it)
                prompt.append(f"Taken for you: {taken_words(self.told)}\n", style="bold reverse")
            between = self.rolled if self.why == MOVED else ""  # "the monster rolled WOUND. "
            cue = careful_cue(key, self.why, said, marks, again, self.lasting, drop, between)
            prompt.append(cue, style="bold reverse")
            self.cue_shown = marks
        elif not waiting and self.told:  # the window over: what was taken, until a key
            prompt.append(f"Taken for you: {taken_words(self.told)} ", style="bold reverse")
        if self.causes and not waiting and not self.told:  # "SE ▼−1: −1 Poisoned."
            prompt.append(f"{self.causes} ", style="bold")
        head, note = prompt_line(prompt_text(game.decision.prompt, s, rules), shared)
        prompt.append(head, style="bold")
        if note:  # a sentence of its own (#28 round 19: the prompt's full stop was missing)
            prompt.append(f" {note}", style="not bold italic")
        if status:
            prompt.append("\n" + status, style="italic")
        return prompt

    def details_rows(self) -> int:
        """Return the rows the detail line needs for this decision's options: two, three
        where one's payment and warning need them, more for an ability's own rule whole
        (`rows_needed`; the options give up the rows)."""
        width = self.beside("detail").content_size.width
        if width <= 1:
            return ROWS
        game, f = self.game, self.forecasts
        assert game is not None
        offered = [(i, a) for i, (a, why) in enumerate(self.offered) if not why]
        rules = [own_rule(a, game, f.get(a), self.is_brief(i)) for i, a in offered]
        taken = [(self.detail_of(i), rule) for (i, _), rule in zip(offered, rules, strict=True)]
        rows = max([ROWS, *(rows_needed(ways, width, rule) for ways, rule in taken)])
        # Words two rows cut (a card's text) take the rows the log would have beyond its
        # least, up to MOST_ROWS (#28 round 27: "…, but the noise…" over a log of free rows).
        longest = max([0, *(rows_of(ways[-1], width) for ways, _ in taken)])
        rows = max(rows, min(longest, MOST_ROWS, ROWS + self.free_rows()))
        # Each option keeps its row first (#28 round 28: a warning's 5 rows hid 2 of 13).
        cue_shown, left = self.cue_shown, self.rows_left(self.prompt_now().plain, ROWS)
        self.cue_shown = cue_shown  # asked, not drawn
        return max(ROWS, min(rows, left + LOG_LINES - len(self.offered)))

    def free_rows(self) -> int:
        """Return the rows the options leave under them with a detail line of two rows (the
        log's beyond its least): 0 where their room was cut short or is the least."""
        used = sum(text.count("\n") + 1 for text in self.row_shown_all())
        room = self.room + self.detail_rows - ROWS
        return max(0, room - used) if self.room > 3 and not self.short else 0

    def room_changed(self) -> bool:
        """Return whether the rows the options may take are other than they were fitted to
        (a hint came or went since they were drawn)."""
        game = self.game
        if game is None or game.decision is None:
            return False
        cue_shown = self.cue_shown  # asked, not drawn
        room = self.options_room(self.prompt_now().plain, bool(self.taken_for_you))
        self.cue_shown = cue_shown
        return room != self.room

    def options_room(self, prompt: str, waiting: bool) -> int:
        """Return the rows the options are fitted to under `prompt` (as drawn); while the
        keys wait a beat (`waiting`), no more than under the prompt after it: one layout,
        fitted once (31a-1: the beat's prompt took other rows, the options re-flowed)."""
        room = self.room_for(prompt)
        if waiting:
            cue_shown = self.cue_shown  # asked, not drawn
            room = min(room, self.room_for(self.prompt_now(waiting=False).plain))
            self.cue_shown = cue_shown
        return max(3, room - self.short)

    def room_for(self, prompt: str) -> int:
        """Return the rows the options may take: the right column's, less the phase
        tracker, the prompt as drawn (`prompt`: its cue and odds' status too), the detail
        and the log's least."""
        room = self.rows_left(prompt, self.detail_rows)
        # The log's two lines go before an option loses its row (its border stays): a
        # careful cue over the question takes two rows for a few seconds.
        more = min(len(self.offered), room + LOG_LINES) if len(self.offered) > room else room
        return max(3, more)

    def rows_left(self, prompt: str, detail_rows: int) -> int:
        """Return the options' rows under `prompt` and `detail_rows` of detail, the log's
        least kept (`room_for`); 0 out of the right column."""
        right = self.parent
        if not isinstance(right, Vertical):
            return 0
        height = right.size.height or self.screen.size.height - 1
        width = max(10, (right.size.width or 48) - 2)
        phase = right.query_one("#phase").size.height or 1
        prompt_rows = sum(max(1, len(textwrap.wrap(line, width))) for line in prompt.split("\n"))
        hint = sum(box.rows(width + 2) for box in right.query(HintBox))  # its own rows
        below = BELOW_DECISIONS - ROWS + detail_rows
        return height - phase - prompt_rows - hint - below

    class Relaid(Message):
        """Its width changed, the screen's not (a panel beside it came and went): the
        screen draws it again as after a resize (31a-5: the options kept the rows they
        gave up while crushed, 1.-3. under a scrollbar over blank rows)."""

    def on_resize(self) -> None:
        """Laid out (its size, or its options' rows, changed): fit them again."""
        super().on_resize()
        width = self.size.width
        if width != self._width_was and self._width_was:
            self.post_message(self.Relaid())
        self._width_was = width
        self.refit()

    def refit(self) -> None:
        """Cut the options again when the drawn screen left some out of sight (a panel
        above them took more rows than counted). On the list's own layout (`on_resize`),
        never before it: measured before, the options offered since were measured in the
        rows of those before (#28 round 25: after Enter, Enter kept a card and Rest was
        taken for the player, the Preparation's options were cut to 5 of 11)."""
        decisions: DecisionList = self
        game = self.game
        rows = self.details_rows() if game is not None and game.decision is not None else ROWS
        if rows != self.detail_rows:  # the detail line's width is known once laid out
            self.detail_rows = rows
            self.draw()
            self.show_detail(self.detail_at())
        # Measured on the layout of the options drawn now, not of those before: a list
        # shorter than its rows may be one not laid out again yet, so it is measured
        # again once it is (29a-7: after 120x40 and back to 80x24, the list, still 11
        # rows of its last layout, gave 3 of its 14 rows up for good, three blank).
        used = sum(text.count("\n") + 1 for text in decisions.row_shown_all())
        laid = (decisions.room, used, self.size.height)
        if self.size.height < min(decisions.room, used) and self._laid != laid:
            self._laid = laid
            self.call_after_refresh(self.refit)
            return
        over = decisions.max_scroll_y - decisions.overflow()  # more than its room's scroll
        if over > 0 and decisions.room > 3 and self.offered:
            decisions.room = max(3, decisions.room - over)
            self.short += over  # kept when the options are drawn again (their odds)
            lines, waiting = decisions.offered_now()[0], decisions.waiting
            decisions.show(lines, decisions.fit_off, decisions.wordy, decisions.briefer, waiting)
            self.show_detail(self.detail_at())  # the one highlighted may be cut now
