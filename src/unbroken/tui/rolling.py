"""The die rolling on the stage: one timer, for a decision's roll and for each beat of
the rounds that pass on their own (tui/passing.py).

It only turns the stage's die face (`StagePanel.die`, which redraws the stage
alone); when its time is up it lands, and whoever rolled it draws the result.
Timed by the clock, not by counting ticks: a busy machine skips ticks, and the
die must still land on its number.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.timer import Timer
from textual.widget import Widget

from unbroken.tui.dice import DIE_FACES
from unbroken.tui.stage import StagePanel

#: How long the die rolls on the stage before it shows its number.
ROLL_SECONDS = 0.3
#: Seconds between two faces while it rolls.
FRAME_SECONDS = 0.05


class RollingDie:
    """The stage's die while it rolls (`rolling`); `land` ends the roll at once."""

    def __init__(self, stage: StagePanel) -> None:
        self.stage = stage
        self._timer: Timer | None = None
        self._frames = 0
        self._value = 1
        self._until = 0.0
        self._landed: Callable[[], None] | None = None

    @property
    def rolling(self) -> bool:
        return self._timer is not None

    def roll(self, value: int, landed: Callable[[], None], seconds: float = ROLL_SECONDS) -> None:
        """Roll for `seconds` (a face each frame), then call `landed` to show the result."""
        self.stop()
        self._frames, self._value, self._landed = 0, value, landed
        self._until = time.monotonic() + seconds
        # The first face is drawn by whoever rolls, with the rest of the table.
        self.stage.set_reactive(StagePanel.die, DIE_FACES[(value - 1) % 6])
        owner: Widget = self.stage
        self._timer = owner.set_interval(FRAME_SECONDS, self._frame)

    def _frame(self) -> None:
        if time.monotonic() >= self._until:
            self.land()
            return
        self._frames += 1
        self.stage.die = DIE_FACES[(self._frames * 5 + self._value) % 6]

    def land(self) -> None:
        """Stop rolling and show the result (what `landed` draws)."""
        landed = self._landed
        self.stop()
        if landed is not None:
            landed()

    def stop(self) -> None:
        """Stop rolling without showing the result (the caller draws the stage)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._landed = None
