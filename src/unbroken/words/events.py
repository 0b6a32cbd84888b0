"""Events in words: the Narrator that turns a game's events into the log's lines.

Each event type's line is in `words.event_lines` (the table `describe` reads).
"""

from __future__ import annotations

from typing import Any

from unbroken.core import events as ev
from unbroken.core.ruleset import Ruleset

# Re-exported: the stage's die (tui/dice.py) and older callers import them from here, and
# the table of the log's lines (tests) from before it had a module of its own.
from unbroken.words.dice import die_sides as die_sides
from unbroken.words.dice import roll_purpose as roll_purpose
from unbroken.words.event_lines import EVENT_WORDS as EVENT_WORDS
from unbroken.words.fallback import Fallbacks
from unbroken.words.growth import Growth
from unbroken.words.lost_rounds import LostRounds
from unbroken.words.opening import BattleStartRules, monster_abilities, rule_shown
from unbroken.words.power import PowerSources
from unbroken.words.roll_lines import Rerolls
from unbroken.words.rounds_left import RoundsLeft
from unbroken.words.sources import Sources
from unbroken.words.unused import NoUsesLeft


class Narrator:
    """Turns events into sentences; remembers what it needs to say what changed."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rules = ruleset
        self.monster: dict[str, Any] = {}
        #: Committed to the next encounter (R-TRAVEL-7): more cards revealed mean nothing.
        self.committed = False
        #: Extra cards the next Exploration reveals (RevealBonus; used up by a reveal).
        self.reveal_bonus = 0
        #: The tokens last seen on each condition (only those with tokens say so).
        self.tokens: dict[str, int] = {}
        #: The ability used on each card in this decision, for the tags of what it does.
        self.using: dict[str, str] = {}
        #: An ability's cost paid and not yet said: (its card, the amounts in words).
        self.paying: tuple[str, str] | None = None
        self.sources = Sources(ruleset)  # why a rest's SE and a skill draw come
        #: The monster met this level, and whether its Trickery step is under way
        #: without the choice to trick it having been offered yet.
        self.monster_id = ""
        self.tricking = False
        #: The power of the attack being made (what its wounds would be without a cap).
        self.power = 0
        #: The level being played (LevelStarted; 0 until seen).
        self.level = 0
        #: The conditions the level's end made active, said under the next level's heading.
        self.activated = ""
        #: The monster's table row being resolved (its CombatResult's; "" once a turn,
        #: round or decision follows): a heal of nothing is said for a row, not a rule.
        self.row = ""
        #: The step under way (StepEntered; "" until seen): an ambush's loss is said so.
        self.step = ""
        #: Class Responses kept from acting by the ability uses (said once a level each).
        self.no_uses = NoUsesLeft(ruleset)
        #: The monster's rules acting as the battle starts, named on their lines.
        self.opening = BattleStartRules(ruleset)
        #: The rules that make the monster grow (Paranoid, a ROAR row), named.
        self.growth = Growth(ruleset)
        #: A loss that was a monster row's fallback is said so (R-RES-6).
        self.fallbacks = Fallbacks(ruleset)
        #: The player's cards whose Passives may change attack power, named in the log.
        self.power_sources = PowerSources(ruleset)
        #: The die result being resolved, and a re-roll kept for the player (#28 round 20).
        self.rerolls = Rerolls(ruleset)
        #: A condition's rounds counted after the round under way (#28 round 22).
        self.rounds_left = RoundsLeft()
        #: The rounds a condition takes whole, said in one line (28a-20).
        self.lost_rounds = LostRounds(ruleset)
        #: The player's turn has begun and nothing is asked of it yet (its opening rules:
        #: Paralyzed's check), and whether a skip set there took this very turn (35b-5).
        self.turn_opening = False
        self.losing_turn = False
        #: The lines of a round's end counting conditions down, which name the round about
        #: to start: said after its "Round N." (37a-10: "Frightened: round 9 and 2 rounds
        #: after it." came before "Round 9.").
        self.ticks: list[str] = []

    def name(self, card_id: str) -> str:
        if card_id in ("focus", "plan", "inspiration", "orienteer", "scout", "craft"):
            return card_id.capitalize()
        if card_id == "easy":  # Easy's extra resource: the difficulty as it is shown
            return self.rules.difficulty_name(card_id)
        if card_id in ("hunger", "trickery", "downgrade"):
            return card_id
        return self.rules.card_name(card_id)

    def tag(self, source: str) -> str:
        """Return the tag of a change: the ability being used on that card, else the card.

        "You gain 1 time [Dangerous Idea]", not "[Sage]": a class card has three.
        """
        return self.using.get(source) or self.name(source)

    def paid_for(self, source: str) -> str:
        """Return the cost just paid on `source`'s card in words ("" for none), once."""
        paying, self.paying = self.paying, None
        return paying[1] if paying and paying[0] == source else ""

    def ability_name(self, source: str, ability_id: str) -> str:
        ability = self.rules.ability(source, ability_id)
        return ability.name if ability is not None else ability_id

    def monster_rule(self, kind: type) -> str:
        """Return the names of the monster's rules (its own or its keywords') with an effect
        or a Passive modifier of `kind` ("Relentless" for MonsterHeal), "" for none."""
        names = [
            rule_shown(self.rules, self.monster_id, a.name)
            for a in monster_abilities(self.rules, self.monster_id)
            if any(isinstance(x, kind) for x in (*a.effects, *a.modifiers))
        ]
        return ", ".join(dict.fromkeys(names))

    def follow(self, events: list[ev.Event]) -> None:
        """Follow events already told, unsaid: what the log knows of them (the level, the
        monster, the uses) for the lines to come (a screen after `u`, a resumed game)."""
        for e in events:
            self.describe(e)

    def describe(self, e: ev.Event) -> str | None:
        """Return one line for an event, or None for bookkeeping events; a class Response
        that would have acted on it but for the ability uses is said after it. The rounds
        a condition takes whole are kept unsaid (`LostRounds`) and said before the first
        event of another kind: in one line, and the round begun after them line by line. A
        round's end counting a condition down names the round about to start: its line is
        said after that round's "Round N." (37a-10)."""
        if self.lost_rounds.see(e):  # a round taken whole: its count said before it
            return self.ticks_said() or None
        held = self.release(ending=True)  # the rounds before this event, first
        self.track(e)
        line = self.describe_one(e)
        if line and self.rounds_left.ticked:  # said after the next "Round N."
            self.ticks.append(line)
            line = None
        elif isinstance(e, ev.RoundStarted):
            line = "\n".join(x for x in (line, self.ticks_said()) if x)
        else:
            held = "\n".join(x for x in (self.ticks_said(), held) if x)
        return f"{held}\n{line}" if held and line else held or line

    def ticks_said(self) -> str:
        """Return the held lines of a round's end counting conditions down ("" for none),
        and forget them."""
        ticks, self.ticks = self.ticks, []
        return "\n".join(ticks)

    def said(self) -> str:
        """Return the line for the rounds kept unsaid so far (`LostRounds`), "" for none:
        a screen asks after a key's events, so they are said before the next question (a
        round begun whose turn is not yet taken is kept for later)."""
        return "\n".join(x for x in (self.ticks_said(), self.release(ending=False)) if x)

    def release(self, ending: bool) -> str:
        """Return the lines of the events `LostRounds` kept and gives back now: the one
        line of the rounds taken whole (their events followed, unsaid), then, when
        `ending`, the line of each event after them, said as it would have been (37b-2:
        the monster's roll of a round begun after them was lost)."""
        kept = self.lost_rounds.said(ending)
        lines = [kept.line] if kept.line else []
        for e in kept.folded:
            self.track(e)
            self.tokens_seen(e)
        for e in kept.released:
            self.track(e)
            line = self.describe_one(e)
            if line:
                lines.append(line)
        return "\n".join(lines)

    def track(self, e: ev.Event) -> None:
        """Follow an event in what the lines remember (the trackers, the row, the turn),
        in the game's order: a kept event when it is given back."""
        self.growth.see(e, self.monster_id)
        self.sources.see(e, self.monster_id, self.level)
        self.power_sources.see(e)
        self.rerolls.see(e)
        self.rounds_left.see(e)
        if isinstance(e, ev.CombatResult):
            self.row = e.result
        elif isinstance(e, ev.TurnStarted | ev.RoundStarted | ev.Awaiting):
            self.row = ""
        if isinstance(e, ev.TurnStarted):
            self.turn_opening = e.who == "player"
        elif isinstance(e, ev.RoundStarted | ev.TurnSkipped) or (
            isinstance(e, ev.Awaiting) and e.decision == "player_turn"
        ):
            self.turn_opening = False

    def tokens_seen(self, e: ev.Event) -> None:
        """Keep the tokens a kept-unsaid event changed (its line would have noted them)."""
        if isinstance(e, ev.ConditionChanged):
            self.tokens[e.condition] = e.tokens

    def describe_one(self, e: ev.Event) -> str | None:
        """Return the line for one event said as usual (`describe`)."""
        if isinstance(e, ev.StepEntered):
            self.step = e.step
        unsaid = self.paying if not isinstance(e, ev.AbilityUsed) else None
        line = self.opening.note(e, EVENT_WORDS[type(e)](self, e), self.monster_id)
        if unsaid:  # a cost not followed by its use (none today): said, not lost
            self.paying = None
            paid = f"You pay {unsaid[1]} [{self.name(unsaid[0])}]."
            line = f"{paid} {line}" if line else paid
        line = self.fallbacks.note(e, line, self.monster_id)
        unused = self.no_uses.note(e)
        if unused:
            return f"{line} {unused}" if line else unused
        return line
