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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import legality
from unbroken.core import model as m
from unbroken.core.driver import take
from unbroken.core.handlers import HandlerError
from unbroken.core.resolver import Resolver
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState, Queued, StepName, copy_state

#: Events that would show what the player may not know before it happens.
UNSEEN: tuple[type, ...] = (ev.DieRolled, ev.DeckShuffled, ev.EncountersRevealed, ev.SkillsDrawn)
_UNSEEN = frozenset(UNSEEN)
#: Events by which a Passive may change a number (attack power, wounds dealt).
_BY_PASSIVES = frozenset({ev.AttackPowerSet, ev.MonsterChanged})

#: Why a forecast stops: at the next decision, at the end of the game, where
#: chance (a die, a deck's order) decides what comes next, or where a plugin's
#: effect handler failed (taking the option will say so, and change nothing).
DECISION, OVER, CHANCE, FAILED = "decision", "over", "chance", "failed"
#: Response windows a forecast passes at most (each trigger fires once per step).
MAX_PASSES = 8
#: The windows whose Responses change the option's own numbers (an attack's power): at
#: these the forecast also follows the line of each Response usable there (`if_used`).
ANSWERED = frozenset({"after_attack_chosen"})


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
    #: The Responses the player could have used at those windows (what was passed), named
    #: when the forecast ends in a death (see `forecast`).
    passed: tuple[act.Action, ...] = ()
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
    #: Whether the monster's guard (a Defend) swallows the attack: it does nothing.
    guarded: bool = False
    #: The weapon on top of the stack afterwards, when it changes ("" otherwise).
    weapon: str = ""
    conditions_gained: tuple[str, ...] = ()
    #: The condition cards (the ruleset's), whose kinds say which of those are bad for the
    #: player (`bad_conditions`).
    condition_cards: Mapping[str, m.Condition] = field(
        default_factory=dict, compare=False, repr=False
    )
    #: Every rule that acts, in order, each once; a rule's heal that leaves the health as
    #: it is (at full health: Relentless) does not act. A row rolled acts whatever it does.
    rules: tuple[Acted, ...] = ()
    #: Whether the monster ambushes (the time track runs out, R-TRAVEL-1).
    ambushed: bool = False
    #: The state where the forecast stops (a copy: what is certain, and the rest as it was).
    after: GameState = field(default_factory=GameState, compare=False, repr=False)
    #: When chance stopped it: what was still to be done, the item being run last (the
    #: flow step or effect; `after.then` is written only at a decision). Else ().
    pending: tuple[Queued, ...] = field(default=(), compare=False, repr=False)
    #: On a line that uses a Response (see `if_used`): that Use, and how many windows
    #: were passed before the one it was used at. None on the line passing every window.
    used: act.Action | None = None
    used_at: int = 0
    #: The lines using each Response offered at the first window of `ANSWERED` the
    #: forecast passes (Power Through, Plate Splitter: +power to the attack chosen), the
    #: other windows passed as here: what the option does if the player uses it (#28
    #: round 19: the attack's line said "wound 1" and Plate Splitter made it 3).
    if_used: tuple[Forecast, ...] = field(default=(), compare=False, repr=False)

    @property
    def effective_power(self) -> int | None:
        """Return the attack's power as it lands: 0 when the monster's guard swallows it."""
        return 0 if self.guarded and self.power is not None else self.power

    @property
    def bad_conditions(self) -> tuple[str, ...]:
        """Return the conditions gained that are bad for the player: not a positive card
        (Frightened, ...; a card not loaded counts as bad), in the order gained."""
        cards = self.condition_cards
        return tuple(c for c in self.conditions_gained if c not in cards or not cards[c].positive)

    @property
    def wounds_prevented(self) -> bool:
        """Return whether a wound cap took wounds the attack's power would have dealt."""
        return any(a.passive == "cap" for a in self.rules)


class _Foreseer(Resolver):
    """A Resolver that stops before chance shows its hand and notes each event's cause."""

    def __init__(self, ruleset: Ruleset, state: GameState, asked: int = 0) -> None:
        super().__init__(ruleset, state)
        self.causes: list[Acted | None] = []
        #: The power of the last attack chosen, for the wounds it asks (a cap may take some);
        #: carried over a Response window passed on the way (the attack resolves after it).
        self.asked = asked
        #: Rules that act besides the causes of the events (several Passives of a kind).
        self.also: list[Acted] = []
        #: The rule whose WOUND loss is pending (its Lost event comes from a flow step):
        #: the monster's WOUND row when the forecast starts with a loss pending (in the
        #: wound_loss window, or after one passed on the way).
        mo = state.monster
        self.pending: Acted | None = None
        if mo is not None and state.pending_loss > 0:
            self.pending = Acted(mo.id, "WOUND")

    def roll(self, stream: str, purpose: str, sides: int = 6) -> int:
        raise Unseen(purpose)

    def emit(self, event: ev.Event) -> None:
        kind = type(event)
        if kind in _UNSEEN:
            raise Unseen("skills" if kind is ev.SkillsDrawn else "encounters")
        if kind is ev.AttackChosen or kind is ev.AttackPowerSet:
            self.asked = event.power  # type: ignore[union-attr]  # one of the two kinds tested
        cause = self._cause(kind, event)
        super().emit(event)
        self.causes.append(cause)

    def _cause(self, kind: type, event: ev.Event) -> Acted | None:
        """Return the rule behind an event about to be emitted (None: the flow or the option)."""
        if kind in _BY_PASSIVES:
            passive = _passive_cause(self, event)
            if passive is not None:
                return passive
        if kind is ev.AbilityUsed:
            return _ability(self, event.source, event.ability)  # type: ignore[union-attr]  # AbilityUsed
        mo = self.state.monster
        if kind is ev.CombatResult and mo is not None:  # the row rolled, named as its effects are
            return Acted(mo.id, event.result)  # type: ignore[union-attr]  # CombatResult
        item = self.acting
        if item is None or item.effect is None:
            # A WOUND row's loss is paid by a flow step (after Passives and Responses):
            # the row that set it is its cause, and of the death when it cannot be paid,
            # and of the loss cleared when a Response brought it to 0 (Warding Sign).
            if kind is ev.Lost or kind is ev.GameOver or kind is ev.PendingLossSet:
                return self.pending
            return None
        if kind is ev.MonsterChanged and not item.result and _heals_nothing(self, event):
            return None  # a rule's heal at full health does not act (#28 round 34: Relentless)
        cause = _effect_cause(self, item)
        if kind is ev.PendingLossSet and item.result:  # a row's; not a Response lowering it
            self.pending = cause
        return cause


def _heals_nothing(r: Resolver, event: ev.Event) -> bool:
    """Return whether `event`, about to be emitted, is a heal that leaves the monster's
    health as it is (at full health already)."""
    mo = r.state.monster
    return (
        isinstance(event, ev.MonsterChanged)
        and event.why == "heal"
        and mo is not None
        and event.health == mo.health
    )


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
        if src == item.source and item.effect in ability.effects:
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
        # Every Passive of the kind in play had its say: the first is the cause, all are named.
        r.also.extend(Acted(src, a.name, "power", a.text) for src, a in found[1:])
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


def forecast(
    ruleset: Ruleset,
    state: GameState,
    action: act.Action,
    name_passed: bool = False,
    windows: int = MAX_PASSES,
) -> Forecast:
    """Return what taking the legal `action` in `state` does for certain (`state` unchanged).

    A Response window it opens on the way is passed (the player uses no Response
    there: `Forecast.passes` counts them), so an attack's wounds are forecast
    even when a Response to choosing it could be used. What was passed is named
    (`Forecast.passed`) when the forecast ends in a death (or when `name_passed`):
    only then is it worth a second look, and the look costs a key press its time.
    `windows`: how many windows to pass at most (0: stop at the first one, a DECISION).
    At the first window of `ANSWERED` passed, the line of each Response usable there
    is forecast too (`Forecast.if_used`).
    """
    f, offered = _line(ruleset, state, action, name_passed, windows, None, 0)
    if not offered:
        return f
    at, uses = offered
    lines = tuple(_line(ruleset, state, action, name_passed, windows, u, at)[0] for u in uses)
    return replace(f, if_used=lines)


def _line(
    ruleset: Ruleset,
    state: GameState,
    action: act.Action,
    name_passed: bool,
    windows: int,
    use: act.Action | None,
    use_at: int,
) -> tuple[Forecast, tuple[int, list[act.Action]] | None]:
    """Return the forecast of `action` answering its windows with Pass, but `use` at the
    window after `use_at` passed (None: Pass there too); and, passing every window, the
    number passed before the first of `ANSWERED` and the Responses usable there."""
    copy = copy_state(state)
    mo = state.monster
    tally = _Tally(action, *((mo.health, mo.armor) if mo is not None else (0, 0)))
    stops, taking = DECISION, action
    asked = 0  # the attack's power, from before a window passed (#28 round 18: Stone Scales)
    offered: tuple[int, list[act.Action]] | None = None
    while True:
        run = _Foreseer(ruleset, copy, asked)
        try:
            take(run, taking)
        except Unseen as chance:
            stops, tally.unseen = CHANCE, str(chance)
            acting = [run.acting] if run.acting is not None else []
            tally.pending = (*run.then, *acting)
        except HandlerError:
            stops = FAILED
        tally.add(run)
        if stops != DECISION or copy.decision != "response" or tally.passes >= windows:
            break
        asked = run.asked
        if use is not None and tally.passes == use_at and tally.used is None:
            taking = tally.used = use  # this window answered with the Response
            continue
        if name_passed or (use is None and offered is None and copy.trigger in ANSWERED):
            here: list[act.Action] = [
                a for a in legality.legal(Resolver(ruleset, copy)) if not isinstance(a, act.Pass)
            ]
            if name_passed:
                tally.passed += here
            if use is None and offered is None and copy.trigger in ANSWERED and here:
                offered = (tally.passes, here)
        tally.passes, taking = tally.passes + 1, act.Pass()
    died = copy.outcome is not None and not copy.outcome.won
    if died and tally.passes and not name_passed:  # again, naming what was passed
        return _line(ruleset, state, action, True, windows, use, use_at)
    f = tally.forecast(OVER if copy.outcome is not None else stops, copy, ruleset)
    return (replace(f, used=tally.used, used_at=use_at) if tally.used is not None else f), offered


class _Tally:
    """The summary of a forecast, read off its events one at a time (SUMMARY)."""

    def __init__(self, action: act.Action, health: int, armor: int) -> None:
        self.action = action
        self.events: list[ev.Event] = []
        self.causes: list[Acted | None] = []
        self.rules: list[Acted] = []
        self.passes = 0
        self.passed: list[act.Action] = []
        self.unseen = ""
        self.paid: dict[str, int] = {}
        self.lost: dict[str, int] = {}
        self.gained: dict[str, int] = {}
        self.printed: int | None = None
        self.power: int | None = None
        self.wounds = self.armor_broken = self.healed = 0
        self.health, self.armor = health, armor  # the monster's, as each event leaves them
        self.defeated = False
        self.guarded = False
        self.weapon = ""
        self.conditions: list[str] = []
        self.ambushed = False
        self.pending: tuple[Queued, ...] = ()
        self.used: act.Action | None = None

    def add(self, run: _Foreseer) -> None:
        """Read the events one Resolver emitted."""
        rules = self.rules
        for event, cause in zip(run.emitted, run.causes, strict=True):
            if cause is not None and cause not in rules:
                rules.append(cause)
            read = SUMMARY.get(type(event))
            if read is not None:
                read(self, event)
        rules.extend(a for a in run.also if a not in rules)
        self.events += run.emitted
        self.causes += run.causes

    def forecast(self, stops: str, after: GameState, ruleset: Ruleset) -> Forecast:
        return Forecast(
            action=self.action,
            events=tuple(self.events),
            causes=tuple(self.causes),
            stops=stops,
            passes=self.passes,
            passed=tuple(self.passed),
            unseen=self.unseen,
            paid=self.paid,
            lost=self.lost,
            gained=self.gained,
            printed_power=self.printed,
            power=self.power,
            wounds=self.wounds,
            armor_broken=self.armor_broken,
            healed=self.healed,
            defeated=self.defeated,
            guarded=self.guarded,
            weapon=self.weapon,
            conditions_gained=tuple(self.conditions),
            condition_cards=ruleset.conditions,
            rules=tuple(self.rules),
            ambushed=self.ambushed,
            after=after,
            pending=self.pending,
        )


def _add(into: dict[str, int], amounts: dict[str, int]) -> None:
    for key, n in amounts.items():
        if n:
            into[key] = into.get(key, 0) + n


def _attack_chosen(t: _Tally, e: ev.AttackChosen) -> None:
    t.printed = t.power = e.power


def _attack_power(t: _Tally, e: ev.AttackPowerSet) -> None:
    t.power = e.power


def _revealed(t: _Tally, e: ev.MonsterRevealed) -> None:
    t.health, t.armor = e.health, e.armor


def _monster_changed(t: _Tally, e: ev.MonsterChanged) -> None:
    if e.why == "wounded":
        t.wounds += t.health - e.health
    elif e.why == "armor broken":
        t.armor_broken += t.armor - e.armor
    elif e.why == "heal":
        t.healed += e.health - t.health
    elif e.why == "defend used":
        t.guarded = True
    t.health, t.armor = e.health, e.armor


def _defeated(t: _Tally, e: ev.MonsterDefeated) -> None:
    t.defeated = True


def _weapons(t: _Tally, e: ev.WeaponsSet) -> None:
    t.weapon = e.weapons[-1] if e.weapons else ""


def _condition(t: _Tally, e: ev.ConditionGained) -> None:
    t.conditions.append(e.condition)


def _step_entered(t: _Tally, e: ev.StepEntered) -> None:
    t.ambushed = t.ambushed or e.step == StepName.AMBUSH


#: How each event that counts in the summary is read (the others are only listed).
SUMMARY: dict[type, Callable[[_Tally, Any], None]] = {
    ev.Spent: lambda t, e: _add(t.paid, e.amounts),
    ev.Lost: lambda t, e: _add(t.lost, e.amounts),
    ev.Gained: lambda t, e: _add(t.gained, e.amounts),
    ev.AttackChosen: _attack_chosen,
    ev.AttackPowerSet: _attack_power,
    ev.MonsterRevealed: _revealed,
    ev.MonsterChanged: _monster_changed,
    ev.MonsterDefeated: _defeated,
    ev.WeaponsSet: _weapons,
    ev.ConditionGained: _condition,
    ev.StepEntered: _step_entered,
}
