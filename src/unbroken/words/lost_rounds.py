"""The rounds a condition takes whole, said in one line (28a-20).

Once a condition's check can no longer be passed (Paralyzed at 6 tokens: no face of the
die is higher, `core.query.locks_turns`), each round says the same three lines ("Round
12." "The die shows 3 (Paralyzed check)." "You lose this turn.") and the monster's
three: about 60 lines for 13 rounds. `LostRounds` keeps those rounds' events unsaid and
says them in one line when they end (an event of another kind: the game's end, a
Response) or when the screen asks (`said`, after a key's events):
"Rounds 12 to 25: Paralyzed takes each of your turns (its checks rolled 3, 1, …); the
monster's rolls: 2 WOUND, 5 STEAL, …; you lose 20 SE; Paralyzed at 13 tokens."
Only the rounds whose turn the condition took (its check rolled) are said so; a round
begun after the last of them is given back, its events said as usual ("Round 12." "The
die shows 6 (monster's combat roll)." …) once another kind of event ends it (37b-2: a
round whose monster's WOUND opened a Response, or ended the game, was said "Round 12."
alone, its roll and its row lost from every log).
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from unbroken.core import events as ev
from unbroken.core.query import locks_turns
from unbroken.core.ruleset import Ruleset
from unbroken.words.vocabulary import amounts

#: The events a lost round is made of (any other ends the fold: it is said as usual).
ROUND_EVENTS = (
    ev.RoundStarted,
    ev.TurnStarted,
    ev.DieRolled,
    ev.RollSet,
    ev.CombatResult,
    ev.PendingLossSet,
    ev.Lost,
    ev.ConditionChanged,
    ev.SkipTurnSet,
    ev.TurnSkipped,
)


class Kept(NamedTuple):
    """What `LostRounds.said` gives back: the line saying the rounds taken whole ("" for
    none), their events (said by that line only), and the events of the rounds after them
    to be said as usual, one line each (`ending`: none were taken yet)."""

    line: str
    folded: list[ev.Event]
    released: list[ev.Event]


class LostRounds:
    """The rounds under way that a condition takes whole, kept to be said in one line."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rules = ruleset
        #: Each condition's tokens as last seen.
        self.tokens: dict[str, int] = {}
        #: The condition that takes every turn (locks_turns), "" for none.
        self.lock = ""
        #: The events kept unsaid, from a RoundStarted on (none: no round kept).
        self.kept: list[ev.Event] = []
        #: The lock's tokens before the kept events (its count after them is said).
        self.before = 0

    def see(self, e: ev.Event) -> bool:
        """Follow `e`; return whether it belongs to the lost rounds kept unsaid."""
        if isinstance(e, ev.RoundStarted) and not self.kept:
            self.lock = self.locking()
            self.before = self.tokens.get(self.lock, 0)
        if isinstance(e, ev.ConditionGained | ev.ConditionChanged):
            self.tokens[e.condition] = e.tokens
        elif isinstance(e, ev.ConditionRemoved):
            self.tokens.pop(e.condition, None)
        if not self.lock or not isinstance(e, ROUND_EVENTS):
            return False
        if not self.kept and not isinstance(e, ev.RoundStarted):
            return False
        self.kept.append(e)
        return True

    def locking(self) -> str:
        """Return the condition whose tokens take every turn now, "" for none."""
        for cid, tokens in self.tokens.items():
            card = self.rules.conditions.get(cid)
            if card is not None and locks_turns(card, tokens):
                return cid
        return ""

    def said(self, ending: bool = False) -> Kept:
        """Return the line saying the rounds kept whose turn the condition took (and forget
        them), with their events; the rounds begun after the last of those are kept for
        later, or given back to be said as usual when `ending` (an event of another kind
        came: "Round 12." and its monster's roll, each its own line)."""
        kept, check = self.kept, f"check:{self.lock}"
        taken = [
            i for i, e in enumerate(kept) if isinstance(e, ev.DieRolled) and e.purpose == check
        ]
        cut = 0
        if taken:  # up to the next round after the last check taken
            after = range(taken[-1], len(kept))
            cut = next((i for i in after if isinstance(kept[i], ev.RoundStarted)), len(kept))
        folded, rest = kept[:cut], kept[cut:]
        line = self.line(folded)
        self.before = self._tokens_after(folded)
        self.kept = [] if ending else rest
        return Kept(line, folded, rest if ending else [])

    def _tokens_after(self, events: list[ev.Event]) -> int:
        """Return the lock's tokens after `events` (kept from the first RoundStarted on)."""
        tokens = self.before
        for e in events:
            if isinstance(e, ev.ConditionGained | ev.ConditionChanged) and e.condition == self.lock:
                tokens = e.tokens
        return tokens

    def line(self, events: list[ev.Event]) -> str:
        """Return the one line saying the rounds of `events`, "" for none."""
        if not events:
            return ""
        rounds = [e.round for e in events if isinstance(e, ev.RoundStarted)]
        checks = [
            e.value
            for e in events
            if isinstance(e, ev.DieRolled) and e.purpose == f"check:{self.lock}"
        ]
        rolls = [f"{e.roll} {e.result}" for e in events if isinstance(e, ev.CombatResult)]
        lost: Counter[str] = Counter()
        for e in events:
            if isinstance(e, ev.Lost):
                lost.update(e.amounts)
        name = self.rules.card_name(self.lock)
        first, last = rounds[0], rounds[-1]
        said = f"Round {first}" if first == last else f"Rounds {first} to {last}"
        rolled = ", ".join(map(str, checks))
        line = f"{said}: {name} takes each of your turns (its checks rolled {rolled})"
        if rolls:
            line += f"; the monster's rolls: {', '.join(rolls)}"
        if lost:
            line += f"; you lose {amounts(dict(lost))}"
        return line + f"; {name} at {self._tokens_after(events)} tokens."
