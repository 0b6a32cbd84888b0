"""The rounds a condition takes whole, said in one line (28a-20).

Once a condition's check can no longer be passed (Paralyzed at 6 tokens: no face of the
die is higher, `core.query.locks_turns`), each round says the same three lines ("Round
12." "The die shows 3 (Paralyzed check)." "You lose this turn.") and the monster's
three: about 60 lines for 13 rounds. `LostRounds` keeps those rounds' events unsaid and
says them in one line when they end (an event of another kind: the game's end, a
Response) or when the screen asks (`said`, after a key's events):
"Rounds 12 to 25: Paralyzed takes each of your turns (its checks rolled 3, 1, …); the
monster's rolls: 2 WOUND, 5 STEAL, …; you lose 20 SE; Paralyzed at 13 tokens."
"""

from __future__ import annotations

from collections import Counter

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


class LostRounds:
    """The rounds under way that a condition takes whole, kept to be said in one line."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rules = ruleset
        #: Each condition's tokens as last seen.
        self.tokens: dict[str, int] = {}
        #: The condition that takes every turn (locks_turns), "" for none.
        self.lock = ""
        self.rounds: list[int] = []
        self.checks: list[int] = []
        self.rolls: list[str] = []
        self.lost: Counter[str] = Counter()

    def see(self, e: ev.Event) -> bool:
        """Follow `e`; return whether it belongs to the lost rounds kept unsaid."""
        if isinstance(e, ev.ConditionGained | ev.ConditionChanged):
            self.tokens[e.condition] = e.tokens
        elif isinstance(e, ev.ConditionRemoved):
            self.tokens.pop(e.condition, None)
        if isinstance(e, ev.RoundStarted) and not self.rounds:
            self.lock = self.locking()
        if not self.lock or not isinstance(e, ROUND_EVENTS):
            return False
        if isinstance(e, ev.RoundStarted):
            self.rounds.append(e.round)
        elif not self.rounds:
            return False
        elif isinstance(e, ev.DieRolled) and e.purpose == f"check:{self.lock}":
            self.checks.append(e.value)
        elif isinstance(e, ev.CombatResult):
            self.rolls.append(f"{e.roll} {e.result}")
        elif isinstance(e, ev.Lost):
            self.lost.update(e.amounts)
        return True

    def locking(self) -> str:
        """Return the condition whose tokens take every turn now, "" for none."""
        for cid, tokens in self.tokens.items():
            card = self.rules.conditions.get(cid)
            if card is not None and locks_turns(card, tokens):
                return cid
        return ""

    def said(self, ending: bool = False) -> str:
        """Return the line saying the rounds kept (and forget them), "" for none; a round
        begun whose turn is not yet lost is kept for later, unless `ending` (an event of
        another kind came: the round is said as usual, "Round 12.")."""
        if not self.checks:
            line = f"Round {self.rounds[-1]}." if ending and self.rounds else ""
            if ending:
                self.rounds = []
            return line
        name = self.rules.card_name(self.lock)
        first, last = self.rounds[0], self.rounds[-1]
        rounds = f"Round {first}" if first == last else f"Rounds {first} to {last}"
        line = (
            f"{rounds}: {name} takes each of your turns (its checks rolled "
            f"{', '.join(map(str, self.checks))})"
        )
        if self.rolls:
            line += f"; the monster's rolls: {', '.join(self.rolls)}"
        if self.lost:
            line += f"; you lose {amounts(dict(self.lost))}"
        line += f"; {name} at {self.tokens.get(self.lock, 0)} tokens."
        self.rounds, self.checks, self.rolls, self.lost = [], [], [], Counter()
        return line
