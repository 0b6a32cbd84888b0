"""First-game hints: a short note the first time a new player reaches each kind of step.

Shown only in a player's first game (no finished game in the records yet) and
only while the `hints` setting is on; once per kind of step for a player (the
settings' `hints_seen` keeps which: not again after Continue or a take-back),
in a box of its own rows in the right column, above the log — which gives up
those rows and stays on its newest lines; never over the Display's trackers or
the monster's — that goes when the player takes a decision, clicks it, or
after HINT_SECONDS in sight (its time stops while help or another screen covers
it: #28 round 10, the first Preparation's ran out under help, never seen; a
notice over a hint, "Not now: …", gives it back when it goes).
The box is of one size for the screen's height (at most HINT_ROWS rows,
SMALL_HINT_ROWS on a screen under TALL rows): a longer hint is cut,
its last row saying that `l` (the full log) has it whole, and it is not written in
the log's few rows (#28 round 7: the first Preparation's hint, written whole there,
filled them; cut to what the options left, its size changed from step to step).
Being the game screen's own, it never covers another screen (the inspector,
help), as an app-wide notification would.
"""

from __future__ import annotations

import re
import textwrap
import time
from typing import TYPE_CHECKING

from rich.text import Text
from textual.message import Message
from textual.reactive import var
from textual.widgets import Static

from unbroken.core.state import StepName
from unbroken.records import RecordsError
from unbroken.records.opening import open_existing_records

if TYPE_CHECKING:
    from textual.timer import Timer

#: The step a hint is for, and what it says (the rules in a player's words).
HINTS: dict[StepName, str] = {
    StepName.PREPARATION: (
        "Preparation: take actions one at a time, each paid in full — SE, ME and LE are "
        "small, medium and large effort. Then explore or fight. The time bar is what is "
        "left of this level's time; if it reaches 0 here, the monster ambushes you."
    ),
    StepName.EXPLORATION: (
        "Exploration: keep one revealed encounter. Then resolve it (pay its cost, take its "
        "gain) or rest (gain SE equal to its time). Either way its time is spent."
    ),
    StepName.BATTLE: (
        "Battle: on your turn attack with your weapon (break armor first, then wound), take "
        "one action, or skip. Then the monster rolls on its table: the rolled row is marked."
    ),
    StepName.REWARDS: (
        "Rewards: the defeated monster's rewards are yours; at levels 1-3 you also draw two "
        "skills and keep one."
    ),
    StepName.HUNGER: (
        "Hunger: eat food equal to the level; each food eaten gives 1 SE. Uneaten food costs "
        "1 + 2 + … SE, and being unable to pay is starvation."
    ),
}

#: How long a hint stays on screen unless dismissed (seconds).
HINT_SECONDS = 12.0


def first_game() -> bool:
    """Return whether the player has finished no game yet (the records are empty or absent)."""

    try:
        records = open_existing_records()
        if records is None:
            return True
        with records:
            played, _ = records.count()
    except RecordsError:
        return False  # unknown: no hints rather than hints to a veteran
    return played == 0


class Hints:
    """The hints still to show: each step's once for a player (`seen`: those shown before,
    kept in the settings' `hints_seen`)."""

    def __init__(self, on: bool, seen: str = "") -> None:
        shown = set(seen.split(","))
        self.left = {step: hint for step, hint in HINTS.items() if step not in shown} if on else {}
        self.seen = ",".join(sorted(shown - {""}))

    def for_step(self, step: StepName) -> str:
        """Return the hint for entering `step` the first time ("" if none is due); it then
        counts as seen (`seen` says every one, for the settings)."""
        hint = self.left.pop(step, "")
        if hint:
            self.seen = ",".join(sorted({*self.seen.split(","), step} - {""}))
        return hint


#: The most rows a hint takes: on a screen of TALL rows or more, and under it.
HINT_ROWS = 6
SMALL_HINT_ROWS = 3
TALL = 30
#: The last words of a hint cut to its rows.
CUT = " … (l: all of it)"


#: A number, or what reads as one's start: "3", "+1", "2/5", "−1".
_NUMBER = re.compile(r"[+−-]?\d+(?:/\d+)?[.,;]?")
#: Words that name nothing without what follows them: a label's "trickery:", a "+".
_LEADS = re.compile(r".*:|[+−-]|and|or|with|of|to|by")


def counted(kept: str) -> str:
    """Return the words a cut keeps ending on what counts something, never on a bare
    number: the clause it starts goes whole (35a-1: "…; trickery: 3 … (l: all of it)",
    its "cunning + 1 treasure" cut), as do words that lead to nothing ("trickery:", "+")
    and the ";" or "," they leave at its end."""
    words = kept.split(" ")
    if words and _NUMBER.fullmatch(words[-1]):
        clause = max((i for i, w in enumerate(words[:-1]) if w.endswith((";", ","))), default=-1)
        words = words[: clause + 1] if clause >= 0 else words[:-1]
    while words and _LEADS.fullmatch(words[-1]):
        words.pop()
    return " ".join(words).rstrip(";,")


def hint_rows(height: int) -> int:
    """Return the most rows a hint takes on a screen `height` rows high."""
    return HINT_ROWS if height >= TALL else SMALL_HINT_ROWS


class HintBox(Static):
    """The hint on show, in rows of its own above the log; one at a time."""

    DEFAULT_CSS = f"""
    HintBox {{
        width: 100%;
        height: auto;
        max-height: {HINT_ROWS};
        padding: 0 1;
        background: $panel-lighten-1;
        border-left: outer $success;
        display: none;
    }}
    HintBox.-shown {{
        display: block;
    }}
    """

    class Changed(Message):
        """A hint was shown or put away: the rows above the log changed."""

    #: The hint shown ("" when none is): setting it shows it, or puts it away.
    text: var[str] = var("", init=False)

    def __init__(self) -> None:
        super().__init__()
        self._timer: Timer | None = None
        #: When the message on show goes (time.monotonic), and the seconds it had left
        #: when a screen covered it (0: not covered).
        self._until = 0.0
        self._left = 0.0
        #: The bold words before the text: a first-game hint says it is one.
        self.heading = "First game: "

    #: Whether the hint on show was kept whole in the full log (once a hint).
    logged = False

    def watch_text(self, hint: str) -> None:
        self.logged = False
        self.styles.height = "auto"
        self.update(Text.assemble((self.heading, "bold"), hint) if hint else "")
        self.set_class(bool(hint), "-shown")
        self.post_message(self.Changed())

    def fit(self, width: int) -> bool:
        """Show the hint in its rows (`rows`) in a column `width` wide: one longer is cut,
        its last row saying "… (l: all of it)". Return whether the caller is to keep it
        whole in the full log: the first time this hint is cut, never again."""
        rows = self.rows(width)
        lines = textwrap.wrap(self.heading + self.text, max(10, width - 3))
        if not self.text or len(lines) <= rows:
            return False
        # Never narrower than CUT itself (shorten refuses it): a column crushed by a panel
        # docked beside it (31a-5) raised here.
        most = max(len(CUT) + 1, width - 3)
        kept = textwrap.shorten(" ".join(lines[rows - 1 :]), most, placeholder=CUT)
        kept = counted(kept.removesuffix(CUT))
        said = "\n".join([*lines[: rows - 1], kept + CUT])
        text = Text(said)
        text.stylize("bold", 0, len(self.heading))
        self.update(text)
        self.styles.height = rows
        first, self.logged = not self.logged, True
        return first

    def whole(self, notice: str, width: int) -> bool:
        """Return whether `notice` (said with no heading) fits its rows uncut in a column
        `width` wide (38b-2: a double tap's notice leaves out a cost with no room for it)."""
        return len(textwrap.wrap(notice, max(10, width - 3))) <= hint_rows(self.app.size.height)

    def rows(self, width: int) -> int:
        """Return the rows the hint on show takes in a column `width` wide (0: none): as
        many as it needs, at most `hint_rows` for the screen's height."""
        if not self.text:
            return 0
        said = textwrap.wrap(self.heading + self.text, max(10, width - 3))  # border, padding
        return min(hint_rows(self.app.size.height), len(said))

    def say(self, hint: str, seconds: float | None = None, heading: str = "First game: ") -> None:
        """Show `hint` instead of the one on show, for `seconds` (HINT_SECONDS unless said)
        in sight unless dismissed first (`heading`: its bold words first; "" for a notice
        that is not a hint)."""
        if heading:  # a new hint: the one put aside for the odds is gone with the step
            self._aside = None
        if heading or not self.heading:  # a hint, or a notice over a notice
            self._under = self._under if not heading else None
        elif self.text:  # a notice over a hint: the hint comes back after it
            self._under = (self.text, max(2.0, self._until - time.monotonic()))
        self.heading = heading
        self.text = hint
        self._left = 0.0
        self.run_for(HINT_SECONDS if seconds is None else seconds)

    #: A hint a notice covers, and its seconds left: shown again when the notice goes.
    _under: tuple[str, float] | None = None
    #: Notices said together waiting their turn (`say_each`), each with its seconds.
    _queued: tuple[tuple[str, float], ...] = ()

    def say_each(self, notices: list[str], seconds: float) -> None:
        """Say `notices` one at a time, each for `seconds` (the first now, over what is on
        show), each whole in the notice line: joined, two ran together and were cut
        (#28 round 32). Those waiting go on when one is put away, by its time or a key."""
        if notices:
            self._queued = (*((n, seconds) for n in notices[1:]), *self._queued)
            self.say(notices[0], seconds, "")

    def expire(self) -> None:
        """The message's time is over: put it away, or show the next notice waiting, or
        the hint it covered."""
        if self._queued:
            (notice, seconds), *rest = self._queued
            self._queued = tuple(rest)
            self.say(notice, seconds, "")
            return
        under, self._under = self._under, None
        if under is None:
            self.dismiss()
        else:
            self.say(*under)

    def run_for(self, seconds: float) -> None:
        """Put the message away in `seconds`."""
        if self._timer is not None:
            self._timer.stop()
        self._until = time.monotonic() + seconds
        self._timer = self.set_timer(seconds, self.expire)

    def hold(self) -> None:
        """Stop the message's time while another screen covers it (help, the inspector)."""
        if self.text and self._timer is not None:
            self._timer.stop()
            self._timer = None
            self._left = max(1.0, self._until - time.monotonic())

    def release(self) -> None:
        """In sight again: the message's time runs on from where it was held."""
        if self.text and self._left:
            self.run_for(self._left)
            self._left = 0.0

    def dismiss(self) -> None:
        """Put the hint away (and any it covered or put aside: the player acted); a notice
        waiting its turn (`say_each`) is shown now."""
        self._under = self._aside = None
        self.text = ""
        if self._queued:
            self.expire()

    #: The hint put aside while the odds are shown (`aside`), and its seconds left.
    _aside: tuple[str, float] | None = None

    def aside(self) -> None:
        """Put the hint on show aside while the odds are shown (their lines take its rows,
        and the player reads them): it comes back, its time left, when they are hidden
        (`back`; #28 round 24: the first game's hint went for good after `%`)."""
        if not self.text or not self.heading:  # none, or a notice: no hint to keep
            return
        left = self._left or max(2.0, self._until - time.monotonic())
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._aside, self._left = (self.text, left), 0.0
        self.text = ""

    def back(self) -> None:
        """The odds are hidden: the hint put aside for them comes back (if still unread)."""
        aside, self._aside = self._aside, None
        if aside is not None and not self.text:
            self.say(*aside)

    def on_click(self) -> None:
        self.dismiss()
