"""Game: the engine contract — new(), decision, legal_actions(), apply(), is_over, outcome."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import msgspec

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import legality, rng, steps
from unbroken.core import model as m
from unbroken.core.actions import Action
from unbroken.core.driver import drive, take
from unbroken.core.events import Event
from unbroken.core.hand import Hand
from unbroken.core.handlers import HandlerError
from unbroken.core.obvious import obvious_answer
from unbroken.core.payment import gain
from unbroken.core.picking import in_roll_order
from unbroken.core.pointless import ONLY_SKIP as ONLY_SKIP  # a turn skipped says why (words)
from unbroken.core.pointless import SAME_RESULT as SAME_RESULT  # the log says it (words)
from unbroken.core.pointless import pointless_answer
from unbroken.core.query import Query
from unbroken.core.reducer import fold
from unbroken.core.resolver import Resolver
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState, Outcome, copy_state

#: The decisions where an effort action is refused for its cost.
_TURNS = (DecisionKind.PREPARATION, DecisionKind.PLAYER_TURN)
#: Options a game can be started with, and their defaults.
OPTIONS: dict[str, Any] = {"gentle_start": False}
MAX_SEED = (1 << 64) - 1
#: Options recorded only when given (a game without them is as it always was):
#: `carry` starts a game with what an earlier one kept (a campaign, docs/plugins.md):
#: {"weapon": id, "skills": [ids], "res": {resource: amount}}, every key optional.
EXTRA_OPTIONS: dict[str, type] = {"carry": dict}


class Carry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a game starts with from an earlier game (the `carry` option)."""

    weapon: str = ""
    skills: list[str] = []
    res: dict[str, int] = {}


class IllegalAction(Exception):
    """An action that is not legal now; the game is left exactly as it was (R-DIGI-3)."""


class Decision(msgspec.Struct, frozen=True):
    """What the player is being asked now."""

    kind: DecisionKind
    prompt: str
    trigger: str = ""


def carried(ruleset: Ruleset, value: Any) -> Carry:
    """Return the `carry` option as a Carry; ValueError naming what is wrong."""
    if value is None:
        return Carry()
    try:
        carry = msgspec.convert(value, Carry)
    except msgspec.ValidationError as exc:
        raise ValueError(f"option 'carry': {exc}") from None
    if carry.weapon and (
        carry.weapon not in ruleset.weapons or carry.weapon == ruleset.settings.starting_weapon
    ):
        raise ValueError(f"option 'carry': {carry.weapon!r} is not a weapon to carry")
    for skill in carry.skills:
        if skill not in ruleset.skills:
            raise ValueError(f"option 'carry': unknown skill {skill!r}")
    for name, amount in carry.res.items():
        if name not in m.RESOURCES or name == "time" or amount < 0:
            raise ValueError(f"option 'carry': cannot carry {amount} {name}")
    return carry


def starting(
    ruleset: Ruleset, ch: m.Character, diff: m.Difficulty, gentle: bool = False
) -> tuple[dict[str, int], int]:
    """Return what a new game starts with (R-SETUP-2): every resource (time included) and
    the ability uses, the difficulty's and the character's own (`gentle`: Easy's gentle
    start). `Game.new` sets them; the New game screen says them (words.starting)."""
    settings = ruleset.settings
    res = {k: 0 for k in m.RESOURCES}
    res.update(settings.start)
    res.update(diff.start)
    if gentle and diff.id == "easy":
        res["se"] = settings.gentle_start_se
    res["time"] = settings.level_start_time[0]
    for key, amount in ch.resources.items():  # the character's own start (content)
        res[key] = min(res[key] + amount, settings.caps.get(key, res[key] + amount))
    uses = ch.ability_uses + sum(
        mod.amount
        for card in (*ch.skills, *ch.conditions)
        for ability in ruleset.card_abilities(card)
        for mod in ability.modifiers
        if isinstance(mod, m.AbilityUses)
    )
    return res, max(0, uses)


class Game:
    """One game of Unbroken: decisions in, events out.

    `game.ruleset` is the Ruleset it plays with, `game.state` the GameState
    now, `game.events` every event so far (the state is their fold). Make one
    with `Game.new(...)` (or `Scenario(...).start(...)` in tests), then
    `apply()` one of `legal_actions()` until `is_over`.
    """

    def __init__(self, ruleset: Ruleset, state: GameState, events: list[Event]) -> None:
        self.ruleset = ruleset
        self.state = state
        self.events = events
        self._legal: list[Action] | None = None
        #: The abilities in play that listing `_legal` found (None: not looked up), for
        #: apply() to start from: both are for the state as it is until the next action.
        self._hand: Hand | None = None
        #: Test hook (unbroken.testing): die results to use instead of the generator.
        self.dice: Callable[[str, str], int] | None = None

    @classmethod
    def new(
        cls,
        ruleset: Ruleset,
        character: str,
        difficulty: str = "normal",
        seed: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> Game:
        """Return a new game set up as R-SETUP-1..5 say, waiting for its first decision."""
        settings = ruleset.settings
        character = ruleset.character_id(character)  # ValueError: unknown, with the known
        diff = ruleset.difficulty(ruleset.difficulty_id(difficulty))
        assert diff is not None  # difficulty_id names one of the settings' difficulties
        opts = dict(OPTIONS)
        for key, value in (options or {}).items():
            if key in EXTRA_OPTIONS:
                if not isinstance(value, EXTRA_OPTIONS[key]):
                    raise ValueError(f"option {key!r} must be {EXTRA_OPTIONS[key].__name__}")
                opts[key] = value
                continue
            if key not in OPTIONS:
                known = ", ".join([*OPTIONS, *EXTRA_OPTIONS])
                raise ValueError(f"unknown option {key!r}; known options: {known}")
            if not isinstance(value, type(OPTIONS[key])):
                raise ValueError(f"option {key!r} must be {type(OPTIONS[key]).__name__}")
            opts[key] = value
        if opts["gentle_start"] and diff.id != "easy":
            raise ValueError("the gentle start option is for Easy games only")
        if seed is None:  # the core draws no unseeded number: the caller chooses the seed
            raise ValueError("a new game needs a seed (the caller chooses it)")
        if not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed must be between 0 and {MAX_SEED}")

        ch = ruleset.characters[character]
        carry = carried(ruleset, opts.get("carry"))
        res, uses = starting(ruleset, ch, diff, gentle=opts["gentle_start"])
        state = GameState()
        run = Resolver(ruleset, state)
        run.emit(
            ev.GameStarted(
                seed=seed,
                character=character,
                cls=ch.cls,
                difficulty=diff.id,
                options=opts,
                ruleset=ruleset.digest,
                res=res,
                weapon=ch.weapon or settings.starting_weapon,
                ability_uses=uses,
                encounter_deck=ruleset.encounter_deck(),
                skill_deck=sorted(set(ruleset.skills) - set(ch.skills) - set(carry.skills)),
            )
        )
        for skill in ch.skills:
            run.emit(ev.SkillKept(skill, []))
        for condition in ch.conditions:
            run.emit(ev.ConditionGained(condition, True))
        for deck, cards in (("encounters", state.encounter_deck), ("skills", state.skill_deck)):
            run.emit(ev.DeckShuffled(deck, rng.shuffled(seed, deck, 0, cards)))
        run.emit(ev.LevelStarted(1))
        if carry.weapon and carry.weapon != (ch.weapon or settings.starting_weapon):
            weapons = [ch.weapon or settings.starting_weapon, carry.weapon]
            run.emit(ev.WeaponsSet(weapons, "carried", carry.weapon))
        for skill in carry.skills:
            if skill not in ch.skills:
                run.emit(ev.SkillKept(skill, []))
        if carry.res:
            gain(run, carry.res, "carried")
        if diff.extra_resource_roll:
            value = run.roll("setup", "extra resource")
            gain(run, settings.easy_roll[value - 1], "easy")
        run.push(steps.PREPARATION)
        if diff.start_skill:
            run.push(steps.SkillsGain(2))
        if ch.setup:  # the character's setup trigger: its effects before anything else
            run.push_effects(ch.setup, character)
        drive(run)
        return cls(ruleset, state, list(run.emitted))

    @property
    def decision(self) -> Decision | None:
        """What the player is asked now (None when the game is over)."""
        s = self.state
        if s.outcome is not None or not s.decision:
            return None
        return Decision(s.decision, legality.DECISIONS[s.decision].prompt, s.trigger)

    def legal_actions(self) -> list[Action]:
        """Return every legal action for the current decision, in a stable order."""
        if self._legal is None:
            run = Resolver(self.ruleset, self.state)
            self._legal = legality.legal(run)
            self._hand = run._hand
        return list(self._legal)

    def options(self) -> list[tuple[Action, str]]:
        """Return the current decision's actions, each with why it cannot be taken now.

        The ones with "" are exactly `legal_actions()` (in an order of their own); the
        Preparation step, the player's turns and resolve-or-rest also list the actions
        that cannot be taken now (not enough to pay, no ability uses left, armor in the
        way) with the reason, so that an action keeps its place while costs change.
        See `legality.options`. "Keep which result?" lists the first roll, then the
        re-roll, every time (`picking.in_roll_order`; `picking.better_pick` says which
        of them the forecast proves better: Enter's default).
        """
        found = legality.options(Resolver(self.ruleset, self.state))
        return in_roll_order(self.state, found)

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action; return the events it produced (R-DIGI-2).

        Raises IllegalAction, or HandlerError when a plugin's effect handler
        fails; either way the game is left as it was.
        """
        run = Resolver(self.ruleset, self.state, self.dice)
        if self._legal is not None:
            if action not in self._legal:
                raise IllegalAction(self.why_illegal(action, self.legal_actions()))
            run._hand = self._hand  # found for this same state by legal_actions()
        elif not legality.allows(run, action):
            raise IllegalAction(self.why_illegal(action, self.legal_actions()))
        try:
            take(run, action)
        except HandlerError:
            # A plugin's handler failed part-way: the state is the log's, as before it.
            self.state = fold(self.events)
            self._legal = None
            raise
        self._legal = None
        self.events.extend(run.emitted)
        return run.emitted

    def switch_off(self, plugin: str) -> list[str]:
        """Switch plugin `plugin`'s effect handlers off for the rest of this game: each
        then does nothing, so a handler that keeps failing no longer refuses every
        decision. Returns the handlers switched off (none: the plugin has none).

        Only this game changes (its ruleset is a copy); a recording says from which
        decision on (unbroken.replay), so the game replays the same."""
        names = sorted(n for n in self.ruleset.handlers if n.split(":", 1)[0] == plugin)
        if plugin and names:
            handlers = {**self.ruleset.handlers, **dict.fromkeys(names, _switched_off)}
            self.ruleset = dataclasses.replace(self.ruleset, handlers=handlers)
            self._legal = None
        return names

    def why_illegal(self, action: Action, legal: list[Action]) -> str:
        """Return a sentence a player can read saying why `action` is refused."""
        if self.is_over:
            return "The game is over: no more decisions can be made."
        d = self.decision
        assert d is not None
        name = type(action).__name__
        # An option listed dimmed says why itself ("needs 2 time, 1 left", R-TRAVEL-9).
        listed = legality.options(Resolver(self.ruleset, self.state))
        why = next((w for a, w in listed if a == action and w), "")
        if why:
            return f"You cannot take {describe_action(action)} now: {why}."
        same_kind = [a for a in legal if type(a) is type(action)]
        if same_kind:
            options = ", ".join(describe_action(a) for a in same_kind)
            return f"{describe_action(action)} is not one of the choices now (you may: {options})."
        kinds = {
            act.Focus: "it costs more effort than you have",
            act.Inspiration: "it costs more effort than you have",
            act.Plan: "it costs more effort than you have",
            act.Orienteer: "it costs more effort than you have",
        }
        if d.kind in _TURNS and type(action) in kinds:
            return f"You cannot take {name} now: {kinds[type(action)]}."
        return f"{describe_action(action)} is not possible now. {d.prompt}."

    def fork(self, resample: int | None = None) -> Game:
        """Return an independent game at the same position: nothing is shared that either
        can change, so playing the fork never changes this game (or the other way round).

        With `resample` (the caller's own seed, e.g. an advisor's stream), what the
        player cannot know is drawn anew from the same distributions the game uses:
        the order of the unseen encounter and skill cards (shuffled from their sorted
        ids, so the real order cannot leak) and every future die and card draw (the
        fork's generator is keyed by `resample`, never by this game's seed). Two games
        with the same visible position fork to the same game for the same `resample`.
        A resampled fork is for looking ahead (rollouts), not for recording: its seed
        is not the seed its history was played with.
        """
        state = copy_state(self.state)
        if resample is not None:
            seed = rng.mix(resample & rng.MASK) >> 1
            state.seed = seed
            state.encounter_deck = rng.shuffled(
                seed, "fork:encounters", 0, sorted(state.encounter_deck)
            )
            state.skill_deck = rng.shuffled(seed, "fork:skills", 0, sorted(state.skill_deck))
        fork = Game(self.ruleset, state, list(self.events))
        fork.dice = self.dice
        return fork

    def pointless(self) -> tuple[Action, str] | None:
        """Return the answer that spends nothing, and why, when the decision waiting now
        cannot matter: every other answer is never better (R-DIGI-4); else None."""
        return pointless_answer(self)

    def obvious(self) -> tuple[act.Use, str] | None:
        """Return the Response to use, and why, when the decision waiting now is a Response
        whose use only gains and costs nothing that could be wanted before the ability
        uses refill: passing is never better (R-DIGI-4's mirror); else None."""
        return obvious_answer(self)

    def food_requirement(self) -> int:
        """Return the food the Hunger step asks for now (R-HUNGER-1, with modifiers)."""
        return legality.food_requirement(Resolver(self.ruleset, self.state))

    def query(self) -> Query:
        """Return read-only answers about the game as it is now: costs, payments, rolls."""
        return Query(self.ruleset, self.state)

    @property
    def is_over(self) -> bool:
        """True once the game is won or lost."""
        return self.state.outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        return self.state.outcome


def _switched_off(ctx: Any, params: Any) -> None:
    """A plugin's effect handler switched off by the player (Game.switch_off): nothing."""


def describe_action(action: Action) -> str:
    """Return a short name for an action, as a player would say it."""
    fields = {f: getattr(action, f) for f in action.__struct_fields__}
    label = type(action).__name__
    if not fields:
        return label
    return f"{label} " + " ".join(str(v) for v in fields.values())
