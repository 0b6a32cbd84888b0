"""Questions a view or a bot asks about a game, answered by the rules (read-only).

What an option costs, how it would be paid (effort substitution), what a die
roll comes to after its modifiers, what eating leaves: the words, the
full-screen game and the bots ask a `Query` instead of building the engine's
internals. `Game.query()` returns one for the game as it is now; a view that
holds only a state and the ruleset builds one with `Query(ruleset, state)`.
Nothing here changes the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from unbroken.core import actions as act
from unbroken.core import attacking, legality, payment, pointless
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.cannot_help import ARMOR_IGNORED as ARMOR_IGNORED  # the reasons, for words
from unbroken.core.cannot_help import IDLE as IDLE
from unbroken.core.cannot_help import MISSED as MISSED
from unbroken.core.cannot_help import ROLL_EFFECTS as ROLL_EFFECTS
from unbroken.core.cannot_help import SAME_ROW as SAME_ROW
from unbroken.core.cannot_help import WORSE as WORSE
from unbroken.core.cannot_help import break_cannot_help, cannot_help, idle_row, keywords_lacked
from unbroken.core.combat import (
    best_power,
    clamp_die,
    danger_space,
    effective_roll,
    locks_turns,
    must_reroll,
    passive_loss,
    passive_loss_steps,
    turn_lock,
)
from unbroken.core.forecast import CHANCE, DECISION, Forecast, forecast
from unbroken.core.kept_query import KeptQueries
from unbroken.core.payment import CANNOT_PAY
from unbroken.core.resolver import Resolver
from unbroken.core.responses import NO_USES, payable_instead, reasons_not_usable, usable
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState, Phase, StepName, copy_state
from unbroken.core.taking import ends_turn, hunger_cost, rest_gain
from unbroken.core.to_come import (
    acted_for_the_level,
    can_still_fire,
    hunger_to_come,
    still_helps,
    turns_to_come,
)

__all__ = [
    "CANNOT_PAY",
    "NO_USES",
    "Forecast",
    "HungerPreview",
    "Query",
    "RowOutcome",
    "acted_for_the_level",
    "clamp_die",
    "danger_space",
    "effective_roll",
    "hunger_cost",
    "locks_turns",
    "still_helps",
    "weaker_weapon",
]


@dataclass(frozen=True)
class HungerPreview:
    """What eating some food at the Hunger step would do (R-HUNGER-2/3)."""

    need: int  # the food the step asks for
    eaten: int
    missing: int  # food not eaten of what was needed
    loss: int  # the SE lost for it
    starves: bool  # the loss cannot be paid, even with substitution: the game is lost
    gained: int = 0  # the SE the food eaten gains (R-HUNGER-2), what the cap leaves of it
    lost_to_cap: int = 0  # the SE of the food eaten that the cap takes (R-RES-2)


@dataclass(frozen=True)
class RowOutcome:
    """What a row of the monster's table does if its combat roll comes to it now, after
    the Passives and conditions in play (R-BATTLE-6, R-EFFECT-3): `Query.table_row`."""

    roll: int
    result: str
    #: The Passives that ignore its result, each (card id, ability name): it does nothing.
    ignored: tuple[tuple[str, str], ...] = ()
    #: Whether it gives a condition the player has already: the monster rolls again.
    rerolled: bool = False
    #: A WOUND row's SE loss as printed and after the Passives that change it (0: none),
    #: and those Passives, each (card id, ability name), when they change it.
    printed_loss: int = 0
    loss: int = 0
    changed_by: tuple[tuple[str, str], ...] = ()
    #: Whether its effects all do nothing here (a HEAL at full health, #28 round 35).
    idle: bool = False


class Query(KeptQueries):
    """Read-only answers about one game state under a ruleset (and `KeptQueries`')."""

    def __init__(self, ruleset: Ruleset, state: GameState) -> None:
        self._ruleset = ruleset
        self._state = state

    def _resolver(self) -> Resolver:
        return Resolver(self._ruleset, self._state)

    def cost(self, action: act.Action) -> dict[str, int]:
        """Return what taking `action` spends, as printed (before substitution); {} for none."""
        return legality.cost(self._resolver(), action)

    def ambushes(self, action: act.Action, depth: int = 2, known: Forecast | None = None) -> bool:
        """Return whether taking `action` in the Travel Phase runs the time track out for
        certain, so the monster ambushes (R-TRAVEL-1): an action in Preparation whose time
        takes the track to 0, or one whose forecast ambushes, or one that leads to a
        decision (not Preparation) where every answer does, `depth` decisions on:
        keeping an encounter card whatever is done with it (Resolve and Rest both lose
        its time, R-TRAVEL-6), resolving one that first asks which condition it removes.
        `known`: the action's forecast, when the caller has it (not computed again)."""
        s = self._state
        if s.phase != Phase.TRAVEL or not s.time_track:
            return False
        if s.decision == DecisionKind.PREPARATION:
            if self.cost(action).get("time", 0) >= s.res.get("time", 0):
                return True
        f = known if known is not None else self.forecast(action)
        if f.ambushed or self._ambushed_after_the_draw(f):
            return True
        after = f.after
        if f.stops != DECISION or depth <= 0 or after.phase != Phase.TRAVEL:
            return False
        if after.decision in (DecisionKind.NONE, DecisionKind.PREPARATION) or not after.time_track:
            return False
        then = Query(self._ruleset, after)
        answers = legality.legal(then._resolver())
        return bool(answers) and all(then.ambushes(a, depth - 1) for a in answers)

    def _ambushed_after_the_draw(self, f: Forecast) -> bool:
        """Return whether a forecast stopped by a skills draw goes on, whatever is drawn
        and kept, to the end of the Exploration step, where losing the kept card's time
        takes the track to 0 (A Hard Lesson's Resolve: draw 2 skills, keep 1, then lose
        3 time, R-TRAVEL-6): nothing but the draw comes before that step."""
        after = f.after
        if f.stops != CHANCE or f.unseen != "skills" or not after.time_track:
            return False
        for queued in reversed(f.pending):  # the item being run first, then what waits
            name = queued.step.partition(":")[0]
            if name == "travel.exploration_end":
                card = self._ruleset.encounters.get(after.chosen)
                return card is not None and after.res.get("time", 0) <= card.time
            if queued.effect is not None or not name.startswith("skills."):
                return False
        return False

    def score_after(self, action: act.Action) -> int:
        """Return the points what is held would score (R-SCORE-1) where the forecast of
        `action` stops: what it is sure to pay and gain, counted as a won game counts it."""
        return Resolver(self._ruleset, self.forecast(action).after).score()[0]

    def roll_cannot_help(self, effects: list[m.Effect]) -> bool:
        """Return whether Response effects on the monster's roll (a re-roll, a shift) can
        only do as well or worse: the roll now comes to a row that does nothing (the
        monster missed) and every row they could lead to does nothing or only harms."""
        return pointless.roll_cannot_help(self._resolver(), effects)

    def cannot_help(self, effects: Sequence[m.Effect], roll: int | None = None) -> str:
        """Return why a Response's effects cannot help against the monster now ("" when
        they might): it only breaks armor and there is none or none of the player's wounds
        would be stopped by it (Weak Spot), or it only changes the
        monster's roll and every roll it leads to comes to a row doing the same (the
        lowest lowered is the same), or the row now does nothing (a MISS, a HEAL at full
        health) and every other row only harms, or every other row is no better for the
        player by its effects (a loss as large or larger of the same). `roll`: the
        monster's die before its bonus (the state's when None). See
        `unbroken.core.cannot_help`."""
        return cannot_help(self._ruleset, self._state, effects, roll)

    def keywords_lacked(self, effects: Sequence[m.Effect]) -> tuple[str, ...]:
        """Return the monster keywords (the ids after the pack's prefix: "armored") that
        `effects` all acting only against a monster with one of them need and the monster
        in play lacks (Plate Splitter against a monster not Armored), () otherwise. See
        `unbroken.core.cannot_help.keywords_lacked`."""
        return keywords_lacked(self._ruleset, self._state, effects)

    def attack_cannot_help(self, action: act.Attack) -> str:
        """Return ARMOR_IGNORED when the current weapon's armor-breaking attack `action`
        can only do as well as skipping the turn or worse (Weak Spot: no wound is stopped
        by armor, `unbroken.core.cannot_help.break_cannot_help`), "" otherwise."""
        attacks = self._ruleset.weapons[self._state.weapons[-1]].attacks
        attack = next((a for a in attacks if a.id == action.attack), None)
        return break_cannot_help(self._resolver(), attack) if attack is not None else ""

    def does_nothing(self, use: act.Use) -> bool:
        """Return whether a Response would do nothing certain here (R-DIGI-4: Plate
        Splitter against a monster that is not Armored, Snare against no armor)."""
        return pointless.does_nothing(self._ruleset, self._state, use)

    def ends_turn(self, action: act.Action) -> bool:
        """Return whether taking the legal `action` ends the player's battle turn
        (R-BATTLE-2; a Response does not)."""
        return ends_turn(self._ruleset, self._state, action)

    def why_not_respond(self, source: str, ability: m.Ability) -> list[str]:
        """Return every reason the class's or card's optional `ability` could not be used
        now ([] when it could): NO_USES, its limit used ("used this battle"), CANNOT_PAY
        or the time it needs (`unbroken.core.responses.reasons_not_usable`)."""
        kind = "class" if source in self._ruleset.classes else "card"
        return reasons_not_usable(self._resolver(), source, ability, kind)

    def turn_lock(self) -> tuple[str, int] | None:
        """Return the condition (and its tokens) that takes every turn of the player's for
        the rest of this fight (Paralyzed at 6 tokens: no roll beats it), or None."""
        return turn_lock(self._ruleset, self._state)

    def pay_instead(self, condition: str) -> list[tuple[str, str, dict[str, int]]]:
        """Return the Passives in play that let the player pay instead of rolling for
        `condition` and whose cost can be paid now (the Basilisk's Mirror Shard: 1 metal
        for Paralyzed; `responses.payable_instead`, by which the roll is then the player's
        choice), each as (card id, ability name, what it costs)."""
        r = self._resolver()
        payable = payable_instead(r, condition)
        return [
            (src, a.name, dict(x.amounts))
            for src, a, _ in r.in_play()
            if a.type == "passive"
            for x in a.modifiers
            if isinstance(x, m.RollInstead) and x in payable
        ]

    def payment(self, amounts: dict[str, int]) -> dict[str, int] | None:
        """Return what paying `amounts` would take from the display, with effort
        substitution (R-RES-3/4), or None when it cannot be paid."""
        return payment.payment(self._state, amounts)

    def holds(self, weapon: str) -> bool:
        """Return whether the player has the weapon: in the stack or set aside (R-WEAPON-1/4;
        R-REWARD-2: one held is never offered)."""
        return self._resolver().holds(weapon)

    def weaker_than_in_hand(self, weapon: str) -> str:
        """Return the weapon in hand when `weapon` is below it in the game's order of
        weapons (`weaker_weapon`): taken, it would be fought with instead (R-WEAPON-1);
        "" otherwise."""
        top = self._state.weapons[-1] if self._state.weapons else ""
        return top if top and weaker_weapon(self._ruleset, weapon, top) else ""

    def can_pay(self, amounts: dict[str, int]) -> bool:
        """Return whether `amounts` can be paid now (with effort substitution)."""
        return payment.can_pay(self._state, amounts)

    def attack_cost(self, attack: m.Attack) -> dict[str, int]:
        """Return what a weapon attack costs now: its printed cost plus what cards in play
        add (Bleeding, R-BATTLE-3)."""
        return attacking.attack_cost(self._resolver(), attack)

    def attack_power(self, attack: m.Attack) -> int:
        """Return what a weapon attack's power comes to once every Passive in play has
        acted (R-EFFECT-3): a wounding attack's after the wound-power Passives (Thick
        Hide, Feeble), an armor-breaking attack's as printed."""
        if attack.type != "wound":
            return attack.power
        return best_power(self._resolver(), attack.power)

    def power_passives(self) -> list[tuple[str, str]]:
        """Return the Passives in play that change a wounding attack's power, each as
        (card id, ability name)."""
        return [
            (src, a.name)
            for src, a, _ in self._resolver().in_play()
            if a.type == "passive" and any(isinstance(x, m.WoundPower) for x in a.modifiers)
        ]

    def armor_passives(self) -> list[tuple[str, str]]:
        """Return the Passives in play by which wounding weapon attacks ignore armor (Weak
        Spot), each as (card id, ability name)."""
        return [
            (src, a.name)
            for src, a, _ in self._resolver().in_play()
            if a.type == "passive" and any(isinstance(x, m.IgnoreArmor) for x in a.modifiers)
        ]

    def own_responses(self, trigger: str) -> list[tuple[str, m.Ability]]:
        """Return the player's Responses in play to `trigger` (not the monster's) that could
        be used in this state (an ability use left for a class's, its limit not reached,
        its cost payable), each as (card id, ability): what may act there besides the
        rules a forecast shows."""
        r = self._resolver()
        return [
            (src, a)
            for src, a, kind in self._ruleset.abilities(r.cards_in_play(), "response", trigger)
            if kind != "monster" and usable(r, src, a, kind)
        ]

    def cost_passives(self) -> list[tuple[str, str, dict[str, int]]]:
        """Return the Passives in play that add to a weapon attack's cost (Hex of Heaviness,
        R-BATTLE-3), each as (card id, ability name, what it adds)."""
        return [
            (src, a.name, dict(x.amounts))
            for src, a, _ in self._resolver().in_play()
            if a.type == "passive"
            for x in a.modifiers
            if isinstance(x, m.WeaponAttackCost)
        ]

    def loss_passives(self) -> list[tuple[str, str]]:
        """Return the Passives in play that change a WOUND result's loss, each as
        (card id, ability name)."""
        return [
            (src, a.name)
            for src, a, _ in self._resolver().in_play()
            if a.type == "passive" and any(isinstance(x, m.WoundLoss) for x in a.modifiers)
        ]

    def loss_after_passives(self, amount: int) -> int:
        """Return a WOUND result's SE loss of `amount` after the Passives in play that
        change it (R-EFFECT-3: after the Responses; Armored's Plates: 1 less)."""
        return passive_loss(self._resolver(), amount)

    def loss_steps(self, amount: int) -> list[tuple[str, str, m.WoundLoss, int]]:
        """Return each change the Passives in play make to a WOUND result's SE loss of
        `amount`, in order, as (card id, ability name, its modifier, the loss after it):
        how `loss_after_passives` comes to its figure (Armored: 1 less, minimum 1)."""
        return passive_loss_steps(self._resolver(), amount)

    def table_row(self, roll: int) -> RowOutcome:
        """Return what the monster's table row `roll` (1..6) does if its combat roll comes
        to it now: ignored by a Passive, rolled again for a condition held (R-BATTLE-6), or
        its WOUND loss after the Passives in play (R-EFFECT-3), before any Response."""
        mo = self._state.monster
        if mo is None:
            raise ValueError("no monster: its table has no rows to ask about")
        row = self._ruleset.monsters[mo.id].table[roll - 1]
        r = self._resolver()
        ignored = tuple(
            (src, a.name)
            for src, a, _ in r.in_play()
            if a.type == "passive"
            and any(isinstance(x, m.IgnoreResult) and x.result == row.result for x in a.modifiers)
        )
        if ignored:
            return RowOutcome(roll, row.result, ignored=ignored)
        if must_reroll(r, row):
            return RowOutcome(roll, row.result, rerolled=True)
        # Each plain Lose of a WOUND row's SE is paid on its own, after the Passives
        # (effects._lose, combat.wound_loss); one with an alternative may not be paid.
        printed = [
            e.amounts["se"]
            for e in row.effects
            if isinstance(e, m.Lose) and not e.alt and e.amounts.get("se")
        ]
        if row.result != "WOUND" or not printed:
            return RowOutcome(roll, row.result, idle=idle_row(r, roll))
        loss = sum(passive_loss(r, n) for n in printed)
        changed = () if loss == sum(printed) else tuple(self.loss_passives())
        return RowOutcome(
            roll, row.result, printed_loss=sum(printed), loss=loss, changed_by=changed
        )

    def can_still_fire(self, trigger: str) -> bool:
        """Return whether a Response window at `trigger` can still open this level, the
        window open now counted (R-LEVEL-1; see `unbroken.core.to_come`)."""
        return can_still_fire(self._ruleset, self._state, trigger)

    def turns_to_come(self) -> bool:
        """Return whether the player may still take an action this level (not once the
        battle is over; see `unbroken.core.to_come`)."""
        return turns_to_come(self._state)

    def roll_result(self, value: int, bonus: int | None = None) -> int:
        """Return what a monster roll of `value` comes to: plus the bonus on the monster's
        roll (the one in play when None), clamped to 1..6 once (R-EFFECT-3/4)."""
        return clamp_die(value + (self._state.roll_bonus if bonus is None else bonus))

    def skill_from(self) -> str:
        """Return whose skill the pending "Keep one skill" is: "" for the level's draw
        (R-REWARD-1, levels 1-3), the monster's id for one its rewards give (they come
        first: the level's draw is still queued, or there is none after level 3), and
        the kept encounter's id in the Exploration step ("" elsewhere: not known)."""
        s = self._state
        if s.step != StepName.REWARDS or s.monster is None:
            return s.chosen if s.step == StepName.EXPLORATION else ""
        level_to_come = any(q.effect is None and q.step.startswith("skills.") for q in s.then)
        return s.monster.id if level_to_come or s.level > m.SKILL_LEVELS else ""

    def food_requirement(self) -> int:
        """Return the food the Hunger step asks for now (R-HUNGER-1, with modifiers)."""
        return legality.food_requirement(self._resolver())

    def hunger(self, food: int) -> HungerPreview:
        """Return what eating `food` now would do: the SE it gains and what the cap takes
        of it (R-HUNGER-2, R-RES-2), the SE lost for what is missing, and whether that loss
        can be paid once the food eaten is gained as SE (R-HUNGER-3)."""
        need = self.food_requirement()
        missing = max(0, need - food)
        loss = hunger_cost(missing)
        if not food and not loss:
            return HungerPreview(need, food, missing, loss, False)
        # On a copy: gain the food as SE, then ask the payment rules about the loss.
        fed = copy_state(self._state)
        gained = _gained(Resolver(self._ruleset, fed), {"se": food}, "hunger")
        starves = bool(loss) and not payment.can_pay(fed, {"se": loss})
        got, lost = gained.amounts.get("se", 0), gained.lost_to_cap.get("se", 0)
        return HungerPreview(need, food, missing, loss, starves, got, lost)

    def gained(self, amounts: dict[str, int], source: str = "") -> ev.Gained:
        """Return what gaining `amounts` now would record: what is gained and what the caps
        take (R-RES-2), by the rules' own gain on a copy of the state."""
        return _gained(Resolver(self._ruleset, copy_state(self._state)), amounts, source)

    def rest(self, card: str) -> ev.Gained:
        """Return what resting instead of resolving the encounter `card` would gain, the
        caps counted (R-TRAVEL-5, R-RES-2): the `Gained` event its Rest records."""
        return self.gained(rest_gain(self._ruleset.encounters[card]), card)

    def rest_gains(self, action: act.Action) -> bool:
        """Return whether resting on the card `action` keeps gains anything, the caps
        counted (`rest`: "rest, gain nothing" at SE 20/20)."""
        card = getattr(action, "card", "")
        return bool(card) and any(self.rest(card).amounts.values())

    def hunger_to_come(self) -> bool:
        """Return whether this level's Hunger step has still to eat: not once its choice is
        made and its loss paid (the window after it), so nothing warns of it then."""
        return hunger_to_come(self._state)

    def hunger_ahead(self) -> HungerPreview:
        """Return what the Hunger step at the end of this level does at best: all the food
        held eaten, with the food the monster's rewards still to come would give (the most
        any monster of the level gives while it is unknown; none once it is tricked or
        its rewards are taken). Its `starves` is certain starvation, unless food or SE
        is gained another way (R-HUNGER-1..3)."""
        s = self._state
        held = s.res.get("food", 0)
        need = self.food_requirement()
        return self.hunger(min(need, held + self._reward_food()))

    def _reward_food(self) -> int:
        s = self._state
        if s.phase == Phase.COMBAT and s.step in (StepName.REWARDS, StepName.HUNGER):
            return 0  # its rewards taken, or the monster tricked
        if s.monster is not None:
            sheets = [self._ruleset.monsters[s.monster.id]]
        else:
            sheets = list(self._ruleset.monsters_of_level(s.level).values())
        return max(
            (
                sum(e.amounts.get("food", 0) for e in sheet.rewards if isinstance(e, m.Gain))
                for sheet in sheets
            ),
            default=0,
        )

    def forecast(self, action: act.Action, name_passed: bool = False) -> Forecast:
        """Return what taking the legal `action` does for certain: costs as paid, attack
        power and wounds after every Passive and cap, armor broken, the rules that act
        (see `unbroken.core.forecast`; a rule's heal that leaves the monster's health as
        it is, Relentless at full health, does not act). Nothing the player cannot know
        yet is used.
        `name_passed`: name the Responses offered at the windows passed on the way."""
        return forecast(self._ruleset, self._state, action, name_passed=name_passed)


def _gained(r: Resolver, amounts: dict[str, int], source: str) -> ev.Gained:
    """Return the `Gained` event gaining `amounts` emits on `r`'s state (an empty one when
    nothing is gained or capped)."""
    before = len(r.emitted)
    payment.gain(r, amounts, source)
    found = [e for e in r.emitted[before:] if isinstance(e, ev.Gained)]
    return found[0] if found else ev.Gained({}, {}, source)


def weaker_weapon(ruleset: Ruleset, weapon: str, than: str) -> bool:
    """Return whether `weapon` is below `than` in the game's own order of weapons: `than`
    is crafted from it, by one upgrade or more (Sling, then Longbow: R-WEAPON-2/3), or it
    is Basic and `than` Advanced (R-WEAPON-1). Weapons apart in neither way (Club and
    Knife, Axe and Maul) are not ordered."""
    weapons = ruleset.weapons
    if weapon not in weapons or than not in weapons or weapon == than:
        return False
    if weapons[weapon].type == "basic" and weapons[than].type == "advanced":
        return True
    seen: set[str] = set()
    todo = [weapon]
    while todo:  # the upgrades never go in a circle (content checks), `seen` all the same
        for up in weapons[todo.pop()].upgrades:
            if up.to == than:
                return True
            if up.to in weapons and up.to not in seen:
                seen.add(up.to)
                todo.append(up.to)
    return False
