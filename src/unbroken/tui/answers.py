"""What the last key did, as the next question's prompt and careful window read it: the
option it took (`Answer`, `answered_words`), whether its events put cards in sight
(`shows_cards`) and what the monster's roll among them did (`monster_rolled`).
tui/questions.py's `CarefulList` keeps the answers; tui/decisions.py and tui/taking.py
read the events."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.history import CARDS_SHOWN
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.words.actions import label, use_name
from unbroken.words.vocabulary import attack_name

#: The events that put cards in sight the player has not read: an Exploration's cards,
#: the skills drawn, the monster. A question that shows them keeps its careful window
#: until an option is taken (#28 round 21: Enter 3 s after six cards appeared took one
#: unread: a reader is slower than any one time). core/history.py's `CARDS_SHOWN` (what
#: typed ahead must not answer) but `LevelStarted`, derived from it: a card event added
#: there is one here too.
SHOWING = tuple(e for e in CARDS_SHOWN if e is not ev.LevelStarted)


def shows_cards(events: Iterable[ev.Event]) -> bool:
    """Return whether these events (the last key's) put cards in sight (`SHOWING`)."""
    return any(isinstance(e, SHOWING) for e in events)


def monster_rolled(events: Iterable[ev.Event]) -> str:
    """Return what the monster's roll among these events (the last key's) did, as an
    asked-again prompt says it ("the monster rolled HEAL. "), "" when it did not roll: a
    battle turn asked again after it is asked again all the same (#28 round 22: "8 8" took
    Spike Thrower in two rounds, a HEAL between never read)."""
    rows = [e.result for e in events if isinstance(e, ev.CombatResult)]
    return f"the monster rolled {rows[-1].upper()}. " if rows else ""


#: How the prompt names an option the last key took (but a Response's use: "… used.").
CHOSEN = "Chosen: "


class Answer(NamedTuple):
    """The option a key took: its index (`option`), what the next question's prompt says of it
    (`answered_words`), whether it was marked first (a mark's key), and the kind of
    question it answered."""

    option: int
    words: str
    marked: bool
    kind: str
    #: The game's decisions before it was taken, and how many times in a row its option
    #: answered the same question (`in_a_row`).
    at: int = 0
    times: int = 1


def answered_words(action: act.Action, state: GameState, ruleset: Ruleset) -> str:
    """Return what a key took, as the next question's prompt says it: "Last Rites used.",
    "Chosen: Orienteer." (the option's words before its cost and text, named after
    "Chosen:": #28 round 30, "Accept that you cannot pay Mumbling Kobold's 1 LE taken."
    read as 1 LE taken); an attack by its name alone, "Chosen: Pry." (#28 round 22:
    "Attack with Pry taken. Options changed: …" ran long at 80 columns)."""
    if isinstance(action, act.Use):
        return f"{use_name(action, ruleset)} used."
    if isinstance(action, act.Attack):
        return f"{CHOSEN}{attack_name(action.attack)}."
    words = label(action, state, ruleset)
    for end in (": ", " ("):
        words = words.partition(end)[0]
    return f"{CHOSEN}{words}."
