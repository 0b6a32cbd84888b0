"""A condition's rounds in the log, counted as the player counts them: the rounds after
the one being played (#28 round 22).

"For 2 rounds" counts the full rounds after the one a condition is gained in (R-COND-1):
the round under way ends without a tick. A condition that is extended (R-BATTLE-6: a ROAR
while Frightened) holds its rounds with the one under way still to end, so "4 rounds
left" came just before "3 rounds left" as that round ended. `RoundsLeft` follows the
rounds and when each condition was gained, to say an extension as the gain is said, one
count: "Frightened: now for 3 rounds after this one." (#28 round 26: "2 rounds more, 3
after this one" read as a contradiction). A round's end names the round about to start, as
the Hand will count in it: "Frightened: round 3 and 2 rounds after it.", "Frightened: ends
with round 5." (#28 round 29: "3 rounds left" at round 2's end, then "2 rounds after this
one" in the Hand, read as two counts).
"""

from __future__ import annotations

from unbroken.core import events as ev
from unbroken.core.state import ConditionState, GameState, Phase, StepName
from unbroken.words.vocabulary import plural


def after_this_one(condition: ConditionState, battle_round: int) -> int:
    """Return the rounds a condition lasts after the battle round under way: its rounds
    count down as each round ends (R-COND-1), but not the round it was gained in; outside
    the battle's rounds, its rounds as they are."""
    if battle_round and condition.since < battle_round:
        return condition.rounds - 1
    return condition.rounds


#: The steps of the Combat Phase after its battle (R-REWARD-1, R-HUNGER-1).
AFTER_BATTLE = (StepName.REWARDS, StepName.HUNGER)
#: What the Hand says of a condition's rounds once the battle is over: no round comes to
#: count them down, and it stays in play to the Combat Phase's end (R-COND-1, R-LEVEL-1).
BATTLE_OVER = "battle over: leaves play at the level's end"


def battle_over(state: GameState) -> bool:
    """Return whether the level's battle is over (or was tricked past): its Rewards and
    Hunger steps, where no battle round comes."""
    return state.phase == Phase.COMBAT and state.step in AFTER_BATTLE


def rounds_words(condition: ConditionState, battle_round: int, over: bool = False) -> str:
    """Return a condition's rounds as the Hand says them, counted as the log counts them
    (#28 round 22: the Hand's "4 rounds" counted the round under way, the log's "3 after
    this one" did not): "3 rounds after this one", "ends with this round"; "2 rounds"
    outside the battle's rounds; once the battle is `over` (`battle_over`), that none
    comes and when it goes (#28 round 34: "Frightened (ends with this round)" on the
    Rewards and Hunger screens)."""
    if over and condition.active:
        return BATTLE_OVER
    if not battle_round:
        return plural(condition.rounds, "round")
    after = after_this_one(condition, battle_round)
    return f"{plural(after, 'round')} after this one" if after else "ends with this round"


class RoundsLeft:
    """Follows the battle's round and each condition's rounds, to say an extension."""

    def __init__(self) -> None:
        #: The battle round under way (0 outside the battle's rounds).
        self.round = 0
        #: Each condition lasting rounds: (the round it was gained in, its rounds).
        self.held: dict[str, tuple[int, int]] = {}
        #: The event just seen lengthened a condition: its words, else "".
        self.extended = ""
        #: The event just seen changed a condition's rounds or tokens: its rounds' words.
        self.said = ""
        #: The event just seen was a round's end counting a condition down: its line names
        #: the round about to start, and is said after that round's "Round N." (37a-10).
        self.ticked = False

    @classmethod
    def at(cls, state: GameState) -> RoundsLeft:
        """Return one that has followed the game up to `state` (a forecast from there)."""
        rounds = cls()
        rounds.round = state.round
        rounds.held = {c.id: (c.since, c.rounds) for c in state.conditions if c.active and c.rounds}
        return rounds

    def see(self, e: ev.Event) -> None:
        """Follow one event (before its line is said)."""
        self.extended = self.said = ""
        self.ticked = False
        if isinstance(e, ev.RoundStarted):
            self.round = e.round
        elif isinstance(e, (ev.BattleStarted, ev.LevelStarted)):
            self.round = 0
        elif isinstance(e, ev.ConditionGained) and e.active:
            self.held[e.condition] = (e.round, e.rounds)
        elif isinstance(e, ev.ConditionRemoved):
            self.held.pop(e.condition, None)
        elif isinstance(e, ev.ConditionsAdvanced):  # the level's end
            for condition in e.discarded:
                self.held.pop(condition, None)
        elif isinstance(e, ev.ConditionChanged) and e.rounds:
            since, before = self.held.get(e.condition, (self.round, e.rounds))
            self.held[e.condition] = (since, e.rounds)
            # The round under way still counts down as it ends, unless gained in it.
            after = e.rounds - 1 if since < self.round else e.rounds
            if e.rounds > before:
                self.extended = f"now for {plural(after, 'round')} after this one"
                self.said = self.extended
            elif not self.round:  # outside the battle's rounds, as the Hand says it
                self.said = f"for {plural(e.rounds, 'round')}"
            elif e.rounds < before:  # the round's end: count from the round about to start
                start, more = self.round + 1, e.rounds - 1
                self.ticked = True
                self.said = (
                    f"round {start} and {plural(more, 'round')} after it"
                    if more
                    else f"ends with round {start}"
                )
            else:  # its tokens changed in a round: its rounds as the Hand counts them
                self.said = (
                    f"{plural(after, 'round')} after this one" if after else "ends with this round"
                )

    def gained(self, e: ev.ConditionGained) -> str:
        """Return what a condition gained for some rounds says of when they count:
        " after this one" in a battle round (the round under way is not one of them)."""
        return " after this one" if e.active and e.rounds and self.round else ""
