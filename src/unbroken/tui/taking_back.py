"""`u` on the game screen: take back the player's last decision, and the log with it.

The screen after `u` is a new one, the game as it was before the decision. Its log is
the one before it, cut where that decision began: the lines of the decisions that still
stand stay as they were written, "Taken for you: …" among them (#28 round 19: the log
narrated again from the game's events lost every line of a decision taken for the
player, which no event says)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from unbroken.tui.hints import HintBox
from unbroken.tui.widgets import state_marks
from unbroken.words.actions import taken_back

if TYPE_CHECKING:
    from unbroken.tui.game import GameScreen


class KeptLog:
    """A game screen's log kept across `u`: its lines, the hints among them (kept whole
    in the full log only), and where each decision the player took began (`begun`)."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.hints_said: set[str] = set()
        #: The number of lines said when each of the player's own decisions was taken, in
        #: order: `u` cuts the log at the last (none: the screen began after them).
        self.begun: list[int] = []

    def cut_back(self) -> KeptLog | None:
        """Return the log as it was before the player's last decision (None: not known)."""
        if not self.begun:
            return None
        kept = KeptLog()
        kept.said = self.said[: self.begun[-1]]
        kept.hints_said = {line for line in self.hints_said if line in kept.said}
        kept.begun = self.begun[:-1]
        return kept


def take_back(screen: GameScreen) -> None:
    """Take back the last decision when it revealed nothing: the game as it was before it,
    on a new screen with the log as it was then."""
    session = screen.session
    why = session.why_not_take_back()
    if why:
        screen.say(why)
        return
    shown = session.game.state  # the game replaced, this one is kept as it was
    action = session.take_back()
    if action is None:
        for problem in session.take_notices():
            screen.notify(problem, severity="error", timeout=8)
        return
    again = screen.game_app.play(session, replace=True)
    again.taken_back = True  # the decision before the one taken back is not new: the
    # Display marks what the take-back changed instead ("SE 16/20 ▲+4", 30a-12)
    again.marked = state_marks(shown, session.game.state)
    again.kept = screen.written.cut_back()
    said = taken_back(action, session.game.state, session.ruleset)
    # In the hint's place, not a toast over the log: gone at the next decision.
    again.call_after_refresh(lambda: again.query_one(HintBox).say(said, 4, ""))
