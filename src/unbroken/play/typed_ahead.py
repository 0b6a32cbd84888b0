"""What the plain-text game does with a line typed ahead: after a step taken for the player,
new cards revealed, or when the question asked next is a new one, it is one the player has
not seen, and a line typed for the question before must not answer it (#28 round 24: a
second `2` typed after keeping a skill took "Fight the monster now" on the next level,
past a hunger step taken for the player; a second line typed for an attack answered the
Response question the monster's roll opened). It is dropped, as the full-screen game lets
keys settle and marks a costly option first on a new question (tui/pace.py). So is a line
typed ahead of the same question asked again (a battle turn after the monster's roll, the
Preparation after a craft): the full-screen game marks that key first there (`AGAIN`,
tui/careful.py), and a line read at once cannot be marked; what the answer showed between
(the roll, a check's die) was not read when it was typed (#28 round 26: "1" then "1" on a
battle turn took two attacks, both read at once)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.history import shows_cards
from unbroken.core.state import DecisionKind

#: Where a question is asked: the level, the step and the kind of decision ("" for none).
Asked = tuple[int, str, str]

#: What the game says when it dropped a line typed ahead.
DROPPED = "(What you typed ahead was not taken: read the new question first.)"
#: What it says when the line was typed ahead of the same question asked again.
DROPPED_AGAIN = "(What you typed ahead was not taken: the question is asked again; read it first.)"


def asked_at(game: Game) -> Asked:
    """Return where the game's question is asked (`Asked`)."""
    s = game.state
    return s.level, s.step, game.decision.kind if game.decision is not None else ""


def asked_anew(answered: Asked, now: Asked) -> bool:
    """Return whether the question asked `now` is a new one after the one `answered`, as
    the full-screen game tells them (tui/decisions.py, `DecisionPanel.offer`): another
    level, step or kind of question (the Response window the monster's roll opens after an
    attack), or any question after a Response (the next window, the next turn)."""
    return bool(now[2]) and (now != answered or answered[2] == DecisionKind.RESPONSE)


def drop_typed_ahead(
    stdin: TextIO, answered: Asked, now: Asked, taken: bool, events: Iterable[ev.Event]
) -> str:
    """Drop a line typed ahead of the question asked `now` after the one `answered` (its
    answer's `events`; `taken`: decisions taken for the player since); return what the
    game says of it ("" when nothing was dropped, or no question follows: the game over).
    A new question's words (`DROPPED`) where it is new (`asked_anew`), shows cards or
    follows decisions taken for the player; else the same question asked again's."""
    if not now[2]:
        return ""
    anew = taken or asked_anew(answered, now) or shows_cards(events)
    if not discard(stdin):
        return ""
    return DROPPED if anew else DROPPED_AGAIN


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
