"""apply_event(state, event) -> state: the only place the game state changes."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, get_args

from unbroken.core import events as ev
from unbroken.core import rng
from unbroken.core.state import (
    ConditionState,
    DecisionKind,
    GameState,
    MonsterState,
    Outcome,
    Phase,
    SetAside,
    Turn,
)

#: The reducer of each event type (the engine calls them directly, one lookup per event).
REDUCERS: dict[type, Callable[[GameState, Any], None]] = {}


def _on(
    kind: type,
) -> Callable[[Callable[[GameState, Any], None]], Callable[[GameState, Any], None]]:
    def register(fn: Callable[[GameState, Any], None]) -> Callable[[GameState, Any], None]:
        REDUCERS[kind] = fn
        return fn

    return register


def apply_event(state: GameState, event: ev.Event) -> GameState:
    """Return the state after `event` (the state object is updated in place)."""
    REDUCERS[type(event)](state, event)
    return state


def fold(events: Iterable[ev.Event], state: GameState | None = None) -> GameState:
    """Return the state reached by applying `events` to a new (or given) state."""
    state = state if state is not None else GameState()
    for event in events:
        REDUCERS[type(event)](state, event)
    return state


@_on(ev.GameStarted)
def _game_started(s: GameState, e: ev.GameStarted) -> None:
    s.seed = e.seed
    s.character = e.character
    s.cls = e.cls
    s.difficulty = e.difficulty
    s.options = dict(e.options)
    s.ruleset = e.ruleset
    s.res = dict(e.res)
    s.weapons = [e.weapon]
    s.ability_uses = e.ability_uses
    s.encounter_deck = list(e.encounter_deck)
    s.skill_deck = list(e.skill_deck)
    s.counters = {name: 0 for name in rng.STREAMS}
    s.level = 1
    s.time_track = True


@_on(ev.DeckShuffled)
def _deck_shuffled(s: GameState, e: ev.DeckShuffled) -> None:
    s.counters[e.deck] = s.counters.get(e.deck, 0) + rng.shuffle_draws(len(e.order))
    if e.deck == "encounters":
        s.encounter_deck = list(e.order)
        if e.from_discard:
            s.encounter_discard = []
    else:
        s.skill_deck = list(e.order)
        if e.from_discard:
            s.skill_discard = []


@_on(ev.DieRolled)
def _die_rolled(s: GameState, e: ev.DieRolled) -> None:
    s.counters[e.stream] = s.counters.get(e.stream, 0) + 1


@_on(ev.StepEntered)
def _step_entered(s: GameState, e: ev.StepEntered) -> None:
    s.phase = e.phase
    s.step = e.step


@_on(ev.Gained)
def _gained(s: GameState, e: ev.Gained) -> None:
    res = s.res
    for k, n in e.amounts.items():
        res[k] = res.get(k, 0) + n


@_on(ev.Spent)
@_on(ev.Lost)
def _paid(s: GameState, e: ev.Spent | ev.Lost) -> None:
    res = s.res
    for k, n in e.amounts.items():
        res[k] = res.get(k, 0) - n


@_on(ev.TimeSet)
def _time_set(s: GameState, e: ev.TimeSet) -> None:
    s.res["time"] = e.time
    s.time_track = e.track


@_on(ev.AbilityUsesSet)
def _uses_set(s: GameState, e: ev.AbilityUsesSet) -> None:
    s.ability_uses = e.uses


@_on(ev.AbilityUsed)
def _ability_used(s: GameState, e: ev.AbilityUsed) -> None:
    key = f"{e.source}/{e.ability}"
    if e.ability_use:
        s.ability_uses -= 1
    s.used.append(key)
    if e.limit == "turn":
        s.used_turn.append(key)
    elif e.limit == "battle":
        s.used_battle.append(key)
    elif e.limit == "level":
        s.used_level.append(key)


@_on(ev.MonsterRevealed)
def _monster_revealed(s: GameState, e: ev.MonsterRevealed) -> None:
    s.monster = MonsterState(e.monster, e.armor, e.armor, e.health, e.health)


@_on(ev.MonsterChanged)
def _monster_changed(s: GameState, e: ev.MonsterChanged) -> None:
    m = s.monster
    assert m is not None
    m.armor = e.armor
    m.max_armor = e.max_armor
    m.health = e.health
    m.max_health = e.max_health
    m.defend = e.defend
    m.wounds_this_round = e.wounds_this_round


@_on(ev.MonsterDefeated)
@_on(ev.MonsterTricked)
def _monster_done(s: GameState, e: ev.MonsterDefeated | ev.MonsterTricked) -> None:
    pass


@_on(ev.MonsterRemoved)
def _monster_removed(s: GameState, e: ev.MonsterRemoved) -> None:
    s.monster = None


@_on(ev.EncountersRevealed)
def _revealed(s: GameState, e: ev.EncountersRevealed) -> None:
    n = len(e.cards)
    s.encounter_deck = s.encounter_deck[n:]
    s.revealed.extend(e.cards)
    s.reveal_bonus = 0


@_on(ev.EncounterChosen)
def _chosen(s: GameState, e: ev.EncounterChosen) -> None:
    s.chosen = e.card
    s.revealed = []
    s.encounter_discard.extend(e.discarded)


@_on(ev.EncounterResolved)
@_on(ev.Rested)
def _encounter_done(s: GameState, e: ev.EncounterResolved | ev.Rested) -> None:
    pass


@_on(ev.EncounterDiscarded)
def _encounter_discarded(s: GameState, e: ev.EncounterDiscarded) -> None:
    s.encounter_discard.append(e.card)
    s.chosen = ""


@_on(ev.RevealBonus)
def _reveal_bonus(s: GameState, e: ev.RevealBonus) -> None:
    s.reveal_bonus = e.bonus


@_on(ev.CommitSet)
def _commit(s: GameState, e: ev.CommitSet) -> None:
    s.committed = e.committed


@_on(ev.WeaponsSet)
def _weapons_set(s: GameState, e: ev.WeaponsSet) -> None:
    s.weapons = list(e.weapons)


@_on(ev.WeaponSetAside)
def _set_aside(s: GameState, e: ev.WeaponSetAside) -> None:
    s.weapons = s.weapons[:-1]
    s.set_aside.append(SetAside(e.weapon, e.turns, e.depth))


@_on(ev.SetAsideTicked)
def _set_aside_ticked(s: GameState, e: ev.SetAsideTicked) -> None:
    keep: list[SetAside] = []
    back: list[SetAside] = []
    for item in s.set_aside:
        item.turns -= 1
        (keep if item.turns > 0 and not e.clear else back).append(item)
    s.set_aside = keep
    # Each weapon goes back to its own place, so the stack keeps its order (R-WEAPON-1).
    for item in sorted(back, key=lambda x: x.depth):
        s.weapons.insert(min(item.depth, len(s.weapons)), item.weapon)


@_on(ev.SkillsDrawn)
def _skills_drawn(s: GameState, e: ev.SkillsDrawn) -> None:
    n = len(e.cards)
    s.skill_deck = s.skill_deck[n:]
    s.choices.extend(e.cards)


@_on(ev.SkillKept)
def _skill_kept(s: GameState, e: ev.SkillKept) -> None:
    s.skills.append(e.skill)
    s.skill_discard.extend(e.discarded)
    s.choices = []


@_on(ev.ChoicesOffered)
def _choices(s: GameState, e: ev.ChoicesOffered) -> None:
    s.choices = list(e.cards)


@_on(ev.ConditionGained)
def _condition_gained(s: GameState, e: ev.ConditionGained) -> None:
    s.conditions.append(ConditionState(e.condition, e.active, e.tokens, e.rounds, e.now, e.round))


@_on(ev.ConditionChanged)
def _condition_changed(s: GameState, e: ev.ConditionChanged) -> None:
    for c in s.conditions:
        if c.id == e.condition and c.active:
            c.tokens = e.tokens
            c.rounds = e.rounds
            return


@_on(ev.ConditionRemoved)
def _condition_removed(s: GameState, e: ev.ConditionRemoved) -> None:
    for i, c in enumerate(s.conditions):
        if c.id == e.condition:
            del s.conditions[i]
            return


@_on(ev.ConditionsAdvanced)
def _conditions_advanced(s: GameState, e: ev.ConditionsAdvanced) -> None:
    gone = set(e.discarded)
    s.conditions = [c for c in s.conditions if not (c.active and c.id in gone)]
    for c in s.conditions:
        c.now = False
    for c in s.conditions:
        c.active = True


@_on(ev.BattleStarted)
def _battle_started(s: GameState, e: ev.BattleStarted) -> None:
    s.round = 0
    s.used_battle = []
    s.extra_turns = 0
    s.skip_turn = False


@_on(ev.RoundStarted)
def _round_started(s: GameState, e: ev.RoundStarted) -> None:
    s.round = e.round
    if s.monster is not None:
        s.monster.wounds_this_round = 0


@_on(ev.TurnStarted)
def _turn_started(s: GameState, e: ev.TurnStarted) -> None:
    s.turn = e.who
    s.used_turn = []


@_on(ev.TurnSkipped)
def _turn_skipped(s: GameState, e: ev.TurnSkipped) -> None:
    s.skip_turn = False


@_on(ev.SkipTurnSet)
def _skip_turn_set(s: GameState, e: ev.SkipTurnSet) -> None:
    s.skip_turn = e.skip


@_on(ev.ExtraTurnsSet)
def _extra_turns(s: GameState, e: ev.ExtraTurnsSet) -> None:
    s.extra_turns = e.extra_turns


@_on(ev.AttackChosen)
def _attack_chosen(s: GameState, e: ev.AttackChosen) -> None:
    s.attack = f"{e.weapon}/{e.attack}"
    s.attack_power = e.power


@_on(ev.AttackPowerSet)
def _attack_power(s: GameState, e: ev.AttackPowerSet) -> None:
    s.attack_power = e.power


@_on(ev.AttackEnded)
def _attack_ended(s: GameState, e: ev.AttackEnded) -> None:
    s.attack = ""
    s.attack_power = 0


@_on(ev.RollSet)
def _roll_set(s: GameState, e: ev.RollSet) -> None:
    s.roll = e.value
    s.rolls = list(e.rolls)


@_on(ev.RollBonusSet)
def _roll_bonus(s: GameState, e: ev.RollBonusSet) -> None:
    s.roll_bonus = e.bonus


@_on(ev.CombatResult)
def _combat_result(s: GameState, e: ev.CombatResult) -> None:
    s.roll = e.roll
    s.rolls = []


@_on(ev.PendingLossSet)
def _pending_loss(s: GameState, e: ev.PendingLossSet) -> None:
    s.pending_loss = e.amount


@_on(ev.Ate)
def _ate(s: GameState, e: ev.Ate) -> None:
    pass


@_on(ev.LevelStarted)
def _level_started(s: GameState, e: ev.LevelStarted) -> None:
    s.level = e.level
    s.used_level = []
    s.round = 0
    s.turn = Turn.NONE


@_on(ev.TriggerOpened)
def _trigger_opened(s: GameState, e: ev.TriggerOpened) -> None:
    s.trigger = e.trigger
    s.used = list(e.used)


@_on(ev.Awaiting)
def _awaiting(s: GameState, e: ev.Awaiting) -> None:
    s.decision = e.decision
    s.then = list(e.then)
    s.trigger = e.trigger
    s.decisions += 1


@_on(ev.GameOver)
def _game_over(s: GameState, e: ev.GameOver) -> None:
    s.outcome = Outcome(e.won, e.level, e.step, e.cause, e.score, e.rank, e.source)
    s.phase = Phase.OVER
    s.decision = DecisionKind.NONE
    s.then = []


missing = [t for t in get_args(ev.Event) if t not in REDUCERS]
assert not missing, f"events without a reducer: {missing}"
