"""Asking before a game is left for the title screen (Esc in a game).

One Esc used to leave at once, so an Esc meant for an overlay that had just
closed (the inspector, the log) landed the player on the title. The game is
saved either way; the question only makes leaving a choice. A key that is not an
answer closes the question, staying, and is then the game's: after a stray Esc the
next key (an option's, `%`) was swallowed doing nothing (#28 round 10).
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class LeaveScreen(ModalScreen[bool]):
    """Asks whether to leave the game for the title; dismissed with the answer."""

    DEFAULT_CSS = """
    LeaveScreen { align: center middle; }
    #leave { width: 56; height: auto; border: thick $primary; padding: 1 2; background: $surface; }
    """

    BINDINGS = [
        Binding("enter", "answer(True)", "Leave"),
        Binding("y", "answer(True)", "Leave", show=False),
        Binding("escape", "answer(False)", "Stay"),
        Binding("n", "answer(False)", "Stay", show=False),
    ]

    def __init__(self, kept: bool = True, question: str = "") -> None:
        super().__init__()
        #: Whether leaving keeps the game for Continue: not before a first decision.
        self.kept = kept
        #: The question asked instead of the game's (the replay viewer's, leaving an
        #: analysis running: #28 round 22, one Esc too many threw away 6 minutes of it).
        self.question = question

    def compose(self) -> ComposeResult:
        said = (
            "It is saved: Continue picks it up where you are."
            if self.kept
            # #28 round 13: "It is saved" before any decision, then Continue said "(none)".
            else "No decision is taken yet, so it is not kept: New game starts another."
        )
        asked = self.question or f"Leave this game for the title screen? {said}"
        where = "here" if self.question else "in the game"
        with Vertical(id="leave"):
            yield Static(
                f"{asked}\n\nEnter or y  leave      "
                f"Esc or n  stay\nAny other key stays, and acts {where}."
            )

    #: The keys that answer: any other one stays in the game and is then the game's.
    ANSWERS = frozenset({"enter", "y", "escape", "n"})

    def on_key(self, event: events.Key) -> None:
        if event.key in self.ANSWERS:
            return
        event.stop()
        event.prevent_default()
        self.dismiss(False)
        self.app.post_message(events.Key(event.key, event.character))

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)
