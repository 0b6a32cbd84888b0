"""What a card kept at an Exploration would do once resolved, and the options the caps or
the payment leave of no use (R-TRAVEL-5, R-RES-2, R-RES-4): whether keeping a card is of
use only to rest on it (`rests_only`), and whether that rest gains anything, so is of use
(`rest_of_use`). The words say these reasons (`words.no_use_why`, `words.keeping`,
`words.paying`, `words.removal`); the rules that decide them are here, beside
`core.cannot_help`'s (#28 round 34, 34b-6: they were the words' own, and Crumbs of a
Hoard, its treasure at the cap, was not said "rest, gain 3 SE" as Sacred Pool was, and
took three presses). `KeptQueries` asks them for `Query`."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.forecast import DECISION, Forecast, forecast
from unbroken.core.payment import Waste, can_pay, gain, payment_wasted
from unbroken.core.picking import Made, better_attack, better_pick
from unbroken.core.resolver import Resolver
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import ConditionState, DecisionKind, GameState, copy_state
from unbroken.core.taking import rest_gain
from unbroken.core.to_come import acted_for_the_level, still_helps

#: Events by which an option does something besides gaining and paying: one whose gains
#: the caps take whole is no use only when it does none of these.
DOES = (
    ev.ConditionGained,
    ev.ConditionChanged,
    ev.ConditionRemoved,
    ev.WeaponsSet,
    ev.WeaponSetAside,
    ev.MonsterChanged,
    ev.MonsterDefeated,
    ev.RevealBonus,
    ev.SkipTurnSet,
    ev.ExtraTurnsSet,
    ev.RollSet,
    ev.AttackChosen,
    ev.SkillKept,
    # Food eaten pays the Hunger's requirement: the hunger takes less (R-HUNGER-3), even
    # at SE 20 where its SE gains are lost (#28 round 22: "Eat 4 food (no use now: SE is
    # at the cap 20)" avoided the hunger's 10 SE).
    ev.Ate,
)


def capped(f: Forecast, own: str) -> tuple[dict[str, int], dict[str, int]]:
    """Return what the option gains, and what the caps take of its gains (R-RES-2): its
    own, those of its card `own` (another rule's gains are said with that rule's)."""
    got: dict[str, int] = {}
    lost: dict[str, int] = {}
    for event, cause in zip(f.events, f.causes, strict=True):
        if isinstance(event, ev.Gained) and (cause is None or cause.card == own):
            for into, amounts in ((got, event.amounts), (lost, event.lost_to_cap)):
                for k, n in amounts.items():
                    into[k] = into.get(k, 0) + n
    return got, {k: n for k, n in lost.items() if n}


def capped_out(f: Forecast, own: str = "") -> dict[str, int]:
    """Return what the caps take of an option's gains where they take all it would gain
    and it does nothing else (R-RES-2: of no use now); {} otherwise."""
    got, lost = capped(f, own)
    if not lost or any(got.values()) or any(isinstance(e, DOES) for e in f.events):
        return {}
    return lost


def resolving(ruleset: Ruleset, action: act.ChooseEncounter, f: Forecast) -> Forecast | None:
    """Return the forecast of resolving the encounter `action` keeps, from where keeping
    it stops (`f`, its forecast), or None when it cannot be resolved then."""
    after = f.after
    if f.stops != DECISION or after.decision != DecisionKind.RESOLVE_OR_REST:
        return None
    if after.chosen != action.card or not can_pay(after, ruleset.encounters[action.card].spend):
        return None
    return forecast(ruleset, after, act.Resolve())


def weapons_held(r: Resolver, card: m.Encounter) -> list[str]:
    """Return the weapons held that make a card that only gives a weapon of no use: every
    one it offers (R-REWARD-2: one held is never offered); [] otherwise."""
    if card.gain or not all(isinstance(x, m.GainWeapon) for x in card.effects):
        return []
    found: list[str] = []
    for e in card.effects:
        if isinstance(e, m.GainWeapon):
            held = [w for w in e.choices if r.holds(w)]
            if not held and len(r.state.weapons) < 2:
                continue
            if all(w in held for w in e.choices):
                found = held
    return found


#: Why a card that only removes conditions is of no use: the conditions in play that
#: have done all they will this level, and those that help you (both empty: none held).
Idle = tuple[list[ConditionState], list[ConditionState]]


def removal_idle(ruleset: Ruleset, state: GameState, card: m.Encounter) -> Idle | None:
    """Return why an encounter that only removes conditions is of no use (`Idle`): none in
    play (its cost is paid), or only ones that have done all they will this level (an
    active Amnesia or Blessed, R-ABILITY-1, R-COND-1), some maybe helping you; None when
    it is of use, or removes nothing."""
    if not card.effects or not all(isinstance(e, m.RemoveCondition) for e in card.effects):
        return None
    held = state.conditions
    if not card.gain and not held:
        return [], []
    done = [c for c in held if acted_for_the_level(ruleset, c)]
    helps = [c for c in held if still_helps(ruleset, c)]
    if held and len(done) + len(helps) < len(held):
        return None  # one whose removal is of use
    return (done, helps) if done and not card.gain else None


def resolve_idle(ruleset: Ruleset, state: GameState, card: m.Encounter) -> bool:
    """Return whether resolving a kept `card` would do nothing by what it is (not by the
    caps: `rests_only` asks those): its weapons held, its conditions' removal of no use,
    or its cost paid with the effort it gains (`payment_wasted`)."""
    r = Resolver(ruleset, state)
    spend, gain = dict(card.spend), dict(card.gain)
    return bool(
        weapons_held(r, card)
        or removal_idle(ruleset, state, card) is not None
        or payment_wasted(ruleset, state, spend, gain) is not None
    )


def kept_idle(
    ruleset: Ruleset, state: GameState, action: act.Action, f: Forecast | None = None
) -> bool:
    """Return whether the card `action` keeps can be paid and resolving it would do
    nothing now, by what it is (`resolve_idle`) or because the caps take all it gives
    (Crumbs of a Hoard at the treasure cap, 34b-6). `f`: keeping it's forecast, if made."""
    if not isinstance(action, act.ChooseEncounter):
        return False
    card = ruleset.encounters[action.card]
    if not can_pay(state, card.spend):
        return False
    if resolve_idle(ruleset, state, card):
        return True
    then = resolving(ruleset, action, f or forecast(ruleset, state, action))
    return then is not None and bool(capped_out(then, card.id))


def rests_only(
    ruleset: Ruleset, state: GameState, action: act.Action, f: Forecast | None = None
) -> bool:
    """Return whether keeping a revealed card is of use only to rest on it (R-TRAVEL-5,
    R-TRAVEL-7): the player is not committed and resolving it would do nothing now
    (`kept_idle`)."""
    return not state.committed and kept_idle(ruleset, state, action, f)


def rest_gains(ruleset: Ruleset, state: GameState, card: str) -> bool:
    """Return whether resting instead of resolving the encounter `card` gains anything, the
    caps counted (R-TRAVEL-5, R-RES-2: nothing at SE 20/20), by the rules' own gain on a
    copy of the state."""
    r = Resolver(ruleset, copy_state(state))
    before = len(r.emitted)
    gain(r, rest_gain(ruleset.encounters[card]), card)
    return any(any(e.amounts.values()) for e in r.emitted[before:] if isinstance(e, ev.Gained))


def rest_of_use(
    ruleset: Ruleset, state: GameState, action: act.Action, f: Forecast | None = None
) -> bool:
    """Return whether keeping a revealed card is of use for its rest: only to rest on it
    (`rests_only`), and resting gains something (Sacred Pool with no condition in play,
    "rest, gain 4 SE"; not at SE 20/20, "rest, gain nothing"). Of use as an option that
    does something is: the highlight may start on it (36a-4)."""
    if not isinstance(action, act.ChooseEncounter):
        return False
    return rests_only(ruleset, state, action, f) and rest_gains(ruleset, state, action.card)


class KeptQueries:
    """`Query`'s answers on cards kept, options of no use and the option surely better
    than the others (a part of `Query`)."""

    _ruleset: Ruleset
    _state: GameState

    #: What an option gains and what the caps take of it (R-RES-2), by its forecast.
    capped = staticmethod(capped)
    #: What the caps take where they take all an option gains and it does nothing else.
    capped_out = staticmethod(capped_out)

    def resolving(self, action: act.ChooseEncounter, f: Forecast) -> Forecast | None:
        """Return the forecast of resolving the card `action` keeps, from where keeping it
        stops (`f`, its forecast); None when it cannot be resolved then."""
        return resolving(self._ruleset, action, f)

    def weapons_held(self, card: m.Encounter) -> list[str]:
        """Return the weapons held that make a card that only gives weapons of no use
        (every one it offers, R-REWARD-2); [] otherwise."""
        return weapons_held(Resolver(self._ruleset, self._state), card)

    def removal_idle(self, card: m.Encounter) -> Idle | None:
        """Return why a card that only removes conditions is of no use: the conditions in
        play that have done all they will this level and those that help you (both empty:
        none in play); None where it is of use or removes nothing."""
        return removal_idle(self._ruleset, self._state, card)

    def payment_wasted(
        self, cost: dict[str, int], gained: dict[str, int], converts: bool = True
    ) -> Waste | None:
        """Return how paying `cost` to gain `gained` is of no use (what is paid, what the
        caps leave of each gain, what it takes of the effort gained or a dearer one), None
        where it is of use (R-RES-4). See `unbroken.core.payment.payment_wasted`."""
        return payment_wasted(self._ruleset, self._state, cost, gained, converts)

    def resolve_idle(self, card: m.Encounter) -> bool:
        """Return whether resolving the kept `card` would do nothing by what it is (its
        weapons held, its removal or its payment of no use; not the caps: `kept_idle`)."""
        return resolve_idle(self._ruleset, self._state, card)

    def kept_idle(self, action: act.Action, made: Forecast | None = None) -> bool:
        """Return whether keeping the card `action` chooses and resolving it would do
        nothing now (R-TRAVEL-5; committed or not). `made`: keeping it's forecast."""
        return kept_idle(self._ruleset, self._state, action, made)

    def rests_only(self, action: act.Action, made: Forecast | None = None) -> bool:
        """Return whether keeping the card `action` chooses is of use only to rest on it
        (R-TRAVEL-5, R-TRAVEL-7): Sacred Pool with no condition in play, Crumbs of a
        Hoard at the treasure cap. See `unbroken.core.kept_query.rests_only`."""
        return rests_only(self._ruleset, self._state, action, made)

    def rest_of_use(self, action: act.Action, made: Forecast | None = None) -> bool:
        """Return whether keeping the card `action` chooses is of use for its rest: of use
        only to rest on it, and the rest gains something (36a-4). See
        `unbroken.core.kept_query.rest_of_use`."""
        return rest_of_use(self._ruleset, self._state, action, made)

    def better_pick(self, options: list[tuple[act.Action, str]]) -> int | None:
        """Return the index in `options` (a decision's, as `Game.options()` gives them) of
        the die result proved better than every other at "Keep which result?", None where
        none is or it is another question. See `unbroken.core.picking.better_pick`."""
        return better_pick(self._ruleset, self._state, options)

    def better_attack(self, options: list[tuple[act.Action, str]], made: Made = None) -> int | None:
        """Return the index of an attack proved better than the first that can be taken,
        where the highlight starts (`made`: forecasts made); see `picking.better_attack`."""
        return better_attack(self._ruleset, self._state, options, made)
