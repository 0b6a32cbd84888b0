"""The clock Textual stamps its events with (`events.Key.time`), read through its public
`Message.time` rather than the private `textual._time` (which tui/game.py and
tui/questions.py imported for when a question was drawn and a key's window closed, to
tell a key pressed before them). tests/tui/test_key_clock.py fails if Textual's events
stop carrying that time or take it from another clock."""

from __future__ import annotations

from textual.message import Message


def get_time() -> float:
    """Return the time now on the clock a key's event is stamped with: a message made now
    carries it (Textual sets `time` as a message is made)."""
    return Message().time
