"""Achievements (R-ACH-1), computed from a finished game's event log alone.

Two kinds:

* single-game achievements — `earned(events, ruleset)` reads one game's
  events. Every one of them needs a won game (`GameOver.won`); each is a small
  named predicate `(events, final_state, ruleset) -> bool` in `PREDICATES`.
* cross-game achievements — `earned_across(history)` reads a summary of every
  finished game (`GameRecord`). Each is a predicate over the records of ONE
  difficulty, in `CROSS_GAME_PREDICATES`; the result is a list of
  `(achievement_id, difficulty)` pairs.

Both tables are plain dicts keyed by achievement id, so a plugin can register
more achievements (add an `Achievement` and a predicate), or a caller can pass
its own table.

Readings of the points R-ACH-1 leaves open (each predicate's docstring says it
again):

* Reckless: an ambush counts when the Ambush step is entered at a level whose
  monster has a non-empty ambush list (the effect is suffered in full or by
  its alternative; a Response that softens it does not undo it).
* Not a Scratch: a `Lost` of SE while the step is "battle" breaks it, also
  when substitution paid that SE with ME or LE (the event's `asked`). A loss
  of ME or LE asked for as such (a Reduce trading LE for SE) does not: the
  rule counts SE only. Spending (`Spent`) never does; losses in the Ambush
  step are not in a Battle step.
* All the Time in the World: checked after every event, in any phase but
  setup, while the time track is in play. The time that triggers an ambush
  (0 in travel) breaks it; so does a combat loss that leaves the next level's
  time below 3. Once the level-4 track is removed nothing more counts.
* Slugger (R-ACH-2): any change of the current weapon (the top of the stack) to
  one further along the upgrade tree is an upgrade, however it came: a Craft, a
  reward or encounter weapon taken over the current one, a plugin's effect. A
  weapon's place along the tree is its number of upgrade steps from a weapon no
  upgrade leads to (Bare Hands 0, Club 1, Axe 2). A set-aside weapon coming back
  (R-WEAPON-4), a downgrade and the weapon carried into a game are not upgrades.
* High Stakes: the wound that brought the Vampire to 0 health came from the
  Spike Thrower — the nearest `AbilityUsed` / `AttackChosen` / `AttackEnded`
  before the killing `MonsterChanged(why="wounded")` is an `AbilityUsed` whose
  source is the Spike Thrower.
* Consistency Is Key: three consecutive games of one difficulty (by `order`)
  all won; games of other difficulties do not break the run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import msgspec

from unbroken.core import events as ev
from unbroken.core.events import Event
from unbroken.core.reducer import apply_event, fold
from unbroken.core.state import GameState


class Achievement(msgspec.Struct, frozen=True):
    """One achievement: its stable id, display name, our own description."""

    id: str  # stable: the records keep it (a plugin's: `<plugin>:<name>`)
    name: str  # the display name
    text: str  # what earns it, in one sentence
    #: Earned over a history of games (the games of one difficulty), not by one game:
    #: only the base game's (`earned_across`); a plugin's achievement reads one game.
    cross_game: bool = False


class GameRecord(msgspec.Struct, frozen=True):
    """What the cross-game achievements need to know about one finished game."""

    won: bool
    cls: str
    difficulty: str
    order: int  # position in the player's history (larger = later)


ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement(
        "reckless",
        "Reckless",
        "Let monsters catch you off guard: take an ambush effect 4 times in a winning game.",
    ),
    Achievement(
        "not-a-scratch",
        "Not a Scratch",
        "Win without any effect taking effort from you during a Battle step "
        "(what you pay for attacks and actions does not count).",
    ),
    Achievement(
        "ascetic",
        "Ascetic",
        "Go hungry at every Hunger step, not one food eaten, and still come out alive.",
    ),
    Achievement(
        "all-the-time-in-the-world",
        "All the Time in the World",
        "Never let the time track dip under 3, for as long as it is on the table, and win.",
    ),
    Achievement(
        "not-worth-it",
        "Not Worth It",
        "Leave your character's own abilities untouched for a whole winning game.",
    ),
    Achievement(
        "master-of-survival",
        "Master of Survival",
        "Finish a winning game holding no fewer than 4 skill cards.",
    ),
    Achievement(
        "no-rest-for-the-wicked",
        "No Rest for the Wicked",
        "Never take the Rest option on an encounter card, and still win.",
    ),
    Achievement(
        "a-bit-of-everything",
        "A Bit of Everything",
        "End a winning game with a little of everything: wood, metal, food and treasure, 1+ each.",
    ),
    Achievement(
        "best-served-cold",
        "Best Served Cold",
        "Win with every one of the four classes (counted over all your games of one difficulty).",
        cross_game=True,
    ),
    Achievement(
        "consistency-is-key",
        "Consistency Is Key",
        "Win three games of one difficulty back to back.",
        cross_game=True,
    ),
    Achievement("slugger", "Slugger", "Win without ever upgrading your weapon."),
    Achievement(
        "high-stakes",
        "High Stakes",
        "Finish off the Vampire with a wound from the Spike Thrower skill, and win.",
    ),
    Achievement(
        "still-kicking",
        "Still Kicking",
        "Cross the finish line running on empty: 0 SE, 0 ME and 0 LE at the end.",
    ),
    Achievement(
        "conflict-avoidance",
        "Conflict Avoidance",
        "Win after talking or sneaking your way past the monsters of levels 1, 2 and 3.",
    ),
    Achievement(
        "glutton",
        "Glutton",
        "Win without hunger ever costing you effort: eat all you need at every Hunger step.",
    ),
    Achievement("payday", "Payday", "Walk out of the caverns with a hoard of at least 4 treasure."),
)

#: The classes Best Served Cold asks for when the caller names none (the base game's four).
BASE_CLASSES: tuple[str, ...] = ("base:sneak", "base:brawler", "base:sage", "base:hunter")

EFFORT = ("se", "me", "le")
VAMPIRE = "base:vampire"
SPIKE_THROWER = "base:spike-thrower"

#: A single-game predicate: (events, state at the end, ruleset) -> earned?
Predicate = Callable[[Sequence[Event], GameState, Any], bool]
#: A cross-game predicate: the records of one difficulty, oldest first -> earned?
CrossPredicate = Callable[[Sequence[GameRecord]], bool]


def walk(events: Iterable[Event]) -> Iterator[tuple[Event, GameState]]:
    """Yield each event with the state right after it (one live state, updated in place)."""
    state = GameState()
    for event in events:
        apply_event(state, event)
        yield event, state


def _effort(amounts: dict[str, int]) -> bool:
    return any(amounts.get(k, 0) > 0 for k in EFFORT)


# ---------------------------------------------------------------- single-game predicates


def ambushes_suffered(events: Iterable[Event], ruleset: Any) -> int:
    """Return how many Ambush steps had a monster with an ambush effect (R-COMBAT-4:
    a monster without one does not ambush)."""
    count = 0
    pending = False
    for event, state in walk(events):
        if isinstance(event, ev.StepEntered) and event.step == "ambush":
            pending = True
        if pending and state.monster is not None:
            pending = False
            monster = ruleset.monsters.get(state.monster.id)
            if monster is not None and monster.ambush:
                count += 1
    return count


def reckless(events: Sequence[Event], final: GameState, ruleset: Any) -> bool:
    """4+ Ambush steps at levels whose monster has an ambush effect."""
    return ambushes_suffered(events, ruleset) >= 4


def not_a_scratch(events: Sequence[Event], final: GameState, ruleset: Any) -> bool:
    """No SE lost to an effect while in the Battle step (paid as SE or by substitution)."""
    for event, state in walk(events):
        if isinstance(event, ev.Lost) and state.step == "battle":
            if event.amounts.get("se", 0) > 0 or event.asked.get("se", 0) > 0:
                return False
    return True


def ascetic(events: Sequence[Event], final: GameState, ruleset: Any) -> bool:
    """Every Hunger step ate 0 food."""
    return all(e.food == 0 for e in events if isinstance(e, ev.Ate))


def all_the_time_in_the_world(events: Sequence[Event], final: GameState, ruleset: Any) -> bool:
    """Time >= 3 after every event while the time track is in play (setup excluded)."""
    for _, state in walk(events):
        if state.phase in ("setup", "over") or not state.time_track:
            continue
        if state.res.get("time", 0) < 3:
            return False
    return True


def not_worth_it(events: Sequence[Event], final: GameState, ruleset: Any) -> bool:
    """No ability used that took a character ability use."""
    return not any(isinstance(e, ev.AbilityUsed) and e.ability_use for e in events)


def master_of_survival(events: Sequence[Event], final: GameState, ruleset: Any) -> bool:
    """4+ skills held at the end."""
    return len(final.skills) >= 4


def no_rest_for_the_wicked(events: Sequence[Event], final: GameState, ruleset: Any) -> bool:
    """Never rested on an encounter."""
    return not any(isinstance(e, ev.Rested) for e in events)


def a_bit_of_everything(events: Sequence[Event], final: GameState, ruleset: Any) -> bool:
    """Wood, metal, food and treasure each 1+ at the end."""
    return all(final.res.get(k, 0) >= 1 for k in ("wood", "metal", "food", "treasure"))


def weapon_steps(ruleset: Any) -> dict[str, int]:
    """Return each weapon's number of upgrade steps from a weapon no upgrade leads to
    (Bare Hands 0, Club 1, Axe 2); a weapon outside every tree is 0 (R-ACH-2)."""
    weapons = ruleset.weapons
    targets = {up.to for w in weapons.values() for up in w.upgrades}
    steps = {w: 0 for w in weapons if w not in targets}
    frontier = list(steps)
    while frontier:
        reached: list[str] = []
        for weapon in frontier:
            for up in weapons[weapon].upgrades:
                if up.to in weapons and up.to not in steps:
                    steps[up.to] = steps[weapon] + 1
                    reached.append(up.to)
        frontier = reached
    return steps


#: How a weapon stack change that is never an upgrade is named (R-ACH-2): a downgrade,
#: and the stack a game starts with (carried from a campaign, or a test's scenario).
_NOT_UPGRADES = frozenset({"downgraded", "carried", "scenario"})
#: The events that set or change the weapon stack (folded alone on a fresh state).
_WEAPON_EVENTS = (ev.GameStarted, ev.WeaponsSet, ev.WeaponSetAside, ev.SetAsideTicked)


def upgraded_weapon(events: Sequence[Event], ruleset: Any) -> bool:
    """Return whether the current weapon ever changed to one further along the upgrade
    tree (R-ACH-2), by whatever event."""
    steps = weapon_steps(ruleset)
    stack = GameState()
    for event in events:
        if not isinstance(event, _WEAPON_EVENTS):
            continue
        if isinstance(event, ev.WeaponsSet) and event.why not in _NOT_UPGRADES:
            before = stack.weapons[-1] if stack.weapons else None
            after = event.weapons[-1] if event.weapons else None
            if before is not None and after is not None:
                if steps.get(after, 0) > steps.get(before, 0):
                    return True
        apply_event(stack, event)
    return False


def slugger(events: Sequence[Event], final: GameState, ruleset: Any) -> bool:
    """The weapon was never upgraded, by a Craft or otherwise (R-ACH-2)."""
    return not upgraded_weapon(events, ruleset)


def high_stakes(events: Sequence[Event], final: GameState, ruleset: Any) -> bool:
    """The Vampire's killing wound came from a Spike Thrower ability."""
    cause = ""  # source of the latest ability use or weapon attack
    killer = ""  # what dealt the wound that brought the monster to 0 health
    for event in events:
        if isinstance(event, ev.AbilityUsed):
            cause = event.source
        elif isinstance(event, (ev.AttackChosen, ev.AttackEnded)):
            cause = "weapon"
        elif isinstance(event, ev.MonsterChanged):
            if event.why == "wounded" and event.health == 0:
                killer = cause
        elif isinstance(event, ev.MonsterDefeated):
            if event.monster == VAMPIRE and killer == SPIKE_THROWER:
                return True
            killer = ""
    return False


def still_kicking(events: Sequence[Event], final: GameState, ruleset: Any) -> bool:
    """SE, ME and LE all 0 at the end."""
    return all(final.res.get(k, 0) == 0 for k in EFFORT)


def conflict_avoidance(events: Sequence[Event], final: GameState, ruleset: Any) -> bool:
    """A monster tricked at each of levels 1, 2 and 3."""
    tricked = {state.level for event, state in walk(events) if isinstance(event, ev.MonsterTricked)}
    return {1, 2, 3} <= tricked


def glutton(events: Sequence[Event], final: GameState, ruleset: Any) -> bool:
    """Hunger never took effort."""
    return not any(
        isinstance(e, ev.Lost) and e.source == "hunger" and _effort(e.amounts) for e in events
    )


def payday(events: Sequence[Event], final: GameState, ruleset: Any) -> bool:
    """4+ treasure at the end."""
    return final.res.get("treasure", 0) >= 4


#: Single-game achievements: id -> predicate (a won game is checked before any of them).
PREDICATES: dict[str, Predicate] = {
    "reckless": reckless,
    "not-a-scratch": not_a_scratch,
    "ascetic": ascetic,
    "all-the-time-in-the-world": all_the_time_in_the_world,
    "not-worth-it": not_worth_it,
    "master-of-survival": master_of_survival,
    "no-rest-for-the-wicked": no_rest_for_the_wicked,
    "a-bit-of-everything": a_bit_of_everything,
    "slugger": slugger,
    "high-stakes": high_stakes,
    "still-kicking": still_kicking,
    "conflict-avoidance": conflict_avoidance,
    "glutton": glutton,
    "payday": payday,
}


def won(events: Sequence[Event]) -> bool:
    """Return True if the log ends the game with a win."""
    return any(isinstance(e, ev.GameOver) and e.won for e in events)


def earned(
    events: Sequence[Event],
    ruleset: Any,
    predicates: dict[str, Predicate] | None = None,
) -> list[str]:
    """Return the ids of the single-game achievements this finished game earned.

    A game that was not won earns none (R-ACH-1). Ids come in table order.
    The difficulty they count for is the game's (`difficulty_of(events)`).
    """
    if not won(events):
        return []
    table = PREDICATES if predicates is None else predicates
    final = fold(events)
    return [aid for aid, predicate in table.items() if predicate(events, final, ruleset)]


def difficulty_of(events: Sequence[Event]) -> str:
    """Return the difficulty the game was played on ("" if the log has no start)."""
    return next((e.difficulty for e in events if isinstance(e, ev.GameStarted)), "")


def record_of(events: Sequence[Event], order: int) -> GameRecord:
    """Summarise a finished game's log as a GameRecord for `earned_across`."""
    start = next(e for e in events if isinstance(e, ev.GameStarted))
    return GameRecord(won=won(events), cls=start.cls, difficulty=start.difficulty, order=order)


# ---------------------------------------------------------------- cross-game predicates


def best_served_cold(games: Sequence[GameRecord], classes: Iterable[str] = BASE_CLASSES) -> bool:
    """A win with each class among these games (all of one difficulty)."""
    return set(classes) <= {g.cls for g in games if g.won}


def consistency_is_key(games: Sequence[GameRecord]) -> bool:
    """Three consecutive games (in order) all won."""
    run = 0
    for g in sorted(games, key=lambda g: g.order):
        run = run + 1 if g.won else 0
        if run >= 3:
            return True
    return False


#: Cross-game achievements: id -> predicate over the games of one difficulty.
CROSS_GAME_PREDICATES: dict[str, CrossPredicate] = {
    "best-served-cold": best_served_cold,
    "consistency-is-key": consistency_is_key,
}

_DIFFICULTY_ORDER = ("easy", "normal", "hard")


def earned_across(
    history: Sequence[GameRecord],
    predicates: dict[str, CrossPredicate] | None = None,
) -> list[tuple[str, str]]:
    """Return `(achievement_id, difficulty)` for every cross-game achievement earned.

    Games are grouped by difficulty; each group is sorted by `order` and given
    to each predicate. Pairs come in table order, then easy, normal, hard
    (other difficulties after, alphabetically).
    """
    table = CROSS_GAME_PREDICATES if predicates is None else predicates
    groups: dict[str, list[GameRecord]] = {}
    for g in history:
        groups.setdefault(g.difficulty, []).append(g)
    for games in groups.values():
        games.sort(key=lambda g: g.order)
    order = sorted(
        groups,
        key=lambda d: (_DIFFICULTY_ORDER.index(d), d) if d in _DIFFICULTY_ORDER else (99, d),
    )
    return [
        (aid, difficulty)
        for aid, predicate in table.items()
        for difficulty in order
        if predicate(groups[difficulty])
    ]


def achievement(aid: str) -> Achievement:
    """Return the base achievement with this id (KeyError if there is none)."""
    for a in ACHIEVEMENTS:
        if a.id == aid:
            return a
    raise KeyError(aid)
