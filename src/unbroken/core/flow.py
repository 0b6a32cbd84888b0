"""The rules in motion: run the game from one decision to the next.

`Run` takes the state as it is, applies one action and then keeps going —
revealing, rolling, resolving effects — until the player must decide again or
the game is over. It changes the state only by emitting events (the reducer
applies each at once). What remains to be done after a decision lives in the
state's `then` stack, so a game can be resumed from its state alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core import rng
from unbroken.core.reducer import REDUCERS
from unbroken.core.ruleset import CardsInPlay, Hand, InPlay, Ruleset
from unbroken.core.state import GameState, Queued

# Decisions the engine can wait for, with the question put to the player.
#: Why an action or ability cannot be taken now (see Run.options).
CANNOT_PAY = "cannot pay"
NO_USES = "no ability uses left this level"

DECISIONS: dict[str, str] = {
    "choose_skill": "Keep one skill",
    "preparation": "Preparation: take an action, explore, or fight",
    "choose_encounter": "Exploration: keep one encounter card",
    "resolve_or_rest": "Exploration: resolve the encounter or rest",
    "trickery": "Trickery: trick the monster or fight",
    "player_turn": "Your turn: attack, take an action, or skip",
    "extra_attack": "Make another attack?",
    "response": "Use a Response?",
    "pick_roll": "Keep which result?",
    "roll_instead": "Roll for the condition, or pay instead?",
    "choose_weapon": "Take a weapon, or none",
    "choose_condition": "Remove one condition",
    "hunger": "Hunger: how much food do you eat?",
}

STEPS: dict[str, Callable[[Run, str], None]] = {}
#: Memos of the flow plumbing, keyed by a step as queued ("skills.draw:2"): the
#: Queued item for it, and its function with its argument. Emptied at MEMO_LIMIT.
_QUEUED: dict[str, Queued] = {}
_CALLS: dict[str, tuple[Callable[[Run, str], None], str]] = {}
MEMO_LIMIT = 4096


def step(name: str) -> Callable[[Callable[[Run, str], None]], Callable[[Run, str], None]]:
    """Register a flow continuation under `name` (its argument follows a colon)."""

    def register(fn: Callable[[Run, str], None]) -> Callable[[Run, str], None]:
        STEPS[name] = fn
        _CALLS.clear()
        return fn

    return register


def _queued(item: str) -> Queued:
    """Return the (immutable, shared) Queued item for a named step."""
    if len(_QUEUED) >= MEMO_LIMIT:
        _QUEUED.clear()
    found = _QUEUED[item] = Queued(step=item)
    return found


def _call(item: str) -> tuple[Callable[[Run, str], None], str]:
    """Return the function of a queued step, and its argument."""
    name, _, arg = item.partition(":")
    if len(_CALLS) >= MEMO_LIMIT:
        _CALLS.clear()
    found = _CALLS[item] = (STEPS[name], arg)
    return found


class Death(Exception):
    """The player could not pay effort they had to pay (R-RES-5)."""

    def __init__(self, cause: str, source: str = "") -> None:
        super().__init__(cause)
        self.cause = cause
        self.source = source


class HandlerError(Exception):
    """An effect handler (a plugin's Python code) raised: the decision cannot be made.

    Game.apply leaves the game as it was before the decision. The message names
    the handler, the card it is printed on, the error and where it was raised.
    """

    @classmethod
    def of(cls, name: str, source: str, exc: BaseException) -> HandlerError:
        tb, where = exc.__traceback__, ""
        while tb is not None:  # the innermost frame: where it was raised
            filename = tb.tb_frame.f_code.co_filename.replace("\\", "/").rsplit("/", 1)[-1]
            where = f" ({filename}:{tb.tb_lineno})"
            tb = tb.tb_next
        text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        plugin = f"plugin {name.split(':', 1)[0]!r}: " if ":" in name else ""
        return cls(f"{plugin}effect handler {name!r} on {source!r} raised {text}{where}")


def clamp_die(value: int) -> int:
    """Return a die result clamped to 1..6 (R-EFFECT-4)."""
    return 1 if value < 1 else 6 if value > 6 else value


def effective_roll(state: GameState) -> int:
    """Return the monster's roll as it applies: die, Responses, then bonuses, clamped.

    Responses (Dodge, I've Seen Worse) change `state.roll`; Passive bonuses
    (`roll_bonus`) apply after them (R-EFFECT-3); the result is clamped to
    1..6 once, after every modification (R-EFFECT-4).
    """
    return clamp_die(state.roll + state.roll_bonus)


def hunger_cost(missing: int) -> int:
    """Return the SE lost for `missing` uneaten food: 1 + 2 + ... + missing (R-HUNGER-3)."""
    return missing * (missing + 1) // 2


#: The events that change the cards in play (see Run.cards_in_play).
_HAND_EVENTS = frozenset(
    {
        ev.GameStarted,
        ev.SkillKept,
        ev.ConditionGained,
        ev.ConditionRemoved,
        ev.ConditionsAdvanced,
        ev.MonsterRevealed,
        ev.MonsterRemoved,
        ev.StepEntered,
        ev.GameOver,
    }
)
#: What effort substitution pays for (R-RES-3/4, R-RES-8).
_EFFORT_OR_TIME = frozenset({*m.EFFORT, "time"})
#: The General actions: legal in Preparation (R-TRAVEL-1) and on the player's turn alike.
_GENERAL = (act.Focus, act.Inspiration, act.Plan, act.Craft, act.Downgrade)


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


class Run:
    """One application of the rules: emits events until the next decision."""

    def __init__(
        self,
        ruleset: Ruleset,
        state: GameState,
        dice: Callable[[str, str], int] | None = None,
    ) -> None:
        self.rules = ruleset
        self.s = state
        self.dice = dice
        self.out: list[ev.Event] = []
        self.then: list[Queued] = list(state.then)
        self.waiting = ""
        self.trigger = ""
        self._hand: Hand | None = None
        self._allowed_attack: tuple[m.Attack, dict[str, int]] | None = None

    # ------------------------------------------------------------------ plumbing

    def emit(self, event: ev.Event) -> None:
        """Apply an event to the state and record it."""
        kind = type(event)
        REDUCERS[kind](self.s, event)
        self.out.append(event)
        if kind in _HAND_EVENTS:
            self._hand = None

    def push(self, *items: Queued | str) -> None:
        """Schedule items to run next, the first given running first."""
        then = self.then
        for item in reversed(items):
            if isinstance(item, str):
                item = _QUEUED.get(item) or _queued(item)
            then.append(item)

    def push_effects(self, effects: Iterable[m.Effect], source: str, result: str = "") -> None:
        """Schedule card effects to run next, in printed order."""
        queued = [Queued(effect=e, source=source, result=result) for e in effects]
        self.then.extend(reversed(queued))

    def wait(self, decision: str, trigger: str = "") -> None:
        """Stop here: the player must make `decision`."""
        self.waiting = decision
        self.trigger = trigger

    def drive(self) -> None:
        """Run scheduled items until a decision is needed or the game ends."""
        s = self.s
        try:
            while not self.waiting and s.outcome is None:
                then = self.then  # a step may replace the stack (a monster defeated)
                if not then:
                    raise AssertionError("the flow ran out of steps")
                item = then.pop()
                if item.effect is None:
                    fn, arg = _CALLS.get(item.step) or _call(item.step)
                    fn(self, arg)
                else:
                    self.do(item)
        except Death as death:
            self.then = []
            self.game_over(False, death.cause, death.source)
        if self.s.outcome is None:
            self.emit(ev.Awaiting(self.waiting, list(self.then), self.trigger))

    def enter(self, phase: str, stepname: str) -> None:
        if self.s.phase != phase or self.s.step != stepname:
            self.emit(ev.StepEntered(phase, stepname))

    def game_over(self, won: bool, cause: str = "", source: str = "") -> None:
        score, rank = self.score() if won else (0, "")
        self.emit(ev.GameOver(won, self.s.level, self.s.step, cause, score, rank, source))

    def score(self) -> tuple[int, str]:
        """Return the points and rank of what is left (R-SCORE-1/2)."""
        settings = self.rules.settings
        points = sum(n * self.s.res.get(k, 0) for k, n in settings.score.items())
        rank = ""
        for low, name in settings.ranks:
            if points >= low:
                rank = name
        return points, rank

    def roll(self, stream: str, purpose: str, sides: int = 6) -> int:
        """Roll the die on a named stream (or take the next scripted result)."""
        if self.dice is not None:
            value = self.dice(stream, purpose)
        else:
            value = rng.die(self.s.seed, stream, self.s.counters.get(stream, 0), sides)
        self.emit(ev.DieRolled(stream, purpose, value))
        return value

    # ------------------------------------------------------------------ what is in play

    def cards_in_play(self) -> CardsInPlay:
        """Return the cards whose abilities are in play now."""
        s = self.s
        return (
            s.cls,
            tuple(s.skills),
            tuple([c.id for c in s.conditions if c.active]) if s.conditions else (),
            s.monster.id if s.monster is not None and s.phase == "combat" else "",
        )

    def hand(self) -> Hand:
        """Return the abilities in play now (kept until an event changes the cards in play)."""
        hand = self._hand
        if hand is None:
            hand = self._hand = self.rules.hand(self.cards_in_play())
        return hand

    def in_play(self) -> tuple[InPlay, ...]:
        """Return (source card, ability, kind of card) for every ability in play."""
        return (self._hand or self.hand()).in_play

    def modifiers(self, kind: type) -> tuple[Any, ...]:
        """Return every Passive modifier of this kind in play."""
        return (self._hand or self.hand()).passives(kind)

    def ignores(self, result: str) -> bool:
        return any(mod.result == result for mod in self.modifiers(m.IgnoreResult))

    def condition(self, cid: str, active: bool = True) -> Any:
        for c in self.s.conditions:
            if c.id == cid and c.active == active:
                return c
        return None

    # ------------------------------------------------------------------ paying

    def can_pay(self, amounts: dict[str, int]) -> bool:
        """Return whether a cost can be paid, with effort substitution (R-RES-3/4)."""
        res = self.s.res
        need_se = need_me = need_le = 0
        for k, n in amounts.items():
            if k == "se":
                need_se += n
            elif k == "me":
                need_me += n
            elif k == "le":
                need_le += n
            elif k == "time":
                if not self.s.time_track:
                    need_se += n
            elif res.get(k, 0) < n:
                return False
        se, me, le = res.get("se", 0), res.get("me", 0), res.get("le", 0)
        le -= need_le
        if le < 0:
            return False
        me -= need_me
        if me < 0:
            le += me
            me = 0
            if le < 0:
                return False
        se -= need_se
        if se < 0:
            short = -se
            take = min(me, short)
            short -= take
            return short <= le
        return True

    def payment(self, amounts: dict[str, int]) -> dict[str, int] | None:
        """Return what paying these amounts takes from the display, or None if unpayable.

        Other resources are paid in the order given (time only down to 0, R-RES-8;
        without the time track, time is paid as SE); then SE, ME and LE, each
        from itself or a higher effort when it runs out (R-RES-3/4).
        """
        s = self.s
        res = s.res
        paid: dict[str, int] = {}
        se = amounts.get("se", 0)
        me = amounts.get("me", 0)
        le = amounts.get("le", 0)
        for k, n in amounts.items():
            if n == 0 or k == "se" or k == "me" or k == "le":
                continue
            if k == "time":
                if not s.time_track:
                    se += n
                    continue
                n = min(n, res.get("time", 0))  # R-RES-8: time never goes below 0
                if n:
                    paid["time"] = n
                continue
            if res.get(k, 0) < n:
                return None
            paid[k] = n
        have = [res.get("se", 0), res.get("me", 0), res.get("le", 0)]
        for i, n in enumerate((se, me, le)):
            if n == 0:
                continue  # nothing to take (effort on the display is never negative)
            for j in range(i, 3):  # from this effort, then the higher ones
                take = min(have[j], n)
                if take:
                    have[j] -= take
                    paid[m.EFFORT[j]] = paid.get(m.EFFORT[j], 0) + take
                    n -= take
            if n > 0:
                return None
        return paid

    def spend(self, amounts: dict[str, int], source: str) -> None:
        """Pay a voluntary cost (already checked affordable)."""
        if not amounts:
            return
        paid = self.payment(amounts)
        if paid is None:
            raise AssertionError(f"unaffordable cost {amounts} from {source}")
        if paid:
            self.emit(ev.Spent(paid, source))

    def lose(self, amounts: dict[str, int], source: str, cause: str = "") -> bool:
        """Lose resources (mandatory); return False when a non-effort part was missing.

        Effort that cannot be paid even with substitution kills (R-RES-5).
        """
        res = self.s.res
        effort: dict[str, int] = {}
        other: dict[str, int] = {}
        ok = True
        for k, n in amounts.items():
            if k in _EFFORT_OR_TIME:
                effort[k] = n
            else:
                other[k] = n
                if res.get(k, 0) < n:
                    ok = False
        paid = self.payment(effort)
        if paid is None:
            raise Death(cause or self.rules.card_name(source), source)
        # When what is paid differs from what was asked (substitution, R-RES-4; time
        # without the track, R-RES-8), the event says what was asked too.
        asked = {k: n for k, n in effort.items() if n}
        if asked == {k: n for k, n in paid.items() if k in _EFFORT_OR_TIME}:
            asked = {}
        if ok:  # R-RES-6: no partial loss of what is not held in full.
            for k, n in other.items():
                if n:
                    paid[k] = n
        if paid:
            self.emit(ev.Lost(paid, source, asked))
        return ok

    def gain(self, amounts: dict[str, int], source: str) -> None:
        """Gain resources; the caps take the excess (R-RES-2)."""
        caps = self.rules.settings.caps
        res = self.s.res
        got: dict[str, int] = {}
        capped: dict[str, int] = {}
        for k, n in amounts.items():
            if n <= 0:
                continue
            if k == "time" and not self.s.time_track:
                capped[k] = n
                continue
            room = max(caps.get(k, 99) - res.get(k, 0), 0)
            if n > room:
                capped[k] = n - room
            if min(n, room):
                got[k] = min(n, room)
        if got or capped:
            self.emit(ev.Gained(got, capped, source))

    # ------------------------------------------------------------------ effects

    def do(self, q: Queued) -> None:
        """Apply one card effect."""
        e = q.effect
        s = self.s
        src = q.source
        # The most frequent effects first.
        if isinstance(e, m.Lose):
            self.do_lose(e, q)
        elif isinstance(e, m.Gain):
            self.gain(e.amounts, src)
        elif isinstance(e, m.RollCheck):
            value = self.roll("dice", f"check:{src}")
            if e.against == "level":
                target = s.level
            elif e.against == "tokens":
                c = self.condition(src)
                target = c.tokens if c is not None else 0
            else:
                target = e.beat
            self.push_effects(e.success if value > target else e.failure, src, q.result)
        elif isinstance(e, m.GainCondition):
            self.gain_condition(e.condition, e.timing, e.tokens, e.rounds)
        elif isinstance(e, m.SkipTurn):
            self.emit(ev.SkipTurnSet(True))
        elif isinstance(e, m.RevealMore):
            self.emit(ev.RevealBonus(s.reveal_bonus + e.amount))
        elif isinstance(e, m.Handler):
            handler = self.rules.handlers[e.name]
            try:
                handler(HandlerContext(self, q), dict(e.params))
            except Death:
                raise
            except Exception as exc:  # a plugin's code: never the engine's crash
                raise HandlerError.of(e.name, src, exc) from exc
        elif isinstance(e, m.MonsterHeal):
            mo = s.monster
            if mo is not None:
                self.monster_changed("heal", health=min(mo.max_health, mo.health + e.amount))
        elif isinstance(e, m.AttackPower):
            self.emit(ev.AttackPowerSet(max(0, s.attack_power + e.amount), src))
        elif isinstance(e, m.AddTokens):
            c = self.condition(e.condition)
            if c is None:
                self.gain_condition(e.condition, "now", e.amount, 0)
            else:
                self.emit(ev.ConditionChanged(c.id, c.tokens + e.amount, c.rounds))
        elif isinstance(e, m.BreakArmor):
            mo = s.monster
            if mo is not None and mo.armor:
                self.monster_changed("armor broken", armor=max(0, mo.armor - e.amount))
        elif isinstance(e, m.Reroll):
            new = self.roll("dice", "reroll")
            if e.choose and new != s.roll:
                self.emit(ev.RollSet(s.roll, [s.roll, new], src))
                self.wait("pick_roll")
            else:
                self.emit(ev.RollSet(new, [], src))
        elif isinstance(e, m.Reduce):
            if all(s.res.get(k, 0) >= n for k, n in e.lose.items()):
                self.emit(ev.Lost(dict(e.lose), src))
                self.gain(e.gain, src)
            else:
                self.push_effects(e.alt, src, q.result)
        elif isinstance(e, m.Commit):
            self.emit(ev.CommitSet(True))
        elif isinstance(e, m.ReduceLoss):
            self.emit(ev.PendingLossSet(max(e.minimum, s.pending_loss - e.amount)))
        elif isinstance(e, m.GainLevel):
            self.gain({e.resource: e.times * s.level}, src)
        elif isinstance(e, m.ModifyRoll):
            self.emit(ev.RollSet(s.roll + e.amount, [], src))
        elif isinstance(e, m.Downgrade):
            self.downgrade(e.turns, src)
        elif isinstance(e, m.ExtraSkillChoice):
            for i in range(len(self.then) - 1, -1, -1):
                name, _, arg = self.then[i].step.partition(":")
                if name == "skills.draw":
                    self.then[i] = Queued(step=f"skills.draw:{int(arg) + e.amount}")
                    break
        elif isinstance(e, m.Wound):
            self.wound(e.amount, e.ignore_armor, src)
        elif isinstance(e, m.RemoveCondition):
            if e.condition:
                if any(c.id == e.condition for c in s.conditions):
                    self.emit(ev.ConditionRemoved(e.condition, "removed"))
            else:
                held = _unique(c.id for c in s.conditions)
                if held:
                    self.emit(ev.ChoicesOffered(held))
                    self.wait("choose_condition")
        elif isinstance(e, m.ExtraAttack):
            self.push("attack.extra")
        elif isinstance(e, m.GainSkill):
            self.push(f"skills.gain:{e.draw}")
        elif isinstance(e, m.Defend):
            if s.monster is not None and not s.monster.defend:
                self.monster_changed("defend", defend=True)
        elif isinstance(e, m.MonsterGain):
            mo = s.monster
            if mo is not None:
                top = m.TRACKER_MAX  # R-MONSTER-2: the tracker runs 0-20, surplus is lost
                self.monster_changed(
                    "gain",
                    armor=min(top, mo.armor + e.armor),
                    max_armor=min(top, mo.max_armor + e.armor),
                    health=min(top, mo.health + e.health),
                    max_health=min(top, mo.max_health + e.health),
                )
        elif isinstance(e, m.GainWeapon):
            # R-REWARD-2: never a second copy of a weapon held; the player may decline.
            offered = [w for w in e.choices if not self.holds(w)]
            if offered:
                self.emit(ev.ChoicesOffered(offered))
                self.wait("choose_weapon")
        elif isinstance(e, m.MonsterAttack):
            self.push(f"monster.attack:{e.bonus}", "monster.attack_done")
        elif isinstance(e, m.ExtraTurn):
            self.emit(ev.ExtraTurnsSet(s.extra_turns + 1))
        else:  # pragma: no cover - the Effect union is closed
            raise AssertionError(f"unknown effect {e!r}")

    def do_lose(self, e: m.Lose, q: Queued) -> None:
        amounts = e.amounts
        if e.alt and not all(
            self.s.res.get(k, 0) >= n
            for k, n in amounts.items()
            if k not in m.EFFORT and k != "time"
        ):
            self.push_effects(e.alt, q.source, q.result)
            return
        if q.result == "WOUND" and amounts.get("se"):
            # WoundLoss Passives apply after the wound_loss Responses (R-EFFECT-3):
            # see monster.wound_loss.
            loss = amounts["se"]
            rest = {k: n for k, n in amounts.items() if k != "se"}
            if rest:
                self.lose(rest, q.source)
            self.emit(ev.PendingLossSet(loss))
            self.push("monster.wound_loss")
            self.fire("wound_loss", min_loss=loss)
            return
        if not self.lose(amounts, q.source) and e.alt:
            self.push_effects(e.alt, q.source, q.result)

    def gain_condition(self, cid: str, timing: str, tokens: int, rounds: int) -> None:
        if timing == "next_level":
            if self.condition(cid, active=False) is None:
                self.emit(ev.ConditionGained(cid, False, tokens, rounds))
            return
        c = self.condition(cid)
        if c is None:
            self.emit(ev.ConditionGained(cid, True, tokens, rounds, now=True, round=self.s.round))
        elif rounds and c.rounds:
            self.emit(ev.ConditionChanged(cid, c.tokens + tokens, c.rounds + rounds))
        elif tokens:
            self.emit(ev.ConditionChanged(cid, c.tokens + tokens, c.rounds))

    def downgrade(self, turns: int, source: str) -> None:
        """Downgrade the current weapon (R-WEAPON-4); the bottom weapon stays."""
        s = self.s
        if len(s.weapons) <= 1:
            return
        top = s.weapons[-1]
        if turns:
            self.emit(ev.WeaponSetAside(top, turns, len(s.weapons) - 1))
        else:
            self.emit(ev.WeaponsSet(s.weapons[:-1], "downgraded", top))

    def monster_changed(self, why: str, **changes: Any) -> None:
        mo = self.s.monster
        assert mo is not None
        values: dict[str, Any] = {
            "armor": mo.armor,
            "max_armor": mo.max_armor,
            "health": mo.health,
            "max_health": mo.max_health,
            "defend": mo.defend,
            "wounds_this_round": mo.wounds_this_round,
        }
        values.update(changes)
        self.emit(ev.MonsterChanged(why=why, **values))

    def wound(self, amount: int, ignore_armor: bool, source: str) -> None:
        """Inflict wounds on the monster, within its wound cap; defeat it at 0 (R-BATTLE-7)."""
        mo = self.s.monster
        if mo is None or mo.health <= 0 or amount <= 0:
            return
        if mo.armor > 0 and not ignore_armor:
            return
        caps = [mod.amount for mod in self.modifiers(m.WoundCap)]
        if caps:
            amount = max(0, min(amount, min(caps) - mo.wounds_this_round))
        if amount == 0:
            self.monster_changed("wounds prevented")
            return
        health = max(0, mo.health - amount)
        self.monster_changed(
            "wounded", health=health, wounds_this_round=mo.wounds_this_round + amount
        )
        if health == 0:
            self.emit(ev.MonsterDefeated(mo.id))
            self.then = []
            self.push("combat.rewards")
            self.fire("monster_defeated")

    # ------------------------------------------------------------------ Responses

    def fire(self, trigger: str, **ctx: Any) -> None:
        """A trigger happened: schedule its mandatory Responses and offer the optional ones.

        Mandatory ones run monster first, then conditions in the order gained.
        The player chooses the order when several fire together (R-EFFECT-2): the
        optional ones usable now are offered before the mandatory ones resolve,
        and those still unused are offered again after them.
        """
        responses = (self._hand or self.hand()).abilities("response", trigger)
        if not responses:
            self.push(f"window:{trigger}")
            return
        mandatory: list[Queued | str] = []
        ordered = [x for x in responses if x[2] == "monster"] + [
            x for x in responses if x[2] == "condition"
        ]
        for source, ability, kind in ordered:
            if self.filters_pass(ability, ctx):
                if kind == "condition":
                    instead = [
                        mod
                        for mod in self.modifiers(m.RollInstead)
                        if mod.condition == source and self.can_pay(mod.amounts)
                    ]
                    if instead:
                        mandatory.append(f"condition.roll_instead:{source}/{ability.id}")
                        continue
                mandatory.extend(Queued(effect=e, source=source) for e in ability.effects)
        if mandatory and self.optional_responses(trigger, fresh=True):
            self.push(
                f"window:{trigger}",
                f"window.close:{trigger}",
                *mandatory,
                f"window.again:{trigger}",
            )
        else:
            self.push(*mandatory, f"window:{trigger}")

    def filters_pass(self, ability: m.Ability, ctx: dict[str, Any]) -> bool:
        if ability.attack and ctx.get("attack") != ability.attack:
            return False
        if ability.weapon:
            weapon = self.rules.weapons[self.s.weapons[-1]]
            if weapon.type != ability.weapon:
                return False
        if ability.min_loss and ctx.get("min_loss", 0) < ability.min_loss:
            return False
        return True

    def usable(self, source: str, ability: m.Ability, kind: str) -> bool:
        """Return whether an optional ability can be used now (uses, limits, cost)."""
        return not self.why_not_usable(source, ability, kind)

    def why_not_usable(self, source: str, ability: m.Ability, kind: str) -> str:
        """Return why an optional ability cannot be used now, or "" when it can."""
        key = f"{source}/{ability.id}"
        s = self.s
        if kind == "class" and s.ability_uses <= 0:
            return NO_USES
        if ability.limit == "turn" and key in s.used_turn:
            return "used this turn"
        if ability.limit == "battle" and key in s.used_battle:
            return "used this battle"
        if ability.limit == "level" and key in s.used_level:
            return "used this level"
        return "" if self.can_pay(ability.cost) else CANNOT_PAY

    def optional_responses(
        self, trigger: str, fresh: bool = False
    ) -> list[tuple[str, m.Ability, str]]:
        """Return the optional Responses usable at `trigger`.

        `fresh`: the trigger fires anew, so uses recorded at an earlier firing
        of it do not count (R-EFFECT-2: at most once per trigger).
        """
        s = self.s
        responses = (self._hand or self.hand()).abilities("response", trigger)
        if not responses:
            return []
        ctx: dict[str, Any] = {}
        if trigger in ("after_attack_chosen", "after_armor_break") and s.attack:
            wid, aid = s.attack.split("/")
            ctx["attack"] = next(a.type for a in self.rules.weapons[wid].attacks if a.id == aid)
        if trigger == "wound_loss":
            ctx["min_loss"] = s.pending_loss
        out = []
        for source, ability, kind in responses:
            if kind not in ("class", "skill"):
                continue
            if not fresh and f"{source}/{ability.id}" in s.used:
                continue
            if self.filters_pass(ability, ctx) and self.usable(source, ability, kind):
                out.append((source, ability, kind))
        return out

    def use(self, source: str, ability: m.Ability, kind: str) -> None:
        """Pay for and record an ability, and schedule its effects."""
        self.spend(ability.cost, source)
        self.emit(ev.AbilityUsed(source, ability.id, kind == "class", ability.limit))
        self.push_effects(ability.effects, source)

    # ------------------------------------------------------------------ legal actions

    def legal(self) -> list[act.Action]:
        """Return every legal action for the pending decision, in a stable order."""
        s = self.s
        d = s.decision
        if s.outcome is not None or not d:
            return []
        if d == "preparation":
            out: list[act.Action] = [act.Explore()]
            if not s.committed:
                out.append(act.Fight())
            out.extend(self.general_actions())
            st = self.rules.settings
            if self.can_pay(st.orienteer):
                out.append(act.Orienteer())
            if s.monster is None and self.can_pay(st.scout_cost[s.level - 1]):
                out.append(act.Scout())
            out.extend(self.ability_actions(("travel", "general")))
            return out
        if d == "player_turn":
            return [
                *self.attacks(),
                *self.general_actions(),
                *self.ability_actions(("combat", "general")),
                act.Skip(),
            ]
        if d == "extra_attack":
            return [*self.attacks(), act.Pass()]
        if d == "response":
            return [
                *(act.Use(src, a.id) for src, a, _ in self.optional_responses(s.trigger)),
                act.Pass(),
            ]
        if d == "choose_encounter":
            return [act.ChooseEncounter(c) for c in _unique(s.revealed)]
        if d == "resolve_or_rest":
            card = self.rules.encounters[s.chosen]
            ok = self.can_pay(card.spend)
            if s.committed:
                return [act.Resolve() if ok else act.Forfeit()]
            return [act.Resolve(), act.Rest()] if ok else [act.Rest()]
        if d == "trickery":
            return [act.Trick(), act.Fight()]
        if d == "choose_skill":
            return [act.ChooseSkill(c) for c in _unique(s.choices)]
        if d == "choose_weapon":
            return [*(act.ChooseWeapon(c) for c in _unique(s.choices)), act.Pass()]
        if d == "choose_condition":
            return [act.ChooseCondition(c) for c in _unique(s.choices)]
        if d == "pick_roll":
            return [act.PickRoll(v) for v in sorted(set(s.rolls))]
        if d == "roll_instead":
            return [act.PayInstead(), act.Roll()]
        if d == "hunger":
            most = min(s.res.get("food", 0), self.food_requirement())
            return [act.Eat(n) for n in range(most, -1, -1)]
        raise AssertionError(f"unknown decision {d!r}")

    def allows(self, action: act.Action) -> bool:
        """Return whether `action` is legal now: the same as `action in self.legal()`.

        Replaying a game checks every recorded action, so the decisions met
        most (Preparation, a battle turn, a Response, the Exploration choices,
        a skill, Hunger) look only at what concerns the action's own kind
        instead of listing every choice.
        """
        s = self.s
        d = s.decision
        if s.outcome is not None:
            return False
        kind = type(action)
        if d == "preparation" or d == "player_turn":
            if kind is act.Use:
                timing = "travel" if d == "preparation" else "combat"
                return action in self.ability_actions((timing, "general"))
            if kind in _GENERAL:
                return action in self.general_actions()
            if d == "player_turn":
                if isinstance(action, act.Attack):
                    for option in self.attack_options():
                        if option[0].id == action.attack:
                            self._allowed_attack = option  # attack() takes it, unchanged since
                            return True
                    return False
                return kind is act.Skip
            if kind is act.Explore:
                return True
            if kind is act.Fight:
                return not s.committed
            if kind is act.Orienteer:
                return self.can_pay(self.rules.settings.orienteer)
            if kind is act.Scout:
                return s.monster is None and self.can_pay(
                    self.rules.settings.scout_cost[s.level - 1]
                )
            return False
        if d == "response":
            if kind is act.Pass:
                return True
            return isinstance(action, act.Use) and any(
                src == action.source and a.id == action.ability
                for src, a, _ in self.optional_responses(s.trigger)
            )
        if d == "choose_encounter":
            return isinstance(action, act.ChooseEncounter) and action.card in s.revealed
        if d == "resolve_or_rest":
            if kind is act.Rest:
                return not s.committed
            if kind is act.Resolve or kind is act.Forfeit:
                can_pay = self.can_pay(self.rules.encounters[s.chosen].spend)
                return can_pay if kind is act.Resolve else s.committed and not can_pay
            return False
        if d == "choose_skill":
            return isinstance(action, act.ChooseSkill) and action.skill in s.choices
        if d == "hunger":
            return isinstance(action, act.Eat) and 0 <= action.food <= min(
                s.res.get("food", 0), self.food_requirement()
            )
        return action in self.legal()

    def options(self) -> list[tuple[act.Action, str]]:
        """Return the pending decision's actions in a stable order, each with why it
        cannot be taken now ("" when it can).

        The Preparation step, the player's turns and Exploration's resolve-or-rest
        list every action the player has (actions, attacks, abilities, crafts,
        Downgrade, Resolve) whether or not it can be taken now, so each keeps its
        place while costs, uses and armor change; what depends on the weapon held
        (crafts, Downgrade) comes after the rest, so a new weapon moves only those.
        Other decisions list their legal actions. The actions with "" are exactly
        `legal()` (in an order of their own).
        """
        s = self.s
        d = s.decision
        st = self.rules.settings
        if d == "preparation":
            scout = st.scout_cost[s.level - 1]
            return [
                (act.Explore(), ""),
                (act.Fight(), "you are committed to the next encounter" if s.committed else ""),
                *self.effort_options(),
                (act.Orienteer(), self.why_not_pay(st.orienteer)),
                (
                    act.Scout(),
                    "the monster is revealed" if s.monster is not None else self.why_not_pay(scout),
                ),
                *self.ability_options(("travel", "general")),
                *self.weapon_options(),
            ]
        if d == "player_turn":
            return [
                *self.attack_choices(),
                *self.effort_options(),
                *self.ability_options(("combat", "general")),
                *self.weapon_options(),
                (act.Skip(), ""),
            ]
        if d == "extra_attack":
            return [*self.attack_choices(), (act.Pass(), "")]
        if d == "resolve_or_rest":
            why = self.why_not_pay(self.rules.encounters[s.chosen].spend)
            other: act.Action = act.Forfeit() if s.committed else act.Rest()
            if s.committed and not why:
                return [(act.Resolve(), "")]
            return [(act.Resolve(), why), (other, "")]
        return [(a, "") for a in self.legal()]

    def cost(self, action: act.Action) -> dict[str, int]:
        """Return what taking an action spends, as printed (before R-RES-4 substitution);
        {} for an action that spends nothing."""
        s = self.s
        st = self.rules.settings
        if isinstance(action, act.Focus):
            return dict(st.focus)
        if isinstance(action, act.Inspiration):
            return dict(st.inspiration)
        if isinstance(action, act.Plan):
            return dict(st.plan)
        if isinstance(action, act.Orienteer):
            return dict(st.orienteer)
        if isinstance(action, act.Scout):
            return dict(st.scout_cost[s.level - 1])
        if isinstance(action, act.Craft):
            weapon = self.rules.weapons[s.weapons[-1]]
            return dict(next(u.cost for u in weapon.upgrades if u.to == action.weapon))
        if isinstance(action, act.Attack):
            weapon = self.rules.weapons[s.weapons[-1]]
            return self.attack_cost(next(a for a in weapon.attacks if a.id == action.attack))
        if isinstance(action, act.Use):
            found = (a for a in self.rules.card_abilities(action.source) if a.id == action.ability)
            return dict(next(found).cost)
        if isinstance(action, act.Resolve):
            return dict(self.rules.encounters[s.chosen].spend)
        if isinstance(action, act.Trick) and s.monster is not None:
            trick = self.rules.monsters[s.monster.id].trickery
            return dict(trick.cost) if trick is not None else {}
        return {}

    def why_not_pay(self, amounts: dict[str, int]) -> str:
        return "" if self.can_pay(amounts) else CANNOT_PAY

    def effort_options(self) -> list[tuple[act.Action, str]]:
        """Return Focus, Inspiration and Plan with why each cannot be taken now."""
        st = self.rules.settings
        return [
            (act.Focus(), self.why_not_pay(st.focus)),
            (act.Inspiration(), self.why_not_pay(st.inspiration)),
            (act.Plan(), self.why_not_pay(st.plan)),
        ]

    def weapon_options(self) -> list[tuple[act.Action, str]]:
        """Return the crafts of the weapon held and Downgrade, with why each cannot be now."""
        s = self.s
        out: list[tuple[act.Action, str]] = []
        for up in self.rules.weapons[s.weapons[-1]].upgrades:
            held = self.holds(up.to)
            out.append((act.Craft(up.to), "you have it" if held else self.why_not_pay(up.cost)))
        bare = "nothing to give up" if len(s.weapons) < 2 else ""
        out.append((act.Downgrade(), bare))
        return out

    def ability_options(self, timings: tuple[str, ...]) -> list[tuple[act.Action, str]]:
        return [
            (act.Use(src, a.id), self.why_not_usable(src, a, kind))
            for src, a, kind in (self._hand or self.hand()).abilities("action")
            if a.timing in timings
        ]

    def attack_choices(self) -> list[tuple[act.Action, str]]:
        """Return the current weapon's attacks with why each cannot be made now."""
        mo = self.s.monster
        if mo is None:
            return []
        legal = {a.id for a, _ in self.attack_options()}
        out: list[tuple[act.Action, str]] = []
        for a in self.rules.weapons[self.s.weapons[-1]].attacks:
            why = ""
            if a.id not in legal:
                if a.type == "break" and mo.armor < 1:
                    why = "no armor to break"
                elif a.type == "wound" and mo.armor > 0 and not self.ignores_armor(a):
                    why = "break its armor first"
                else:
                    why = CANNOT_PAY
            out.append((act.Attack(a.id), why))
        return out

    def general_actions(self) -> list[act.Action]:
        """Return the General actions that can be taken now (Focus, crafts, Downgrade…)."""
        return [a for a, why in (*self.effort_options(), *self.weapon_options()) if not why]

    def holds(self, weapon: str) -> bool:
        """Return whether the player has this weapon: in the stack or set aside (R-WEAPON-1/4)."""
        s = self.s
        return weapon in s.weapons or any(a.weapon == weapon for a in s.set_aside)

    def ability_actions(self, timings: tuple[str, ...]) -> list[act.Action]:
        return [a for a, why in self.ability_options(timings) if not why]

    def attack_options(self) -> list[tuple[m.Attack, dict[str, int]]]:
        """Return the current weapon's attacks that are legal now, with their full cost."""
        s = self.s
        mo = s.monster
        if mo is None:
            return []
        out = []
        for a in self.rules.weapons[s.weapons[-1]].attacks:
            if a.type == "break" and mo.armor < 1:
                continue
            if a.type == "wound" and mo.armor > 0 and not self.ignores_armor(a):
                continue
            cost = self.attack_cost(a)
            if self.can_pay(cost):
                out.append((a, cost))
        return out

    def attack_cost(self, attack: m.Attack) -> dict[str, int]:
        """Return what a weapon attack costs now: its printed cost plus what cards in play
        add (Bleeding: "weapon attacks cost 1 more SE", R-BATTLE-3)."""
        cost = dict(attack.cost)
        for mod in self.modifiers(m.WeaponAttackCost):
            for k, n in mod.amounts.items():
                cost[k] = cost.get(k, 0) + n
        return cost

    def ignores_armor(self, attack: m.Attack) -> bool:
        return attack.ignore_armor or bool(self.modifiers(m.IgnoreArmor))

    def attacks(self) -> list[act.Action]:
        return [act.Attack(a.id) for a, _ in self.attack_options()]

    def food_requirement(self) -> int:
        need = self.s.level + sum(int(mod.amount) for mod in self.modifiers(m.HungerDelta))
        return max(0, need)

    # ------------------------------------------------------------------ taking an action

    def take(self, action: act.Action) -> None:
        """Carry out a legal action for the pending decision, then drive on."""
        try:
            self._take(action)
        except Death as death:
            self.then = []
            self.game_over(False, death.cause, death.source)
        self.drive()

    def _take(self, action: act.Action) -> None:
        s = self.s
        st = self.rules.settings
        d = s.decision
        # The most frequent actions first (a replay checks every one in turn).
        if isinstance(action, act.Explore):
            self.emit(ev.StepEntered("travel", "decision"))
            self.push("travel.exploration")
        elif isinstance(action, act.ChooseEncounter):
            others = list(s.revealed)
            others.remove(action.card)
            self.emit(ev.EncounterChosen(action.card, others))
            self.wait("resolve_or_rest")
        elif isinstance(action, act.Rest):
            card = self.rules.encounters[s.chosen]
            self.emit(ev.Rested(card.id))
            self.gain({"se": card.time}, card.id)
            self.push("travel.exploration_end")
        elif isinstance(action, act.Resolve):
            card = self.rules.encounters[s.chosen]
            if s.committed:
                self.emit(ev.CommitSet(False))
            self.spend(card.spend, card.id)
            self.emit(ev.EncounterResolved(card.id))
            self.push("travel.exploration_end")
            self.gain(card.gain, card.id)
            effects = list(card.effects) + ([m.Commit()] if card.commit else [])
            self.push_effects(effects, card.id)
        elif isinstance(action, act.Attack):
            self.attack(action.attack, extra=(d == "extra_attack"))
        elif isinstance(action, act.Use):
            src, ability, kind = self.find_ability(action.source, action.ability)
            if d == "response":
                self.push(f"rewindow:{s.trigger}")
                self.use(src, ability, kind)
            else:
                self.after_general()
                self.use(src, ability, kind)
        elif isinstance(action, act.Focus):
            self.general(st.focus, st.focus_gain, "focus")
        elif isinstance(action, act.ChooseSkill):
            others = list(s.choices)
            others.remove(action.skill)
            self.emit(ev.SkillKept(action.skill, others))
            if s.phase == "setup":
                # R-SETUP-3: a skill kept at setup that adds uses (Quick Study) already
                # counts for level 1; a use spent at setup (Flexible) stays spent.
                more = sum(
                    mod.amount
                    for ability in self.rules.skills[action.skill].abilities
                    for mod in ability.modifiers
                    if isinstance(mod, m.AbilityUses)
                )
                if more:
                    self.emit(ev.AbilityUsesSet(max(0, s.ability_uses + more)))
        elif isinstance(action, act.Eat):
            self.eat(action.food)
        elif isinstance(action, act.Pass):
            if d == "choose_weapon":  # R-REWARD-2: declined
                self.emit(ev.ChoicesOffered([]))
        elif isinstance(action, act.Scout):
            self.spend(st.scout_cost[s.level - 1], "scout")
            self.reveal_monster()
            self.after_general()
        elif isinstance(action, act.Craft):
            up = next(
                u for u in self.rules.weapons[s.weapons[-1]].upgrades if u.to == action.weapon
            )
            self.spend(up.cost, "craft")
            self.emit(ev.WeaponsSet([*s.weapons, up.to], "crafted", up.to))
            self.after_general()
        elif isinstance(action, act.Skip):
            self.emit(ev.TurnSkipped("skipped"))
            self.push("battle.player_turn_end")
        elif isinstance(action, act.Fight):
            if d == "preparation":
                self.emit(ev.StepEntered("travel", "decision"))
                self.push("combat.trickery")
            else:
                self.push("combat.battle")
        elif isinstance(action, act.PickRoll):
            self.emit(ev.RollSet(action.value, [], "picked"))
        elif isinstance(action, act.Forfeit):
            self.emit(ev.CommitSet(False))
            self.emit(ev.EncounterResolved(s.chosen, paid=False))
            self.push("travel.exploration_end")
        elif isinstance(action, act.ChooseWeapon):
            self.emit(ev.ChoicesOffered([]))
            self.emit(ev.WeaponsSet([*s.weapons, action.weapon], "gained", action.weapon))
        elif isinstance(action, act.Trick):
            mo = self.rules.monsters[s.monster.id]  # type: ignore[union-attr]
            assert mo.trickery is not None
            self.spend(mo.trickery.cost, "trickery")
            if mo.trickery.downgrade:
                self.downgrade(0, "trickery")
            self.emit(ev.MonsterTricked(mo.id))
            self.push("combat.hunger")
        elif isinstance(action, act.PayInstead):
            cid = s.choices[0]
            mod = next(x for x in self.modifiers(m.RollInstead) if x.condition == cid)
            self.spend(mod.amounts, s.monster.id if s.monster else cid)
            self.emit(ev.ChoicesOffered([]))
        elif isinstance(action, act.Roll):
            cid, _, aid = s.choices[1].partition("/")
            ability = next(a for a in self.rules.conditions[cid].abilities if a.id == aid)
            self.emit(ev.ChoicesOffered([]))
            self.push_effects(ability.effects, cid)
        elif isinstance(action, act.ChooseCondition):
            self.emit(ev.ChoicesOffered([]))
            self.emit(ev.ConditionRemoved(action.condition, "removed"))
        elif isinstance(action, act.Inspiration):
            self.general(st.inspiration, st.inspiration_gain, "inspiration")
        elif isinstance(action, act.Plan):
            self.general(st.plan, st.plan_gain, "plan")
        elif isinstance(action, act.Downgrade):
            self.downgrade(0, "downgrade")
            self.after_general()
        elif isinstance(action, act.Orienteer):
            self.spend(st.orienteer, "orienteer")
            self.emit(ev.RevealBonus(s.reveal_bonus + st.orienteer_reveal))
            self.after_general()
        else:  # pragma: no cover
            raise AssertionError(f"unknown action {action!r}")

    def find_ability(self, source: str, ability_id: str) -> tuple[str, m.Ability, str]:
        for src, ability, kind in self.in_play():
            if src == source and ability.id == ability_id:
                return src, ability, kind
        raise AssertionError(f"no ability {source}/{ability_id} in play")

    def general(self, cost: dict[str, int], gain: dict[str, int], source: str) -> None:
        self.spend(cost, source)
        self.gain(gain, source)
        self.after_general()

    def after_general(self) -> None:
        """After a General/Travel action: back to Preparation (or ambush), or end the turn."""
        s = self.s
        if s.decision == "preparation":
            self.push("travel.after_action")
        else:
            self.push("battle.player_turn_end")

    def attack(self, attack_id: str, extra: bool) -> None:
        s = self.s
        allowed = self._allowed_attack
        self._allowed_attack = None
        if allowed is not None and allowed[0].id == attack_id:
            option, cost = allowed
        else:
            option, cost = next((a, c) for a, c in self.attack_options() if a.id == attack_id)
        weapon = s.weapons[-1]
        self.spend(cost, weapon)
        self.emit(ev.AttackChosen(weapon, option.id, option.type, option.power))
        if not extra:
            self.push("battle.player_turn_end")
        self.push("attack.resolve")
        self.fire("after_attack_chosen", attack=option.type)

    def reveal_monster(self) -> None:
        """Roll for this level's monster and reveal it (R-MONSTER-1).

        A level with more than six monsters (a plugin's joined the base game's)
        rolls a die with one side per monster: the n-th in number order.
        """
        by_number = self.rules.monsters_of_level(self.s.level)
        numbers = sorted(by_number)
        value = self.roll("monster", "monster", max(6, len(numbers)))
        if len(numbers) > 6:
            monster = by_number[numbers[value - 1]]
        else:
            monster = by_number.get(value) or by_number[numbers[(value - 1) % len(numbers)]]
        self.emit(ev.MonsterRevealed(monster.id, monster.armor, monster.health))

    def eat(self, food: int) -> None:
        need = self.food_requirement()
        if food:
            self.emit(ev.Spent({"food": food}, "hunger"))
            self.gain({"se": food}, "hunger")
        self.emit(ev.Ate(food, need))
        missing = need - food
        if missing > 0:
            self.lose({"se": hunger_cost(missing)}, "hunger", cause="starvation")
        self.push("level.end")


class HandlerContext:
    """What a named effect handler may do: read the game, and act through effects."""

    def __init__(self, run: Run, queued: Queued) -> None:
        self._run = run
        self.source = queued.source
        self.result = queued.result

    @property
    def state(self) -> GameState:
        """The game state (read it; never change it directly)."""
        return self._run.s

    @property
    def level(self) -> int:
        return self._run.s.level

    def tokens(self) -> int:
        """Return the tokens on the source condition (0 if it is not in play)."""
        c = self._run.condition(self.source)
        return c.tokens if c is not None else 0

    def set_tokens(self, tokens: int) -> None:
        """Set the tokens on the source condition; at 0 it leaves play."""
        c = self._run.condition(self.source)
        if c is None:
            return
        if tokens <= 0:
            self._run.emit(ev.ConditionRemoved(c.id, "no tokens left"))
        else:
            self._run.emit(ev.ConditionChanged(c.id, tokens, c.rounds))

    def lose(self, amounts: dict[str, int]) -> None:
        """Lose resources now, as the source card (effort that cannot be paid kills)."""
        self._run.lose(amounts, self.source)

    def apply(self, *effects: m.Effect) -> None:
        """Schedule effect records to run next, as if printed on the source card."""
        self._run.push_effects(effects, self.source, self.result)

    def roll(self) -> int:
        """Roll the die on the dice stream."""
        return self._run.roll("dice", f"handler:{self.source}")


def lose_per_token(ctx: HandlerContext, params: dict[str, Any]) -> None:
    """Lose `per` (1) `resource` per token on the source card, then remove one token."""
    tokens = ctx.tokens()
    if tokens <= 0:
        return
    ctx.lose({str(params.get("resource", "se")): tokens * int(params.get("per", 1))})
    ctx.set_tokens(tokens - 1)


BUILTIN_HANDLERS: dict[str, Callable[[Any, dict[str, Any]], None]] = {
    "lose_per_token": lose_per_token,
}

# The flow steps live in travel.py and combat.py; importing them registers them.
from unbroken.core import combat as _combat  # noqa: E402,F401
from unbroken.core import travel as _travel  # noqa: E402,F401
