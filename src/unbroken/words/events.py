"""Events in words: the Narrator that turns a game's events into the log's lines."""

from __future__ import annotations

from typing import Any

from unbroken.core import events as ev
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import StepName
from unbroken.words.effects import trickery_text
from unbroken.words.outcomes import STEP_NAMES, death, killer
from unbroken.words.vocabulary import amounts, attack_name, plural

PURPOSES = {
    "monster": "which monster",
    "combat": "monster's combat roll",
    "reroll": "re-roll",
    "extra resource": "Easy's extra resource",
}


def roll_purpose(purpose: str, ruleset: Ruleset) -> str:
    """Return what a die was rolled for, in words ("monster's combat roll")."""
    if purpose.startswith("check:"):
        return f"{ruleset.card_name(purpose[6:])} check"
    return PURPOSES.get(purpose, purpose.split(":")[0])


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
        #: The monster met this level, and whether its Trickery step is under way
        #: without the choice to trick it having been offered yet.
        self.monster_id = ""
        self.tricking = False

    def name(self, card_id: str) -> str:
        if card_id in ("focus", "plan", "inspiration", "orienteer", "scout", "craft"):
            return card_id.capitalize()
        if card_id in ("hunger", "trickery", "easy", "downgrade"):
            return card_id
        return self.rules.card_name(card_id)

    def tag(self, source: str) -> str:
        """Return the tag of a change: the ability being used on that card, else the card.

        "You gain 1 time [Dangerous Idea]", not "[Sage]": a class card has three.
        """
        return self.using.get(source) or self.name(source)

    def ability_name(self, source: str, ability_id: str) -> str:
        for ability in self.rules.card_abilities(source):
            if ability.id == ability_id:
                return ability.name
        return ability_id

    def describe(self, e: ev.Event) -> str | None:
        """Return one line for an event, or None for bookkeeping events."""
        n = self.name
        if isinstance(e, ev.GameStarted):
            difficulty = self.rules.difficulty_name(e.difficulty)
            return f"A new game: {n(e.character)} the {n(e.cls)}, {difficulty}, seed {e.seed}."
        if isinstance(e, ev.DeckShuffled):
            src = " from its discard pile" if e.from_discard else ""
            return f"The {e.deck[:-1]} deck is shuffled{src}."
        if isinstance(e, ev.DieRolled):
            return f"The die shows {e.value} ({roll_purpose(e.purpose, self.rules)})."
        if isinstance(e, ev.StepEntered):
            skipped = self.tricking and e.step == StepName.BATTLE
            self.tricking = e.step == StepName.TRICKERY
            sheet = self.rules.monsters.get(self.monster_id)
            if skipped and sheet is not None and sheet.trickery is not None:
                # R-COMBAT-2: a trick that cannot be paid is not offered; say why not.
                price = trickery_text(sheet)  # "The battle begins." comes next
                return f"You cannot trick the {sheet.name} ({price})."
            return f"-- {e.phase.capitalize()} phase: {STEP_NAMES.get(e.step, e.step)} step --"
        if isinstance(e, ev.Gained):
            text = f"You gain {amounts(e.amounts)}" if e.amounts else "You gain nothing"
            if e.lost_to_cap:
                text += f" ({amounts(e.lost_to_cap)} lost to the cap)"
            return f"{text} [{self.tag(e.source)}]."
        if isinstance(e, ev.Spent):
            return f"You pay {amounts(e.amounts)} [{self.tag(e.source)}]."
        if isinstance(e, ev.Lost):
            return f"You lose {amounts(e.amounts)} [{self.tag(e.source)}]."
        if isinstance(e, ev.TimeSet):
            if not e.track:
                return "The time track is gone: from now on time is paid in SE."
            return f"Time is set to {e.time}."
        if isinstance(e, ev.AbilityUsesSet):
            return f"Ability uses: {e.uses}."
        if isinstance(e, ev.AbilityUsed):
            self.using[e.source] = self.ability_name(e.source, e.ability)
            use = " (one ability use)" if e.ability_use else ""
            name, card = self.ability_name(e.source, e.ability), n(e.source)
            return f"You use {name}{'' if card == name else f' [{card}]'}{use}."
        if isinstance(e, ev.MonsterRevealed):
            self.monster = {"armor": e.armor, "health": e.health}
            self.monster_id = e.monster
            danger = ""
            if e.danger:
                passed = f", {e.skipped} skipped" if e.skipped else ""
                danger = f"; danger track space {e.danger}{passed}"
            return (
                f"The monster is revealed: {n(e.monster)} "
                f"(armor {e.armor}, health {e.health}{danger})."
            )
        if isinstance(e, ev.MonsterChanged):
            known = bool(self.monster)
            before = self.monster or {"armor": e.armor, "health": e.health}
            self.monster = {"armor": e.armor, "health": e.health}
            if e.why == "wounded":
                if not known:
                    return f"The monster is wounded: health {e.health}/{e.max_health}."
                dealt = before["health"] - e.health
                return (
                    f"The monster takes {plural(dealt, 'wound')}: health {e.health}/{e.max_health}."
                )
            if e.why == "armor broken":
                return f"Armor broken: {e.armor}/{e.max_armor} left."
            if e.why == "defend":
                return "The monster raises its guard: your next weapon attack will be ignored."
            if e.why == "defend used":
                return "The monster's guard swallows your attack."
            if e.why == "wounds prevented":
                return "The monster can suffer no more wounds this round."
            if e.why == "gain":
                return (
                    f"The monster grows: armor {e.armor}/{e.max_armor}, "
                    f"health {e.health}/{e.max_health}."
                )
            if e.why == "heal":
                return f"The monster heals: health {e.health}/{e.max_health}."
            return None
        if isinstance(e, ev.MonsterDefeated):
            return f"{n(e.monster)} is defeated!"
        if isinstance(e, ev.MonsterTricked):
            return f"You trick {n(e.monster)} and slip past it."
        if isinstance(e, ev.EncountersRevealed):
            self.reveal_bonus = 0  # the reveal used it (reducer: EncountersRevealed)
            return "Revealed: " + ", ".join(n(c) for c in e.cards) + "."
        if isinstance(e, ev.EncounterChosen):
            return f"You keep {n(e.card)}."
        if isinstance(e, ev.EncounterResolved):
            if not e.paid:
                return f"You cannot pay for {n(e.card)}: it gives you nothing."
            return f"You resolve {n(e.card)}."
        if isinstance(e, ev.Rested):
            return f"You rest instead of resolving {n(e.card)}."
        if isinstance(e, ev.EncounterDiscarded):
            return None
        if isinstance(e, ev.RevealBonus):
            unused, self.reveal_bonus = self.reveal_bonus, e.bonus
            if not e.bonus:  # R-TRAVEL-8: what the Travel Phase did not use is lost
                return f"{plural(unused, 'extra card')} to reveal lost, unused." if unused else None
            if self.committed:
                return "No more cards: you are committed, so the next Exploration reveals 1."
            return f"The next Exploration reveals {plural(e.bonus, 'more card')}."
        if isinstance(e, ev.CommitSet):
            self.committed = e.committed
            return "You are committed to the next encounter." if e.committed else None
        if isinstance(e, ev.WeaponsSet):
            top = n(e.weapons[-1])
            if e.why == "crafted":
                return f"You craft the {top}."
            if e.why == "downgraded":
                return f"You lose the {n(e.weapon)}; your weapon is now the {top}."
            if e.why == "gained":
                return f"You take the {top}."
            return f"Your weapon is now the {top}."
        if isinstance(e, ev.WeaponSetAside):
            return f"Your {n(e.weapon)} is knocked aside for {plural(e.turns, 'turn')}."
        if isinstance(e, ev.SetAsideTicked):
            if e.returned:
                # To its own place in the stack: under a weapon crafted meanwhile (R-WEAPON-4).
                back = " and the ".join(n(w) for w in e.returned)
                return f"The {back} {'comes' if len(e.returned) == 1 else 'come'} back."
            return None
        if isinstance(e, ev.SkillsDrawn):
            return "Skills drawn: " + ", ".join(n(c) for c in e.cards) + "."
        if isinstance(e, ev.SkillKept):
            return f"You keep the skill {n(e.skill)}."
        if isinstance(e, ev.ChoicesOffered):
            return None
        if isinstance(e, ev.ConditionGained):
            self.tokens[e.condition] = e.tokens
            when = "now" if e.active else "for the next level"
            tokens = f" with {plural(e.tokens, 'token')}" if e.tokens else ""
            rounds = f" for {plural(e.rounds, 'round')}" if e.rounds else ""
            return f"You gain {n(e.condition)} {when}{tokens}{rounds}."
        if isinstance(e, ev.ConditionChanged):
            # Tokens are named only for a condition that has had some.
            had = self.tokens.get(e.condition, 0)
            self.tokens[e.condition] = e.tokens
            parts = [plural(e.tokens, "token")] if e.tokens or had else []
            if e.rounds:
                parts.append(f"{plural(e.rounds, 'round')} left")
            return f"{n(e.condition)}: {', '.join(parts)}." if parts else None
        if isinstance(e, ev.ConditionRemoved):
            return f"{n(e.condition)} leaves play."
        if isinstance(e, ev.ConditionsAdvanced):
            parts = []
            if e.discarded:
                parts.append("discarded " + ", ".join(n(c) for c in e.discarded))
            if e.activated:
                parts.append("now active " + ", ".join(n(c) for c in e.activated))
            return ("Conditions: " + "; ".join(parts) + ".") if parts else None
        if isinstance(e, ev.BattleStarted):
            return "The battle begins" + (
                " - the monster strikes first." if e.monster_first else "."
            )
        if isinstance(e, ev.RoundStarted):
            return f"Round {e.round}."
        if isinstance(e, ev.TurnStarted):
            return None
        if isinstance(e, ev.TurnSkipped):
            return "Your turn is skipped." if e.reason != "skipped" else "You skip your turn."
        if isinstance(e, ev.SkipTurnSet):
            return "You will lose your next turn." if e.skip else None
        if isinstance(e, ev.ExtraTurnsSet):
            return None
        if isinstance(e, ev.AttackChosen):
            kind = "armor-breaking" if e.kind == "break" else "wounding"
            return f"You attack with {n(e.weapon)}: {attack_name(e.attack)} ({kind} {e.power})."
        if isinstance(e, ev.AttackPowerSet):
            return f"Attack power is now {e.power} [{self.tag(e.why)}]."
        if isinstance(e, ev.AttackEnded):
            return None
        if isinstance(e, ev.RollSet):
            if e.rolls:
                return "Rolled again: keep " + " or ".join(str(r) for r in e.rolls) + "?"
            if e.why == "combat roll":
                return None
            if not 1 <= e.value <= 6:  # R-EFFECT-4 keeps the final result within 1-6
                return f"The roll is now {e.value}, kept within 1-6 [{self.tag(e.why)}]."
            return f"The roll is now {e.value} [{self.tag(e.why)}]."
        if isinstance(e, ev.RollBonusSet):
            return f"The monster's roll gets +{e.bonus}." if e.bonus else None
        if isinstance(e, ev.CombatResult):
            if e.ignored:
                return f"{e.roll}: {e.result} - ignored."
            if e.rerolled:
                return f"{e.roll}: {e.result} - you already have that condition; re-roll."
            return f"The monster's action ({e.roll}): {e.result}."
        if isinstance(e, ev.PendingLossSet):
            return None
        if isinstance(e, ev.Ate):
            return f"You eat {e.food} of the {e.requirement} food you need."
        if isinstance(e, ev.LevelStarted):
            return f"=== Level {e.level} ==="
        if isinstance(e, ev.MonsterRemoved):
            return None
        if isinstance(e, ev.Awaiting):
            self.using.clear()  # the next decision's changes are tagged afresh
            self.tricking = False  # offered (or another decision came first)
            return None
        if isinstance(e, ev.TriggerOpened):
            return None
        if isinstance(e, ev.GameOver):
            if e.won:
                return f"VICTORY! You escape the dark. Score {e.score}: {e.rank}."
            return death(e.level, e.step, e.cause, killer(e.source, self.rules.card_name))
        raise AssertionError(f"no words for {e!r}")
