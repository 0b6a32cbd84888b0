"""Responses that would have applied but for the ability uses: the log says why they did not.

A class's Response takes one of the level's ability uses (R-ABILITY-1); with
none left its window never opens, and without a word the player wonders why
Dodge did not fire. Following the events, this says it the first time in a
level each such Response's trigger comes: "Dodge [Sneak] could respond, but no
ability use is left this level."
"""

from __future__ import annotations

from collections.abc import Callable

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.query import CANNOT_PAY, NO_USES, Query
from unbroken.core.reducer import apply_event
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState, Phase, StepName, Turn, copy_state
from unbroken.words.actions import ability_name
from unbroken.words.no_use import loss_kept
from unbroken.words.vocabulary import amounts

#: The event that shows each trigger firing (core.responses.fire's callers).
TRIGGER_EVENTS: dict[str, Callable[[ev.Event], bool]] = {
    "ambush": lambda e: isinstance(e, ev.StepEntered) and e.step == StepName.AMBUSH,
    "battle_start": lambda e: isinstance(e, ev.BattleStarted),
    "before_player_turn": lambda e: isinstance(e, ev.TurnStarted) and e.who == Turn.PLAYER,
    "after_attack_chosen": lambda e: isinstance(e, ev.AttackChosen),
    "after_armor_break": lambda e: isinstance(e, ev.MonsterChanged) and e.why == "armor broken",
    "after_monster_roll": lambda e: isinstance(e, ev.DieRolled) and e.purpose == "combat",
    # A loss set, not the 0 that clears it once paid or lowered.
    "wound_loss": lambda e: isinstance(e, ev.PendingLossSet) and e.amount > 0,
    "monster_defeated": lambda e: isinstance(e, ev.MonsterDefeated),
    # The skills drawn to keep one: Flexible's window comes just before (#28 round 19: a
    # missed one was not said, where Warding Sign's was).
    "before_skill_gain": lambda e: isinstance(e, ev.SkillsDrawn),
}


#: The decisions an attack is chosen at (its forecast is asked there).
_ATTACKS_CHOSEN = (DecisionKind.PLAYER_TURN, DecisionKind.EXTRA_ATTACK)


class NoUsesLeft:
    """Follows a game's events for its class, its ability uses and the triggers that fire;
    what a Response could have done is asked of the core, on the state the events fold to
    (`Query.cannot_help`, the answer the options and the pointless check give too)."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rules = ruleset
        self.cls = ""
        #: The ability uses left (None until the game's start or a level's is seen).
        self.uses: int | None = None
        #: The Responses already said this level (once each is enough).
        self.told: set[str] = set()
        #: The abilities used this level: said "could respond again" (a line right after
        #: "You use Warding Sign" read as if the use had failed, round 7).
        self.used: set[str] = set()
        #: The ability used by the event before (its own trigger's event follows it, the
        #: loss it lowered: nothing to say then).
        self.just_used = ""
        #: The game's state, folded from its events from its start (None before it).
        self.state: GameState | None = None
        #: The state at the last decision, kept while no use is left: an attack chosen
        #: there is forecast from it (does it defeat the monster anyway?).
        self.decided: GameState | None = None

    def note(self, e: ev.Event) -> str:
        """Follow one event; return what to say after its line ("" for nothing)."""
        just, self.just_used = self.just_used, ""
        if isinstance(e, ev.GameStarted):
            self.cls, self.uses = e.cls, e.ability_uses
            self.state = GameState()
        if self.state is not None:
            apply_event(self.state, e)
            if isinstance(e, ev.Awaiting) and self.uses == 0 and self._adds_power():
                self.decided = copy_state(self.state)
        if isinstance(e, ev.AbilityUsesSet):
            self.uses = e.uses
            self.told.clear()
            self.used.clear()
        elif isinstance(e, ev.AbilityUsed) and e.ability_use and self.uses is not None:
            self.uses = max(0, self.uses - 1)
            self.used.add(e.ability)
            self.just_used = e.ability
        if self.uses != 0 or self.cls not in self.rules.classes:
            return ""
        by_why: dict[str, list[str]] = {}  # the names, by what else stops them
        again = ""
        for ability in self.rules.classes[self.cls].abilities:
            fired = TRIGGER_EVENTS.get(ability.trigger)
            if ability.type != "response" or fired is None or ability.id in self.told:
                continue
            if ability.id == just:
                continue
            if fired(e) and self._applies(ability, e):
                self.told.add(ability.id)
                name = ability_name(self.rules, self.cls, ability)
                by_why.setdefault(self._also(ability), []).append(name)
                again = again or (" again" if ability.id in self.used else "")
        return " ".join(
            f"{' and '.join(names)} could respond{again}, but no ability use is left this "
            f"level{also}."
            for also, names in by_why.items()
        )

    def _also(self, ability: m.Ability) -> str:
        """Return what else stops the Response besides the ability uses, as the core's
        why-not gives it (" and you cannot pay its 1 cunning"; #28 round 17: Warding Sign
        with no cunning was said short of a use only)."""
        if self.state is None:
            return ""
        parts = []
        for why in Query(self.rules, self.state).why_not_respond(self.cls, ability):
            if why == CANNOT_PAY:
                parts.append(f"you cannot pay its {amounts(ability.cost)}")
            elif why.startswith("used this"):
                parts.append(f"it was {why}")
            elif why.startswith("needs"):
                parts.append(f"it {why}")
            elif why != NO_USES:
                parts.append(why)
        return "".join(f" and {part}" for part in parts)

    def _applies(self, ability: m.Ability, e: ev.Event) -> bool:
        """Return whether the Response's filters would let it act on this event (those the
        events cannot show, a weapon's type or a card's requirement elsewhere, say no),
        and whether it could have helped (the core's answer: no armor to break, a roll
        it could not change, a miss; an attack that defeats the monster anyway)."""
        if ability.requires is not None:
            return False
        if ability.attack or ability.weapon:
            if not isinstance(e, ev.AttackChosen):
                return False
            weapon = self.rules.weapons.get(e.weapon)
            if ability.attack and e.kind != ability.attack:
                return False
            if ability.weapon and (weapon is None or weapon.type != ability.weapon):
                return False
        if isinstance(e, ev.PendingLossSet) and self.state is not None:
            if loss_kept(ability, self.state, self.rules, e.amount):
                return False  # Just a Scratch on 2 SE that Armored makes 1 (#28 round 28)
        if ability.min_loss:
            return isinstance(e, ev.PendingLossSet) and e.amount >= ability.min_loss
        state = self.state
        if state is None:
            return True  # no game seen from its start: nothing is known to say no
        if state.phase == Phase.OVER:
            return False  # the game is over: a window after it does not matter
        roll = e.value if isinstance(e, ev.DieRolled) else None
        if Query(self.rules, state).cannot_help(ability.effects, roll):
            return False
        return not (isinstance(e, ev.AttackChosen) and self._falls_anyway(ability, e))

    def _adds_power(self) -> bool:
        """Return whether the class has a Response that only adds attack power (Power
        Through): only then is the state at each decision kept (`_falls_anyway`)."""
        cls = self.rules.classes.get(self.cls)
        return cls is not None and any(
            a.type == "response"
            and a.effects
            and all(isinstance(x, m.AttackPower) for x in a.effects)
            for a in cls.abilities
        )

    def _falls_anyway(self, ability: m.Ability, e: ev.AttackChosen) -> bool:
        """Return whether the attack chosen defeats the monster without the Response's
        added power (its forecast from the decision it was chosen at): Power Through
        could not have changed it (#28 round 16: said on a killing blow)."""
        adds = ability.effects and all(isinstance(x, m.AttackPower) for x in ability.effects)
        decided = self.decided
        if not adds or decided is None or decided.decision not in _ATTACKS_CHOSEN:
            return False
        try:
            f = Query(self.rules, decided).forecast(act.Attack(e.attack))
        except Exception:  # not an option there (a plugin's attack): nothing is proved
            return False
        return f.defeated
