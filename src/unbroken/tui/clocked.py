"""The options' clocks that count only the time the question is in sight: the beat the
keys wait after decisions taken for the player, the careful window, and how soon a key
is too quick (`DecisionPanel`, tui/decisions.py). A screen over the game (the inspector,
help, the full log) stops them; they go on where they were when it closes (#28 round 19:
the window ran out under the inspector, and a key after Esc took Eat 1 food at once)."""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.timer import Timer

from unbroken.tui.option_rows import DecisionList


class ClockedList(DecisionList):
    """The numbered options, with the clocks of the question they answer."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        #: The beat the keys wait after decisions taken for the player, and the careful
        #: window (None: not running).
        self._settle: Timer | None = None
        self._careful: Timer | None = None
        #: When the question now offered came (time.monotonic): how soon a key is too quick.
        self.asked_at = 0.0
        #: When each clock (`clock`: by its callback's name) is due, what was left of those
        #: running when the question went out of sight (`hide`), and since when (None: in sight).
        self.due: dict[str, float] = {}
        self.left: dict[str, float] = {}
        self.hidden_at: float | None = None

    def settle_over(self) -> None:
        """The beat after decisions taken for the player is over (the panel's own)."""

    def careful_over(self) -> None:
        """The careful window's time is over (the panel's own)."""

    def clock(self, seconds: float, then: Callable[[], None]) -> Timer:
        """Return a timer calling `then` after `seconds` the question is in sight."""
        self.due[then.__name__] = time.monotonic() + seconds
        return self.set_timer(seconds, then)

    def settle_from_drawn(self, timer: Timer, seconds: float) -> None:
        """Start the beat after decisions taken for the player (`timer`, of `seconds`) again
        once the options held are drawn: the table drawn after it began took a part of it
        that grew with the machine's load (#28 round 32: 0.2-0.3 s of its 0.9 s under
        load; the beat felt of varying length). Not when it is over or a screen covers it."""
        if self._settle is timer:
            timer.stop()
            self._settle = self.clock(seconds, self.settle_over)

    def hide(self) -> None:
        """The question goes out of sight (a screen over it): its clocks stop until `reveal`."""
        now = self.hidden_at = time.monotonic()
        for timer, then in ((self._settle, self.settle_over), (self._careful, self.careful_over)):
            if timer is not None:
                timer.stop()
                self.left[then.__name__] = max(0.0, self.due[then.__name__] - now)
        self._settle = self._careful = None

    def reveal(self) -> None:
        """The question is in sight again: its clocks go on where `hide` stopped them."""
        if self.hidden_at is None:
            return
        self.asked_at += time.monotonic() - self.hidden_at
        self.hidden_at, left, self.left = None, self.left, {}
        if "settle_over" in left:
            self._settle = self.clock(left["settle_over"], self.settle_over)
        if "careful_over" in left:
            self._careful = self.clock(left["careful_over"], self.careful_over)
