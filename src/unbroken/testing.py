"""Test support: a scenario builder that starts a game at any step, and scripted dice.

    game = (
        Scenario("maxyn-zenma", level=4)
        .resources(se=10, le=1, metal=1)
        .weapon("knife", "sword")
        .skills("wrecker", "daring")
        .condition("paranoid")
        .monster("basilisk")
        .dice(6, 1)
        .start("battle")
    )

Every change the builder makes is an event, so folding `game.events` still
gives `game.state`. Scripted dice replace the generator for the die rolls of
this game only: each roll takes the next scripted value (shuffles still use
the seed), and running out of scripted values is an error naming the roll.
"""

from __future__ import annotations

import importlib
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec

from unbroken import hookimpl
from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import legality, steps
from unbroken.core import model as m
from unbroken.core.driver import drive
from unbroken.core.forecast import CHANCE, UNSEEN, Forecast, forecast
from unbroken.core.game import Game, IllegalAction
from unbroken.core.resolver import Resolver
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState, Phase, StepName, copy_state
from unbroken.plugins import load_ruleset
from unbroken.words.forecast import attack_effect

#: The golden recordings of a source checkout, re-verified by the suite
#: (re-recorded deliberately with `python tools/goldens.py`).
GOLDEN_DIR = Path(__file__).resolve().parents[2] / "replays"

#: Where a scenario can start, and the flow step that starts it.
STARTS: dict[str, tuple[Phase, StepName, steps.Step]] = {
    "preparation": (Phase.TRAVEL, StepName.PREPARATION, steps.Preparation()),
    "exploration": (Phase.TRAVEL, StepName.EXPLORATION, steps.Exploration()),
    "ambush": (Phase.COMBAT, StepName.AMBUSH, steps.Ambush()),
    "trickery": (Phase.COMBAT, StepName.TRICKERY, steps.Trickery()),
    "battle": (Phase.COMBAT, StepName.BATTLE, steps.Battle()),
    "rewards": (Phase.COMBAT, StepName.REWARDS, steps.Rewards()),
    "hunger": (Phase.COMBAT, StepName.HUNGER, steps.Hunger()),
}


class DiceExhausted(AssertionError):
    """A scripted game rolled more dice than the test scripted."""


class ScriptedDice:
    """Die results to hand out in order, instead of the seeded generator."""

    def __init__(self, values: Iterable[int]) -> None:
        self.values = list(values)
        for v in self.values:
            if not 1 <= v <= 6:
                raise ValueError(f"a die shows 1-6, not {v}")
        self.rolled: list[tuple[str, int]] = []

    def __call__(self, stream: str, purpose: str) -> int:
        """Return the next scripted value (the engine calls it for every die roll)."""
        if not self.values:
            raise DiceExhausted(f"no scripted die left for the {purpose} roll")
        value = self.values.pop(0)
        self.rolled.append((purpose, value))
        return value


def q(ruleset: Ruleset, ident: str) -> str:
    """Return `ident` with the base namespace if it has none."""
    return ident if ":" in ident else f"base:{ident}"


class Scenario:
    """Builds a Game at a chosen step with chosen cards, resources and dice.

    Each method returns the Scenario, so calls chain; `.start(step)` returns the
    Game. An id without a namespace is the base game's (`"kobold"` is
    `base:kobold`): name a plugin's cards in full (`"molehill:mole"`). The
    ruleset is `load_ruleset()` (the plugins on now) unless one is given, e.g.
    `load_plugins(["base", "x"], extra=[...]).ruleset`. The difficulty is read as
    `Game.new` reads it: an id ("gauntlet:expert"), or a plugin's local id ("expert") when
    exactly one loaded difficulty has it; any other name is a ValueError naming the
    difficulties loaded (it built a game with no danger track before).
    """

    def __init__(
        self,
        character: str = "maxyn-zenma",
        difficulty: str = "normal",
        level: int = 1,
        seed: int = 1,
        ruleset: Ruleset | None = None,
    ) -> None:
        self.rules = ruleset or load_ruleset()
        self.character = q(self.rules, character)
        self.difficulty = self.rules.difficulty_id(difficulty)  # ValueError: the known ids
        self.level = level
        self.seed = seed
        self.res: dict[str, int] = {k: 0 for k in m.RESOURCES}
        self.res["se"] = 13
        self.res["time"] = self.rules.settings.level_start_time[level - 1]
        self.time_track = True
        self.weapons: list[str] = [self.rules.settings.starting_weapon]
        self.skill_ids: list[str] = []
        self.conditions: list[tuple[str, bool, int, int]] = []
        self.monster_id: str | None = None
        self.deck: list[str] | None = None
        self.script: list[int] | None = None
        self.uses: int | None = None
        self.committed = False
        self.options: dict[str, Any] = {"gentle_start": False}

    def resources(self, **amounts: int) -> Scenario:
        """Set resources (others keep their start values: SE 13, time of the level)."""
        for k, n in amounts.items():
            if k not in m.RESOURCES:
                raise ValueError(f"unknown resource {k!r}")
            self.res[k] = n
        return self

    def no_time_track(self) -> Scenario:
        """Level 4 after the time reset: no time track (R-RES-7)."""
        self.time_track = False
        self.res["time"] = 0
        return self

    def weapon(self, *stack: str) -> Scenario:
        """Put weapons on the stack above the starting weapon, the last one current."""
        self.weapons = [self.rules.settings.starting_weapon, *(q(self.rules, w) for w in stack)]
        return self

    def skills(self, *ids: str) -> Scenario:
        """Hold these skills (taken out of the skill deck)."""
        self.skill_ids = [q(self.rules, s) for s in ids]
        return self

    def condition(
        self, cid: str, active: bool = True, tokens: int = 0, rounds: int = 0
    ) -> Scenario:
        """Have a condition in play: `active` now (else pending), with tokens and rounds."""
        self.conditions.append((q(self.rules, cid), active, tokens, rounds))
        return self

    def monster(self, mid: str) -> Scenario:
        """Reveal this monster as the level's (with its printed armor and health)."""
        self.monster_id = q(self.rules, mid)
        return self

    def encounters(self, *ids: str) -> Scenario:
        """Put these encounter cards on top of the deck, in this order."""
        self.deck = [q(self.rules, e) for e in ids]
        return self

    def dice(self, *values: int) -> Scenario:
        """Script every die roll of the game from now on."""
        self.script = list(values)
        return self

    def ability_uses(self, uses: int) -> Scenario:
        """Set the character's ability uses (default: the level's number)."""
        self.uses = uses
        return self

    def commit(self) -> Scenario:
        """Start committed to the next encounter (R-TRAVEL-7)."""
        self.committed = True
        return self

    def start(self, at: str = "preparation") -> Game:
        """Return the game, driven from the start of step `at` to its first decision."""
        if at not in STARTS:
            raise ValueError(f"unknown start {at!r}; choose one of {', '.join(STARTS)}")
        phase, stepname, cont = STARTS[at]
        rules = self.rules
        state = GameState()
        dice = ScriptedDice(self.script) if self.script is not None else None
        run = Resolver(rules, state, dice=dice)
        deck = rules.encounter_deck()
        if self.deck is not None:
            rest = list(deck)
            for card in self.deck:
                rest.remove(card)
            deck = [*self.deck, *rest]
        skill_deck = sorted(set(rules.skills) - set(self.skill_ids))
        run.emit(
            ev.GameStarted(
                seed=self.seed,
                character=self.character,
                cls=rules.characters[self.character].cls,
                difficulty=self.difficulty,
                options=self.options,
                ruleset=rules.digest,
                res=dict(self.res),
                weapon=self.weapons[0],
                ability_uses=self.uses if self.uses is not None else self.level,
                encounter_deck=deck,
                skill_deck=skill_deck,
            )
        )
        run.emit(ev.LevelStarted(self.level))
        if not self.time_track:
            run.emit(ev.TimeSet(0, False))
        if len(self.weapons) > 1:
            run.emit(ev.WeaponsSet(list(self.weapons), "scenario"))
        for skill in self.skill_ids:
            run.emit(ev.SkillKept(skill, []))
        for cid, active, tokens, rounds in self.conditions:
            run.emit(ev.ConditionGained(cid, active, tokens, rounds))
        if self.monster_id is not None:
            mo = rules.monsters[self.monster_id]
            run.emit(ev.MonsterRevealed(mo.id, mo.armor, mo.health))
        if self.committed:
            run.emit(ev.CommitSet(True))
        if phase == Phase.COMBAT:
            run.emit(ev.StepEntered(Phase.COMBAT, StepName.TRICKERY))
        run.push(cont)
        drive(run)
        game = Game(rules, state, list(run.emitted))
        game.dice = dice
        return game


# --------------------------------------------------------------------------- helpers for rule tests


def events_of(events: list[ev.Event], kind: type) -> list[Any]:
    """Return the events of one kind, in order."""
    return [e for e in events if isinstance(e, kind)]


def play(game: Game, *actions: act.Action) -> list[ev.Event]:
    """Apply actions in order; return all the events they produced."""
    out: list[ev.Event] = []
    for action in actions:
        out.extend(game.apply(action))
    return out


def pass_responses(game: Game) -> None:
    """Decline every optional Response offered now."""
    while (d := game.decision) is not None and d.kind == DecisionKind.RESPONSE:
        game.apply(act.Pass())


def assert_illegal(game: Game, action: act.Action) -> None:
    """Assert the action is refused and the game is left byte-identical (R-DIGI-3)."""
    before = msgspec.json.encode(game.state)
    n_events = len(game.events)
    legal = game.legal_actions()
    assert action not in legal, f"{action!r} is legal"
    try:
        game.apply(action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{action!r} was not refused")
    assert msgspec.json.encode(game.state) == before
    assert len(game.events) == n_events
    assert game.legal_actions() == legal


class FolderPlugin:
    """A plugin whose content is one folder of TOML files, registered in-process.

    `load_plugins(["base", "x"], extra=[("x", FolderPlugin(folder))])` loads it
    as an installed plugin named x would be: a quick way to test a pack and
    what the game makes of it. Subclass it to add hooks, or to set another
    `__version__`.
    """

    __version__ = "0.1.0"

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @hookimpl
    def unbroken_content_packs(self) -> list[Path]:
        """Return the folder."""
        return [self.folder]


def write_pack(folder: Path, files: dict[str, str]) -> Path:
    """Write a content pack: `files` maps file names to their TOML text; return the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def run_command(argv: list[str]) -> int:
    """Run `unbroken ARGV...` in this process, as a player would type it; return its exit
    status (what it prints goes to stdout and stderr, for pytest's `capsys`)."""
    # lazy: unbroken.api imports this module, and a plugin loading loads no command line
    from unbroken.cli.command import main

    return main(argv)


# ----------------------------------------------------------------- the forecast's property


def check_forecasts(game: Game) -> int:
    """Forecast every legal option and take it on a fork: the forecast's events are the
    first events taken (passing the Response windows it passed), all of them up to the
    next decision unless chance came first, and every rule it names is on a card in
    play (#28). Raises AssertionError naming the option where they disagree; returns
    how many options were checked (the game itself is not changed)."""
    if game.is_over:
        return 0
    before = msgspec.msgpack.encode(game.state)
    legal = game.legal_actions()
    for action in legal:
        f = game.query().forecast(action)
        for line in (f, *f.if_used):  # and each line using a Response at its window
            _check_line(game, action, line)
    assert msgspec.msgpack.encode(game.state) == before  # forecasting changed nothing
    return len(legal)


def _check_line(game: Game, action: act.Action, f: Forecast) -> None:
    """Hold one line of an option's forecast to what taking it on a fork emits."""
    fork = game.fork()
    taken = fork.apply(action)
    for _ in range(f.passes if f.used is None else f.used_at):  # the windows passed
        taken += fork.apply(act.Pass())
    if f.used is not None:  # the Response used, then the windows after it passed
        taken += fork.apply(f.used)
        for _ in range(f.passes - f.used_at):
            taken += fork.apply(act.Pass())
    n = len(f.events)
    assert list(f.events) == taken[:n], (action, f.used)
    if f.stops == CHANCE:
        assert isinstance(taken[n], UNSEEN), (action, f.used, taken[n])
    else:
        assert n == len(taken), (action, f.used, taken[n:])
    _check_numbers(f, taken[:n], game)
    in_play = _cards_in_play(game, taken)
    for rule in f.rules:
        assert rule.card in in_play, (action, f.used, rule)


def _check_numbers(f: Any, taken: list[ev.Event], game: Game) -> None:
    """Hold the numbers an option's line shows to what the attack then did: events alone
    let a forecast say "wound 1" for an attack the monster's guard swallows (#28)."""
    ended = [e for e in taken if isinstance(e, ev.AttackEnded)]
    if not ended or f.power is None:
        return
    swallowed = ended[0].ignored
    assert f.guarded == swallowed, (f.action, "guard")
    if swallowed:
        said = attack_effect(f, "wound", game.ruleset)
        assert said.startswith("wound 0"), (f.action, said)


def _cards_in_play(game: Game, taken: list[ev.Event]) -> set[str]:
    """Return the cards whose rules may act on this decision (read off the state and events)."""
    s = game.state
    cards = {s.cls, *s.skills, *(c.id for c in s.conditions), s.chosen, *s.weapons}
    if s.monster is not None:
        cards.add(s.monster.id)
    for event in taken:
        if isinstance(event, ev.MonsterRevealed):
            cards.add(event.monster)
        elif isinstance(event, (ev.SkillKept, ev.ConditionGained)):
            cards.add(event.skill if isinstance(event, ev.SkillKept) else event.condition)
    return cards


def play_taking_obvious(game: Game, choose: Callable[[Game, int], act.Action]) -> Counter[str]:
    """Play `game` to its end with `choose(game, n)`, but take every obvious Response
    (`Game.obvious`, R-DIGI-4's mirror) instead, checking each one: it is legal; its
    forecast holds every resource as much as Pass's or more, one of them more, and the
    rest of the state as Pass's; and, when it spends one of the level's ability uses,
    nothing could have wanted that use before the pool refills: at every decision of
    the level after it, one more use makes no other answer legal, and a fork that passed
    instead and played on with `choose` uses no class ability before the level ends.
    Returns how often each ability was taken. (A property test's helper.)"""
    found: Counter[str] = Counter()
    watched = 0  # the level whose uses are watched after a pooled obvious use (0: none)
    n = 0
    while not game.is_over:
        if watched and game.state.level != watched:
            watched = 0
        if watched:
            _one_more_use_changes_nothing(game)
        taken = game.obvious()
        if taken is None:
            game.apply(choose(game, n))
            n += 1
            continue
        use, why = taken
        assert use in game.legal_actions() and why, taken
        _no_worse_than_pass(game, use)
        passed = game.fork()
        events = game.apply(use)
        if any(isinstance(e, ev.AbilityUsed) and e.ability_use for e in events):
            watched = game.state.level
            _kept_use_unwanted(passed, choose, n)
        found[use.ability] += 1
    return found


def _no_worse_than_pass(game: Game, use: act.Use) -> None:
    used = forecast(game.ruleset, game.state, use)
    passed = forecast(game.ruleset, game.state, act.Pass())
    assert used.stops == passed.stops, (use, used.stops, passed.stops)
    keys = set(used.after.res) | set(passed.after.res)
    more = {k: used.after.res.get(k, 0) - passed.after.res.get(k, 0) for k in keys}
    assert all(n >= 0 for n in more.values()) and any(more.values()), (use, more)
    for what in ("level", "conditions", "weapons", "monster", "decision", "trigger"):
        assert getattr(used.after, what) == getattr(passed.after, what), (use, what)


def _one_more_use_changes_nothing(game: Game) -> None:
    more = copy_state(game.state)
    more.ability_uses += 1
    extra = [
        a for a in legality.legal(Resolver(game.ruleset, more)) if a not in game.legal_actions()
    ]
    assert not extra, ("one more ability use would allow", extra)


def _kept_use_unwanted(passed: Game, choose: Callable[[Game, int], act.Action], n: int) -> None:
    level = passed.state.level
    passed.apply(act.Pass())
    while not passed.is_over and passed.state.level == level:
        events = passed.apply(choose(passed, n))
        n += 1
        spent = [e for e in events if isinstance(e, ev.AbilityUsed) and e.ability_use]
        assert not spent, ("the use kept by passing was spent on", spent)


@contextmanager
def expansions_from_source(plugins: Path, packages: dict[str, str]) -> Iterator[Ruleset]:
    """Yield the base game with the plugins named in `packages` (plugin name -> its import
    name) imported from their source folders under `plugins` (`unbroken-<name>/src`), not
    installed; the folders and the modules are taken away again after."""
    # lazy: only tests that load the expansions from source need the plugin loader's extras
    from unbroken.plugins import load_plugins

    folders = [str(plugins / f"unbroken-{name}" / "src") for name in packages]
    sys.path[:0] = folders
    try:
        extra = [(name, importlib.import_module(pkg)) for name, pkg in packages.items()]
        yield load_plugins(["base", *packages], extra=extra).ruleset
    finally:
        for folder in folders:
            sys.path.remove(folder)
        for pkg in packages.values():
            for module in [x for x in sys.modules if x == pkg or x.startswith(pkg + ".")]:
                del sys.modules[module]


def mixed_walk(game: Game, seed: int) -> Iterator[Game]:
    """Yield `game` at every decision as a mix of the heuristic, the greedy and random
    choices plays it on (`seed`: the mix's), up to the simulator's MAX_DECISIONS or its
    end: the walk the forecast's check (tools/forecast_check.py) and the words' tests use."""
    # lazy: a plugin loading this module loads no bots; only the walk plays them
    from unbroken.bots.heuristic import heuristic_bot
    from unbroken.sim import MAX_DECISIONS, greedy_bot

    pick = random.Random(seed)
    n = 0
    while not game.is_over and n < MAX_DECISIONS:
        yield game
        roll = pick.random()
        if roll < 0.5:
            action = heuristic_bot(game, n)
        elif roll < 0.75:
            action = greedy_bot(game, n)
        else:
            action = pick.choice(game.legal_actions())
        game.apply(action)
        n += 1
