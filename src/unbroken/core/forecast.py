"""The forecast: what is already certain if an option is taken (read-only).

An option is taken on a copy of the state by the same code `Game.apply` runs
(`driver.take`), with everything the player cannot know yet held aside: the
copy stops at the first die roll, deck shuffle or card drawn from a deck, or
at the next decision, whichever comes first. What it did until then is
certain; the events it emitted are exactly the first events `Game.apply`
emits for that option (a property test holds them equal).

Each certain event carries the rule that caused it (`Acted`): the card and
ability of the effect being run, the monster's combat row or ambush, or a
Passive that changed a number (attack power, a wound cap). The summary
fields (`paid`, `power`, `wounds`, `armor_broken`, ...) are read off those
events, so a front end draws the forecast without knowing the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.driver import take
from unbroken.core.handlers import HandlerError
from unbroken.core.resolver import Resolver
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState, Queued, copy_state

#: Events that would show what the player may not know before it happens.
UNSEEN: tuple[type, ...] = (ev.DieRolled, ev.DeckShuffled, ev.EncountersRevealed, ev.SkillsDrawn)

#: Why a forecast stops: at the next decision, at the end of the game, where
#: chance (a die, a deck's order) decides what comes next, or where a plugin's
#: effect handler failed (taking the option will say so, and change nothing).
DECISION, OVER, CHANCE, FAILED = "decision", "over", "chance", "failed"
#: Response windows a forecast passes at most (each trigger fires once per step).
MAX_PASSES = 8


class Unseen(BaseException):
    """The next event would show what the player cannot know yet.

    A BaseException: a plugin's handler that rolls the die must not catch it
    as its own error, nor the engine wrap it in a HandlerError.
    """


@dataclass(frozen=True)
class Acted:
    """A rule that acts: `card` (an id), and the ability's name, combat row or "ambush"."""

    card: str
    rule: str = ""
    #: The Passive's kind when a Passive changed a number: "power", "cap".
    passive: str = ""
    #: The ability's printed text ("" for a combat row or an ambush).
    text: str = field(default="", compare=False)


@dataclass(frozen=True)
class Forecast:
    """What taking one option does for certain, read off the events it emits."""

    action: act.Action
    #: The events emitted before the forecast stops, each with the rule that caused it.
    events: tuple[ev.Event, ...]
    causes: tuple[Acted | None, ...]
    #: DECISION, OVER, CHANCE or FAILED.
    stops: str
    #: Response windows passed on the way (the player using none there).
    passes: int = 0
    #: What chance would decide next (stops == CHANCE): a die's purpose ("combat",
    #: "monster", "check:<card>") or "encounters", "skills" for cards to be drawn.
    unseen: str = ""
    #: Resources paid (after substitution), lost and gained, summed.
    paid: dict[str, int] = field(default_factory=dict)
    lost: dict[str, int] = field(default_factory=dict)
    gained: dict[str, int] = field(default_factory=dict)
    #: The attack's printed power and its power after every Passive (None: no attack).
    printed_power: int | None = None
    power: int | None = None
    #: Wounds the monster suffers, and armor broken; `healed`: health it gains back.
    wounds: int = 0
    armor_broken: int = 0
    healed: int = 0
    defeated: bool = False
    #: The weapon on top of the stack afterwards, when it changes ("" otherwise).
    weapon: str = ""
    conditions_gained: tuple[str, ...] = ()
    #: Every rule that acts, in order, each once.
    rules: tuple[Acted, ...] = ()

    @property
    def wounds_prevented(self) -> bool:
        """Return whether a wound cap took wounds the attack's power would have dealt."""
        return any(a.passive == "cap" for a in self.rules)


class _Foreseer(Resolver):
    """A Resolver that stops before chance shows its hand and notes each event's cause."""

    def __init__(self, ruleset: Ruleset, state: GameState) -> None:
        super().__init__(ruleset, state)
        self.causes: list[Acted | None] = []
        #: The power of the last attack chosen, for the wounds it asks (a cap may take some).
        self.asked = 0

    def roll(self, stream: str, purpose: str, sides: int = 6) -> int:
        raise Unseen(purpose)

    def emit(self, event: ev.Event) -> None:
        if isinstance(event, UNSEEN):
            raise Unseen("skills" if isinstance(event, ev.SkillsDrawn) else "encounters")
        if isinstance(event, (ev.AttackChosen, ev.AttackPowerSet)):
            self.asked = event.power
        cause = self._cause(event)
        super().emit(event)
        self.causes.append(cause)

    def _cause(self, event: ev.Event) -> Acted | None:
        """Return the rule behind an event about to be emitted (None: the flow or the option)."""
        passive = _passive_cause(self, event)
        if passive is not None:
            return passive
        if isinstance(event, ev.AbilityUsed):
            return _ability(self, event.source, event.ability)
        item = self.acting
        if item is None or item.effect is None:
            return None
        return _effect_cause(self, item)


def _ability(r: Resolver, source: str, ability: str) -> Acted:
    """Return the ability used (AbilityUsed) as a rule that acts."""
    for src, a, _ in r.in_play():
        if src == source and a.id == ability:
            return Acted(src, a.name, text=a.text)
    return Acted(source, ability)


def _effect_cause(r: Resolver, item: Queued) -> Acted:
    """Return the card and rule of a card effect being run."""
    if item.result:
        return Acted(item.source, "ambush" if item.result == "AMBUSH" else item.result)
    for src, ability, _ in r.in_play():
        if src == item.source and any(e is item.effect for e in ability.effects):
            return Acted(src, ability.name, text=ability.text)
    return Acted(item.source)


def _passives(r: Resolver, kind: type) -> list[tuple[str, m.Ability]]:
    return [
        (src, a)
        for src, a, _ in r.in_play()
        if a.type == "passive" and any(isinstance(mod, kind) for mod in a.modifiers)
    ]


def _passive_cause(r: _Foreseer, event: ev.Event) -> Acted | None:
    """Return the Passive that changes a number with this event, if one does.

    Several Passives of a kind name the first of them here; `forecast` names
    them all in `Forecast.rules`.
    """
    if isinstance(event, ev.AttackPowerSet) and event.why == "passives":
        found = _passives(r, m.WoundPower)
        return Acted(found[0][0], found[0][1].name, "power", found[0][1].text) if found else None
    if isinstance(event, ev.MonsterChanged) and event.why in ("wounded", "wounds prevented"):
        mo = r.state.monster
        if mo is None:
            return None
        item = r.acting
        wound = item.effect if item is not None else None
        asked = wound.amount if isinstance(wound, m.Wound) else r.asked
        found = _passives(r, m.WoundCap)
        # Wounds that take the monster to 0 health were not capped.
        if found and event.health > 0 and mo.health - event.health < asked:
            return Acted(found[0][0], found[0][1].name, "cap", found[0][1].text)
    return None


def forecast(ruleset: Ruleset, state: GameState, action: act.Action) -> Forecast:
    """Return what taking the legal `action` in `state` does for certain (`state` unchanged).

    A Response window it opens on the way is passed (the player uses no Response
    there: `Forecast.passes` counts them), so an attack's wounds are forecast
    even when a Response to choosing it could be used.
    """
    copy = copy_state(state)
    emitted: list[ev.Event] = []
    causes: list[Acted | None] = []
    stops, passes, taking, unseen = DECISION, 0, action, ""
    while True:
        run = _Foreseer(ruleset, copy)
        try:
            take(run, taking)
        except Unseen as chance:
            stops, unseen = CHANCE, str(chance)
        except HandlerError:
            stops = FAILED
        emitted += run.emitted
        causes += run.causes
        if stops != DECISION or copy.decision != "response" or passes == MAX_PASSES:
            break
        passes, taking = passes + 1, act.Pass()
    if copy.outcome is not None:
        stops = OVER
    mo = state.monster
    trackers = (mo.health, mo.armor) if mo is not None else (0, 0)
    found = _summary(run, action, emitted, causes, stops, passes, trackers)
    return replace(found, unseen=unseen) if unseen else found


def _summary(
    run: _Foreseer,
    action: act.Action,
    emitted: list[ev.Event],
    causes: list[Acted | None],
    stops: str,
    passes: int,
    trackers: tuple[int, int],
) -> Forecast:
    """Return the forecast read off the events emitted (`run`: the last Resolver)."""
    paid: dict[str, int] = {}
    lost: dict[str, int] = {}
    gained: dict[str, int] = {}
    printed = power = None
    wounds = armor_broken = healed = 0
    health, armor = trackers  # the monster's, as each event leaves them
    defeated = False
    weapon = ""
    conditions: list[str] = []
    rules: list[Acted] = []
    for event, cause in zip(emitted, causes, strict=True):
        if cause is not None and cause not in rules:
            rules.append(cause)
        if isinstance(event, ev.Spent):
            _add(paid, event.amounts)
        elif isinstance(event, ev.Lost):
            _add(lost, event.amounts)
        elif isinstance(event, ev.Gained):
            _add(gained, event.amounts)
        elif isinstance(event, ev.AttackChosen):
            printed = power = event.power
        elif isinstance(event, ev.AttackPowerSet):
            power = event.power
            if cause is not None:  # every Passive of the kind in play had its say
                rules.extend(a for a in _all(run, m.WoundPower, "power") if a not in rules)
        elif isinstance(event, ev.MonsterRevealed):
            health, armor = event.health, event.armor
        elif isinstance(event, ev.MonsterChanged):
            if event.why == "wounded":
                wounds += health - event.health
            elif event.why == "armor broken":
                armor_broken += armor - event.armor
            elif event.why == "heal":
                healed += event.health - health
            health, armor = event.health, event.armor
        elif isinstance(event, ev.MonsterDefeated):
            defeated = True
        elif isinstance(event, ev.WeaponsSet):
            weapon = event.weapons[-1] if event.weapons else ""
        elif isinstance(event, ev.ConditionGained):
            conditions.append(event.condition)
    return Forecast(
        action=action,
        events=tuple(emitted),
        causes=tuple(causes),
        stops=stops,
        passes=passes,
        paid=paid,
        lost=lost,
        gained=gained,
        printed_power=printed,
        power=power,
        wounds=wounds,
        armor_broken=armor_broken,
        healed=healed,
        defeated=defeated,
        weapon=weapon,
        conditions_gained=tuple(conditions),
        rules=tuple(rules),
    )


def _add(into: dict[str, int], amounts: dict[str, int]) -> None:
    for key, n in amounts.items():
        if n:
            into[key] = into.get(key, 0) + n


def _all(run: Resolver, kind: type, what: str) -> list[Acted]:
    return [Acted(src, a.name, what, a.text) for src, a in _passives(run, kind)]
