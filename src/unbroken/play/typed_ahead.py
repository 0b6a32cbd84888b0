"""What the plain-text game does with a line typed ahead: after a step taken for the player,
or new cards revealed, the question asked next is one the player has not seen, and a line
typed for the question before must not answer it (#28 round 24: a second `2` typed after
keeping a skill took "Fight the monster now" on the next level, past a hunger step taken
for the player). It is dropped, as the full-screen game lets keys settle (tui/pace.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from unbroken.core import events as ev

#: The events that show the player cards not seen before.
REVEALING = (ev.LevelStarted, ev.MonsterRevealed, ev.EncountersRevealed, ev.SkillsDrawn)

#: What the game says when it dropped a line typed ahead.
DROPPED = "(What you typed ahead was not taken: read the new question first.)"


def revealing(events: Iterable[ev.Event]) -> bool:
    """Return whether `events` show the player new cards (a level, a monster, encounters,
    skills to keep)."""
    return any(isinstance(e, REVEALING) for e in events)


def discard(stdin: TextIO) -> bool:
    """Drop what was typed on the terminal and not read yet; return whether there was any.

    Only a terminal's input is dropped (`termios.tcflush`): piped input, a file or a
    test's, is all meant to be read, and is left as it is."""
    try:
        import fcntl
        import struct
        import termios
    except ImportError:  # no terminal control here (Windows): nothing is dropped
        return False
    try:
        if not stdin.isatty():
            return False
        fd = stdin.fileno()
        waiting = struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]
        termios.tcflush(fd, termios.TCIFLUSH)
    except (OSError, ValueError, termios.error):  # a closed terminal: nothing to drop
        return False
    return bool(waiting)
