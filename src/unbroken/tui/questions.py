"""The question the options answer and the careful window over it: whether a question is
new (a key meant for the last one must not take a costly option of it), the window's
marks, and what the prompt says of the key that answered the last question (its words:
tui/answers.py; `DecisionPanel`, tui/decisions.py, draws it all)."""

from __future__ import annotations

import time

from unbroken.core import actions as act
from unbroken.core.forecast import Forecast
from unbroken.core.game import Game
from unbroken.core.history import shows_hidden
from unbroken.core.query import Query
from unbroken.core.state import DecisionKind
from unbroken.tui.answers import CHOSEN, Answer, answered_words
from unbroken.tui.careful import (
    AGAIN,
    MOVED,
    NEW,
    NOTICE,
    REVEALED,
    TAKEN,
    always_marked,
    forced,
    in_a_row,
    marks,
    warned_alone,
)
from unbroken.tui.clocked import ClockedList
from unbroken.tui.key_clock import get_time
from unbroken.tui.option_rows import OPTION_KEYS
from unbroken.tui.pace import PLAYERS, KeyPace
from unbroken.words.actions import shared_note

#: Why a window open until an option is taken is over cards unread (`unread`).
SHOWN = (NEW, REVEALED)
#: The key of a question asked again whose answer's option cannot be taken now (its row
#: dimmed: the last ability use spent, a cost no longer paid): no key marks first by its
#: own, Enter does (`CarefulList.repeated`, 31a-4).
DIMMED = -1


class CarefulList(ClockedList):
    """The numbered options with the careful window over their question: for
    `careful_seconds` after a new question (or until an option is taken), a key on a
    costly option marks it first (`mark`) and takes it only again."""

    def __init__(self, pace: KeyPace = PLAYERS) -> None:
        super().__init__(id="decisions")
        self.game: Game | None = None
        #: The options listed: each action, and why it cannot be taken now ("" when it can).
        self.offered: list[tuple[act.Action, str]] = []
        #: The forecast of each option offered that can be taken (made once per decision).
        self.forecasts: dict[act.Action, Forecast] = {}
        #: How long after the beat a costly option's key marks it first (then: takes it);
        #: how soon after a new question a key is too quick to have read it (a double tap:
        #: it marks a costly option); whether the game's first question is a new one.
        self.careful_seconds, self.quick_seconds = pace.careful, pace.quick
        self.first_new = pace.first_new
        #: For `careful_seconds` after the beat that follows decisions taken for the
        #: player, until they take an option: a key on a costly option marks it first
        #: (`mark`) and takes it only again (a key typed for the options that were there
        #: must never take a costly new one); any other option's key takes it at once.
        self.careful = False
        #: The option marked while `careful` (None: none yet), why the window is open
        #: (careful.MOVED, NEW or TAKEN) and the decisions taken for the player (TAKEN).
        self.marked: int | None = None
        self.why = MOVED
        #: Whether the window lasts until an option is taken (no clock ends it).
        self.lasting = False
        self.taken_said: tuple[str, ...] = ()
        #: The decisions taken for the player still said in the prompt once the careful
        #: window is over, or over a mark, until the player's key takes an option (#28
        #: round 27: the Hunger step's "Eat 0 food", 3 SE lost, was gone from the prompt
        #: 4 s on; a double press's mark replaced "Taken for you: …").
        self.told: tuple[str, ...] = ()
        #: The option the player's last key took, until the next question is asked; and
        #: until the next is taken (`last_answer`: the same again is counted, `in_a_row`).
        self.answered: Answer | None = None
        self.last_answer: Answer | None = None
        #: The last option a key took: when its key was read, the key ("Enter" too) and
        #: what it took ("Downgrade"), for the same key again right after (`double_tap`).
        self.took: tuple[float, str, str] | None = None
        #: The answer whose words the prompt of the question now asked says ("Last Rites
        #: used.": two Responses in a row looked alike, #28 round 21; "Chosen: Eat 1
        #: food.": the key just before, `ask`); None: none.
        self.said: Answer | None = None
        #: The key (its index) of a question asked again (careful.AGAIN) that marks first.
        self.again: int | None = None
        #: What the monster's roll did since the last key, when the question is asked
        #: again after it ("the monster rolled HEAL. "; `monster_rolled`).
        self.rolled = ""
        #: Whether the window's time is over, an option's mark kept: a key on an option
        #: not costly takes it at once (#28 round 22: "4 marked" after "3 marked", 10 s
        #: later; a third key), a costly one's moves the mark (`moves_mark`).
        self.over = False
        #: Whether the prompt shows the careful cue now: a key does what it says.
        self.cue_shown = False
        #: The option (its index) whose key a double press's second dropped, of no use now
        #: (`drops`): the prompt says so until the next key, which is the player's own.
        self.dropped: int | None = None
        #: When the window's time closed it, its cue going (Textual's clock, as a key's
        #: time), until another opens or an option is taken: a key read before is careful.
        self.closed_at: float | None = None
        #: When the option marked was marked, and whether in the window after decisions
        #: taken for the player (`typed_ahead`).
        self.marked_at = 0.0
        self.marked_taken = False

    @property
    def answered_said(self) -> str:
        """What the prompt says the last key took ("" for nothing: `said`), how many times
        in a row when more than once ("Chosen: Focus (twice in a row).": `in_a_row`)."""
        said = self.said
        return in_a_row(said.words, said.times) if said is not None else ""

    def draw(self) -> None:
        """Draw the prompt and the options (the panel's own)."""

    def repeated(
        self, at: tuple[int, str, str], now: tuple[int, str, str], asked: int
    ) -> int | None:
        """Return the key (its index) that answered the question offered when it is asked
        again right after it (the same level, step and kind, a decision later: `asked`
        then; whatever was revealed between: the monster's roll, `rolled`, a check's die)
        and would take a costly option again: that key marks first (#28 round 21: a second
        `7` 1.5 s after Heroic Perseverance spent another LE; "6 6" took Orienteer twice;
        round 22: "8 8" took Spike Thrower across the monster's HEAL; round 25: "8 8" used
        Dangerous Idea twice, its roll between).
        Other keys take at once: a different option is no double tap; Enter, the highlight
        maybe moved off a row dimmed now, marks a costly option first (`marks_first`).
        A key whose option cannot be taken now is asked again all the same, `DIMMED`: no
        key named (round 24: "6 marks first" named Aimed Shot with no ability use left),
        Enter guarded (31a-4: Dangerous Idea's last use, its row dimmed, the highlight on
        Explore, a second Enter 0.7 s on took it unread)."""
        game, answered = self.game, self.answered
        if game is None or answered is None or at != now or asked == game.state.decisions:
            return None
        index = answered.option
        if index >= len(self.offered) or self.offered[index][1]:
            return DIMMED
        return index if self.costly(index) else None

    def ask(self, new: bool, again: int | None = None) -> None:
        """A question is offered: note when a new one came (`too_quick`), the key that
        answered it when it is asked `again`, and what its prompt says of the last key
        (`said`: every option taken is said)."""
        answered, self.answered, self.again = self.answered, None, again
        self.dropped = self.closed_at = None
        if new:
            self.asked_at = time.monotonic()
        # Said of the key that answered the question just before only (#28 round 28:
        # crafting the Club, then the Axe, the prompt still said "Chosen: Craft the Club.
        # Options changed"), whatever question it answered and whatever comes now: every
        # option taken is said (28a-5: "1 1" at the Preparation, the second `1` took
        # Explore, and the Exploration said only "New question": that key looked lost;
        # 37b-1: "Chosen: Eat 1 food." never showed at a new level's Preparation; a craft
        # in battle said only "Options changed"). Drawn while a cue is (`prompt_now`).
        self.said = answered

    def again_keys(self) -> str:
        """Return the keys that mark first on a question asked again, as its cue says them
        after what the monster's roll did ("the monster rolled HEAL. 8 or Enter"; "Enter"
        when the key's option cannot be taken now, 31a-4); "" when not asked again."""
        if self.why != AGAIN or self.again is None:
            return ""
        key = OPTION_KEYS[self.again : self.again + 1] if self.again >= 0 else ""
        return f"{self.rolled}{key} or Enter" if key else f"{self.rolled}Enter"

    def marks_first(self, index: int, enter: bool = True) -> bool:
        """Return whether a key on the index-th option marks it first while the careful
        window is open: a costly one; asked again, only the key that answered it, or Enter
        (`enter`: the highlight may have moved off a row dimmed since, 31a-4; the rules in
        one place: careful.py's docstring). Asked again, another key marks first an option
        that shows hidden cards, which `u` cannot take back (33a-9: after "Forage
        [Hunter] used. Asked again", one `7` took Scout and showed the monster)."""
        if self.why == NOTICE:
            return False
        if self.why == AGAIN and index != self.again and not enter:
            if not 0 <= index < len(self.offered):
                return False
            shows = shows_hidden(self.forecasts.get(self.offered[index][0]))
            return shows and self.costly(index)
        return self.costly(index)

    def open_careful(self, why: str, lasting: bool = False) -> None:
        """Open the careful window for `careful_seconds` (`why`: careful.MOVED or NEW), or
        until an option is taken (`lasting`)."""
        self.careful, self.marked, self.why, self.lasting = True, None, why, lasting
        self.over, self.closed_at = False, None
        if self._careful is not None:
            self._careful.stop()
            self._careful = None
        if not lasting:
            self._careful = self.clock(self.careful_seconds, self.careful_over)

    def close_careful(self) -> None:
        """Close the careful window: every option's key takes it at once."""
        self.careful, self.marked, self.said, self.lasting = False, None, None, False
        self.over = False
        if self._careful is not None:
            self._careful.stop()
            self._careful = None

    def hold(self, taken: list[str], seconds: float, lasting: bool = False) -> None:
        """Hold the options' keys for `seconds` after decisions taken for the player
        (`taken`, as the log says them): the prompt says what was taken and the options
        are dimmed until `settle_over`. The screen's other keys (u, i, ?) work meanwhile.
        The careful window after the beat lasts until an option is taken when cards were
        revealed with them (`lasting`, as for a new question that shows cards)."""
        if self._settle is not None:
            self._settle.stop()
        self.careful, self.marked, self.why, self.taken_said = True, None, TAKEN, tuple(taken)
        self.told = self.taken_said
        self.said, self.lasting, self.over, self.closed_at = None, lasting, False, None
        if self._careful is not None:
            self._careful.stop()
            self._careful = None  # not running: a screen over it (`hide`) keeps none of it
        self._settle = self.clock(seconds, self.settle_over)
        self.call_after_refresh(self.settle_from_drawn, self._settle, seconds)

    def careful_over(self) -> None:
        """Let every option's key take it at once again (the options have been in sight);
        an option a key marked stays marked, its cue in sight, until the next key (its end
        wiped a mark made just before it, and the next key took the option at once): its
        key or Enter takes it, another costly option's key moves it there, any other key
        takes its own at once (`over`). A dropped key's notice stays so too (`drops`)."""
        if self._careful is not None:
            self._careful.stop()
            self._careful = None
        if self.lasting:  # until an option is taken: no time ends it
            return
        if self.marked is not None:
            self.over = True
            return
        if self.dropped is not None:  # a key's notice stays until the next key (36a-2:
            # "4 not marked: no use now; again marks it" went with the window's cue, and the
            # key looked dead a moment later): its window now only says so, as with none
            self.open_careful(NOTICE, lasting=True)
            self.draw()
            return
        if self.careful or self.cue_shown:
            self.close_careful()
            self.closed_at = get_time()
            self.draw()

    def costly(self, index: int) -> bool:
        """Return whether the index-th option is costly (careful.py's `marks`), or a
        Response used in the window right after one the key took (`used_after`)."""
        game = self.game
        if game is None:
            return False
        # On cards the player's own key revealed, a forced only option is unread only to a
        # double press's second key (36a-3: one key takes it; "1 1" still marks).
        unread = self.unread() and (self.why == TAKEN or self.too_quick() or not self.forced())
        return self.used_after(index) or marks(
            index, self.offered, self.forecasts, game.state, self.no_use, unread
        )

    def forced(self) -> bool:
        """Return whether only one option offered can be taken (careful.py's `forced`)."""
        return forced(self.offered)

    def used_after(self, index: int) -> bool:
        """Return whether the index-th option uses a Response in the window of a new
        question right after a Response the last key took ("Last Rites used. New
        question"): a double press's second key is meant for the window before (#28 round
        28: at the Basilisk's death, the second `1` 1.5 s after Last Rites took Scavenger
        at once, its gain not costly with no skill drawn after the last monster)."""
        game, said = self.game, self.said
        if game is None or said is None or not (self.careful and self.why == NEW):
            return False
        # A Response's words said, not a mark's key on another kind of question.
        response = game.state.decision == said.kind == DecisionKind.RESPONSE
        return (
            response
            and 0 <= index < len(self.offered)
            and isinstance(self.offered[index][0], act.Use)
        )

    def unread(self) -> bool:
        """Return whether the careful window is open over what the player has not read yet:
        decisions taken for them, or cards just revealed (a window lasting until an option
        is taken). A lone costly option marks first then: #28 round 23, "1 1" explored, the
        keep was taken for the player, and the second `1` paid Root Tangle's 2 SE unread."""
        return self.careful and (self.why == TAKEN or (self.lasting and self.why in SHOWN))

    def always_marked(self, index: int) -> bool:
        """Return whether the index-th option's key marks it first whatever the time
        (careful.py's `always_marked`: Fight the monster now, an option that ends the game
        or that its row warns of an ambush or starvation)."""
        if not 0 <= index < len(self.offered):
            return False
        action, game = self.offered[index][0], self.game
        f = self.forecasts.get(action)
        legal = sum(not why for _, why in self.offered)
        if game is None or f is None or self.offered[index][1] or legal < 2:
            return always_marked(action, f)  # a lone option: no other spares what it warns of
        shared = shared_note(self.offered, game.state, game.ruleset, self.forecasts)
        return always_marked(action, f, warned_alone(f, game.state, game.ruleset, shared))

    def too_quick(self) -> bool:
        """Return whether a key now comes too soon after a new question to have been
        pressed for it (`quick_seconds`): a double tap's second key."""
        return time.monotonic() - self.asked_at < self.quick_seconds

    def drops(self, index: int) -> bool:
        """Return whether a key on the index-th option is dropped, not marked: a costly
        option of no use now, whatever the time (#28 round 27: `4 4`, the second marked
        Inspiration, just turned "no use now: … it takes 2 LE to gain 1 LE", and Enter
        would have taken it; round 29: a second key a second on marked Beat aside, and one
        key 3 s on took Resolve Sacred Pool, 4 time for nothing). The same key again marks
        it (`taking`). Not a card kept only to rest on it: the rest is of use, and its row
        says so as "cannot pay: rest" does (33a-4: Sacred Pool with no condition in play
        took three presses, "cannot pay: rest" beside it two): it marks first, as a costly
        option does; unless resting gains nothing, the caps full (35a-3: Burying a Friend
        at SE 20/20, "rest, gain nothing: SE is at the cap 20", marked by one key). Not a
        forced only option (36a-3: a committed Exploration's card took three keys)."""
        if index == self.marked or not 0 <= index < len(self.no_use) or self.forced():
            return False  # forced, no other to take: its words say what it wastes (36a-3)
        game, action = self.game, self.offered[index][0]
        query = Query(game.ruleset, game.state) if game is not None else None
        if query is not None and query.rests_only(action):
            return not query.rest_gains(action)
        return bool(self.no_use[index]) and self.costly(index)

    def moves_mark(self, index: int) -> bool:
        """Return whether a key on the index-th option moves the mark on screen to it: a
        costly option's, whatever the window (#28 round 27: the window's time over, or
        asked again, `2 marked` on screen, `3` took Decisive stroke at once and spent the
        only LE)."""
        return self.marked is not None and self.costly(index)

    def mark(self, index: int) -> None:
        """Mark the index-th option (highlighted): the prompt says how to take it."""
        self.marked = index
        self.marked_at, self.marked_taken = time.monotonic(), self.why == TAKEN
        self.highlighted = index
        self.draw()

    def typed_ahead(self, index: int) -> bool:
        """Return whether a key (or Enter) on the index-th option, marked in the window after
        decisions taken for the player, comes too soon after its mark to have read it
        (`quick_seconds`): the second of a pair typed ahead for the question before those
        decisions, it takes nothing (36b-4: "2 2" to keep a card it cannot pay, then "2 2"
        to rest on it; the Rest taken for the player, the second pair marked and took Fight
        the monster now at the Preparation). The same key again, later, takes it."""
        return (
            self.marked == index
            and self.marked_taken
            and time.monotonic() - self.marked_at < self.quick_seconds
        )

    def unmark(self) -> None:
        """Drop the mark (the highlight left it: its cue said Enter takes it, and Enter
        takes the option highlighted; #28 round 14: `1` marked, ↓ to 5, the cue still
        said 1, Enter marked 5). A window kept open only for the mark, its time over,
        closes with it: the bare prompt, and every key takes at once."""
        self.marked, self.over = None, False
        if self._careful is None and not self.lasting:
            self.careful = False
        self.draw()

    def cue_was_shown(self, pressed: float | None) -> bool:
        """Return whether a key read at `pressed` (None: not known) came while the careful
        cue was in sight, its window closed by its time since: the cue said the key marks
        (34a-5: the window ran out between the key and its option's binding, which
        Textual runs a few messages later, and the key took at once)."""
        return pressed is not None and self.closed_at is not None and pressed < self.closed_at

    def taking(self, index: int, enter: bool = False, pressed: float | None = None) -> bool:
        """Return whether a key (or Enter) on the index-th option takes it now; while
        `careful`, the first on a costly option marks it, and only the same again takes it.
        A key does what the prompt says: while its cue is in sight, it is careful. A double
        press's second on an option of no use now does nothing, said (`drops`); the same key
        again is the player's own: it marks as any key does. The decisions taken for the
        player are said until a key takes an option (`told`): a mark keeps them in sight
        (#28 round 27: the mark's cue replaced "Taken for you: …", seen only in `l`).
        `enter`: the key is Enter (or a click), on the option highlighted; `pressed`: when
        the key was read (a key read while the cue was in sight is careful: `cue_was_shown`)."""
        dropped, self.dropped = self.dropped, None
        if dropped != index and self.drops(index):
            self.dropped, self.marked = index, None
            if not self.careful or self.over:  # no window: one to say so until a key
                self.open_careful(NOTICE, lasting=True)
            self.draw()
            return False
        if self.marked != index and (
            self.always_marked(index)
            or dropped == index  # the key again after its notice: marked, as it said
            or self.moves_mark(index)
            or (
                (self.careful or self.cue_shown or self.cue_was_shown(pressed))
                and not self.over
                and self.marks_first(index, enter)
            )
        ):
            if not self.careful or self.why == NOTICE:  # a mark's own, no window open:
                # another key takes at once or moves the mark; not an old window's reason
                # (#28 round 26: "Asked again" for another key, over, hid this mark's cue,
                # and the next `2` fought).
                self.why, self.again, self.over, self.lasting = NEW, None, True, False
            self.careful = True
            self.mark(index)
            return False
        if self.too_quick() and self.marked != index and self.costly(index):
            # #28 round 13: "2 2" — Rest, then the next question's Fight taken unseen.
            self.open_careful(NEW)
            self.mark(index)
            return False
        if self._careful is not None:
            self._careful.stop()
            self._careful = None
        marked = self.marked == index
        self.careful, self.marked, self.lasting, self.over = False, None, False, False
        self.closed_at = None
        self.told = ()
        game = self.game
        if game is not None and game.decision is not None:
            s, kind = game.state, game.decision.kind
            words = answered_words(self.offered[index][0], s, game.ruleset)
            # The same option again on the same question asked again: counted, or the next
            # prompt is the last one's word for word (34a-1: "3 3" 4 s apart, the second
            # Focus taken, read as a key that did nothing: "Chosen: Focus. Asked again").
            last, now = self.last_answer, (index, words, kind, s.decisions)
            same = last is not None and (last.option, last.words, last.kind, last.at + 1) == now
            times = last.times + 1 if same and last is not None else 1
            self.answered = self.last_answer = Answer(
                index, words, marked, kind, s.decisions, times
            )
            key = "Enter" if enter else OPTION_KEYS[index : index + 1]
            at = pressed if pressed is not None else time.monotonic()
            name = words.removeprefix(CHOSEN).removesuffix(".").removesuffix(" used")
            self.took = (at, key, name)
        return True

    def double_tap(self, key: str, pressed: float | None = None) -> str:
        """Return what the same key took right before (`quick_seconds` from its key to this
        one, read at `pressed`): this key is a double tap's second, meant for the question
        before (37a-8); "" when it is not."""
        took = self.took
        now = pressed if pressed is not None else time.monotonic()
        if took is None or took[1] != key or now - took[0] >= self.quick_seconds:
            return ""
        return took[2]
