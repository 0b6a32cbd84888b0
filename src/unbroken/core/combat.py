"""The Combat Phase (R-COMBAT-*, R-BATTLE-*, R-REWARD-1, R-HUNGER-*, R-LEVEL-*) as flow steps."""

from __future__ import annotations

from itertools import permutations

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core import steps
from unbroken.core.attacking import attacks
from unbroken.core.effects import monster_changed, wound
from unbroken.core.payment import can_pay, lose
from unbroken.core.resolver import Resolver, step
from unbroken.core.responses import fire, payable_instead
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState, Phase, StepName, Turn

# Enum members read once: on Python 3.11 each `Phase.TRAVEL` costs about 100 ns (EnumType's
# attribute hook), and these steps run at most decisions.
_TRAVEL, _COMBAT = Phase.TRAVEL, Phase.COMBAT
_STEP_AMBUSH, _STEP_TRICKERY, _STEP_BATTLE = StepName.AMBUSH, StepName.TRICKERY, StepName.BATTLE
_STEP_REWARDS, _STEP_HUNGER, _STEP_PREPARATION = (
    StepName.REWARDS,
    StepName.HUNGER,
    StepName.PREPARATION,
)
_ASK_TRICKERY, _ASK_TURN, _ASK_EXTRA_ATTACK, _ASK_HUNGER = (
    DecisionKind.TRICKERY,
    DecisionKind.PLAYER_TURN,
    DecisionKind.EXTRA_ATTACK,
    DecisionKind.HUNGER,
)
_PLAYER, _MONSTER = Turn.PLAYER, Turn.MONSTER


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


def reveal_monster(r: Resolver) -> None:
    """Roll for this level's monster and reveal it (R-MONSTER-1).

    A level with more than six monsters (a plugin's joined the base game's)
    rolls a die with one side per monster: the n-th in number order
    (`Ruleset.monster_die`, `Ruleset.rolled_monster`: the words read a roll so too).
    """
    level = r.state.level
    value = r.roll("monster", "monster", r.rules.monster_die(level))
    monster = r.rules.rolled_monster(level, value)
    if monster is None:
        raise ValueError(f"no monster for a roll of {value} at level {level}")
    track = r.rules.difficulty(r.state.difficulty)
    if track is None or not track.danger:
        r.emit(ev.MonsterRevealed(monster.id, monster.armor, monster.health))
        return
    space, skipped = danger_space(track, r.state.level)
    here = track.danger[space]
    armor = min(m.TRACKER_MAX, monster.armor + here.armor)
    health = min(m.TRACKER_MAX, monster.health + here.health)
    r.emit(ev.MonsterRevealed(monster.id, armor, health, space + 1, skipped))


def danger_space(difficulty: m.Difficulty, level: int) -> tuple[int, int]:
    """Return where the danger marker lands on `level` (0-based) and how many it skipped.

    The marker starts off the track and advances one space per level; from each
    space it lands on it moves on past every space of a colour the difficulty
    skips (a skipped space does nothing). It never moves past the last space.
    """
    last = len(difficulty.danger) - 1
    space, skipped = -1, 0
    for _ in range(level):
        space, skipped = min(space + 1, last), 0
        while space < last and difficulty.danger[space].colour in difficulty.skip:
            space, skipped = space + 1, skipped + 1
    return space, skipped


def reset_time(r: Resolver) -> None:
    """R-COMBAT-3: time goes to the next level's start; at level 4 the track is removed."""
    s = r.state
    starts = r.rules.settings.level_start_time
    if s.level < 4:
        r.emit(ev.TimeSet(starts[s.level], True))
    else:
        r.emit(ev.TimeSet(0, False))


def end_travel(r: Resolver) -> None:
    """R-TRAVEL-8: the Travel Phase ends; extra cards to reveal that are unused are lost."""
    if r.state.reveal_bonus:
        r.emit(ev.RevealBonus(0))


def monster_first(r: Resolver) -> bool:
    """Return whether the difficulty has the monster strike first (Hard)."""
    d = r.rules.difficulty(r.state.difficulty)
    return d is not None and d.monster_first


def _enter_combat(r: Resolver, at: StepName) -> m.Monster:
    """Start the Combat Phase at `at` (Ambush or Trickery): the Travel Phase ends, the
    monster is revealed if it is not yet, the time track resets; return the monster."""
    end_travel(r)
    r.enter(_COMBAT, at)
    if r.state.monster is None:
        reveal_monster(r)
    reset_time(r)
    return r.rules.monsters[r.state.monster.id]  # type: ignore[union-attr]  # revealed above


@step(steps.Ambush)
def ambush(r: Resolver, _: steps.Ambush) -> None:
    """R-COMBAT-1: reveal, reset time, suffer the ambush effect, then battle.

    R-COMBAT-4: a monster with no ambush effect does not ambush: the step
    passes with nothing in it and nothing that triggers on an ambush fires.
    """
    monster = _enter_combat(r, _STEP_AMBUSH)
    r.push(steps.BATTLE)
    if monster.ambush:
        r.push_effects(monster.ambush, monster.id, "AMBUSH")
        fire(r, "ambush")


@step(steps.Trickery)
def trickery(r: Resolver, _: steps.Trickery) -> None:
    """R-COMBAT-2: reveal, reset time, and offer the trick if it can be paid."""
    s = r.state
    trick = _enter_combat(r, _STEP_TRICKERY).trickery
    if trick is not None and can_pay(s, trick.cost) and (not trick.downgrade or len(s.weapons) > 1):
        r.wait(_ASK_TRICKERY)
    else:
        r.push(steps.BATTLE)


@step(steps.Battle)
def battle(r: Resolver, _: steps.Battle) -> None:
    """R-BATTLE-1: the Battle step starts; battle_start Responses fire."""
    r.enter(_COMBAT, _STEP_BATTLE)
    r.emit(ev.BattleStarted(monster_first(r)))
    r.push(steps.ROUND)
    fire(r, "battle_start")


@step(steps.Round)
def battle_round(r: Resolver, _: steps.Round) -> None:
    """R-BATTLE-1: player then monster (Hard: monster first, R-SETUP-5)."""
    r.emit(ev.RoundStarted(r.state.round + 1))
    if monster_first(r):
        r.push(steps.MONSTER_TURN, steps.PLAYER_TURN, steps.ROUND_END)
    else:
        r.push(steps.PLAYER_TURN, steps.MONSTER_TURN, steps.ROUND_END)


@step(steps.RoundEnd)
def round_end(r: Resolver, _: steps.RoundEnd) -> None:
    """Conditions that last some rounds count down (R-COND-1)."""
    for c in list(r.state.conditions):
        if c.active and c.rounds > 0 and c.since < r.state.round:
            if c.rounds == 1:
                r.emit(ev.ConditionRemoved(c.id, "rounds over"))
            else:
                r.emit(ev.ConditionChanged(c.id, c.tokens, c.rounds - 1))
    r.push(steps.ROUND)


@step(steps.PlayerTurn)
def player_turn(r: Resolver, _: steps.PlayerTurn) -> None:
    """R-BATTLE-2: before_player_turn Responses fire, then the player acts."""
    r.emit(ev.TurnStarted(_PLAYER))
    r.push(steps.PLAYER_ACT)
    fire(r, "before_player_turn")


@step(steps.PlayerAct)
def player_act(r: Resolver, _: steps.PlayerAct) -> None:
    if r.state.skip_turn:
        r.emit(ev.TurnSkipped("effect"))
        r.push(steps.PLAYER_TURN_END)
    else:
        r.wait(_ASK_TURN)


@step(steps.PlayerTurnEnd)
def player_turn_end(r: Resolver, _: steps.PlayerTurnEnd) -> None:
    """R-WEAPON-4: set-aside weapons count this turn; extra turns come now."""
    s = r.state
    if s.set_aside:
        back = [w.weapon for w in s.set_aside if w.turns <= 1]
        r.emit(ev.SetAsideTicked(back))
    if s.extra_turns > 0:
        r.emit(ev.ExtraTurnsSet(s.extra_turns - 1))
        r.push(steps.PLAYER_TURN)


def best_power(r: Resolver, power: int) -> int:
    """Return the attack power after Passives (R-EFFECT-3).

    The player chooses the order of Passives; a higher power is never worse
    for the player, so the engine takes the order that leaves the most.
    """
    mods = r.modifiers(m.WoundPower)
    if not mods:
        return power
    best = 0
    for order in permutations(mods):
        p = power
        for mod in order:
            if mod.up_to == 0 or p <= mod.up_to:
                p = max(0, p + mod.amount)
        best = max(best, p)
    return best


@step(steps.AttackResolve)
def attack_resolve(r: Resolver, _: steps.AttackResolve) -> None:
    """R-BATTLE-3/4: apply the chosen attack (a pending Defend swallows it)."""
    s = r.state
    mo = s.monster
    assert mo is not None
    if mo.defend:
        monster_changed(r, "defend used", defend=False)
        r.emit(ev.AttackEnded(ignored=True))
        return
    wid, aid = s.attack.split("/")
    option = next(a for a in r.rules.weapons[wid].attacks if a.id == aid)
    if option.type == "break":
        monster_changed(r, "armor broken", armor=max(0, mo.armor - s.attack_power))
        r.push(steps.ATTACK_END)
        fire(r, "after_armor_break")
        return
    power = best_power(r, s.attack_power)
    if power != s.attack_power:
        r.emit(ev.AttackPowerSet(power, "passives"))
    ignore = option.ignore_armor or bool(r.modifiers(m.IgnoreArmor))
    r.emit(ev.AttackEnded())
    wound(r, power, ignore, wid)


@step(steps.AttackEnd)
def attack_end(r: Resolver, _: steps.AttackEnd) -> None:
    if r.state.attack:
        r.emit(ev.AttackEnded())


@step(steps.ExtraAttack)
def attack_extra(r: Resolver, _: steps.ExtraAttack) -> None:
    """Wrecker: another attack now, if one is possible."""
    if attacks(r):
        r.wait(_ASK_EXTRA_ATTACK)


@step(steps.MonsterTurn)
def monster_turn(r: Resolver, _: steps.MonsterTurn) -> None:
    r.emit(ev.TurnStarted(_MONSTER))
    r.push(steps.MonsterAttack(0), steps.MONSTER_ATTACK_DONE)


@step(steps.MonsterAttack)
def monster_attack(r: Resolver, at: steps.MonsterAttack) -> None:
    """R-BATTLE-6: the monster's combat roll, with its bonuses."""
    bonus = at.bonus + sum(mod.amount for mod in r.modifiers(m.RollBonus))
    if bonus != r.state.roll_bonus:
        r.emit(ev.RollBonusSet(bonus))
    r.push(steps.MONSTER_ROLL)


@step(steps.MonsterRoll)
def monster_roll(r: Resolver, _: steps.MonsterRoll) -> None:
    value = r.roll("dice", "combat")
    r.emit(ev.RollSet(value, [], "combat roll"))
    r.push(steps.MONSTER_RESOLVE)
    fire(r, "after_monster_roll")


def must_reroll(r: Resolver, row: m.Row) -> bool:
    """R-BATTLE-6: a row giving a condition already pending (or active, without rounds)."""
    for e in row.effects:
        if isinstance(e, m.GainCondition):
            if e.timing == "next_level" and r.condition(e.condition, active=False):
                return True
            if e.timing == "now" and not e.rounds and r.condition(e.condition):
                return True
    return False


@step(steps.MonsterResolve)
def monster_resolve(r: Resolver, _: steps.MonsterResolve) -> None:
    """Apply the table row of the final roll (R-BATTLE-6, R-EFFECT-4)."""
    s = r.state
    assert s.monster is not None
    monster = r.rules.monsters[s.monster.id]
    roll = effective_roll(s)
    row = monster.table[roll - 1]
    if r.ignores(row.result):
        r.emit(ev.CombatResult(roll, row.result, ignored=True))
        return
    if must_reroll(r, row):
        r.emit(ev.CombatResult(roll, row.result, rerolled=True))
        r.push(steps.MONSTER_ROLL)
        return
    r.emit(ev.CombatResult(roll, row.result))
    r.push_effects(row.effects, monster.id, row.result)


@step(steps.MonsterAttackDone)
def monster_attack_done(r: Resolver, _: steps.MonsterAttackDone) -> None:
    if r.state.roll_bonus:
        r.emit(ev.RollBonusSet(0))


@step(steps.WoundLoss)
def wound_loss(r: Resolver, _: steps.WoundLoss) -> None:
    """Lose the (possibly reduced) effort of a WOUND result."""
    s = r.state
    amount = passive_loss(r, s.pending_loss)  # Passives apply after Responses (R-EFFECT-3)
    r.emit(ev.PendingLossSet(0))
    if amount > 0:
        assert s.monster is not None
        lose(r, {"se": amount}, s.monster.id, cause="wounds")


def passive_loss(r: Resolver, amount: int) -> int:
    """Return a WOUND result's SE loss of `amount` after the Passives in play that change
    it (Armored's Plates: 1 less, minimum 1); a reduction never raises a loss."""
    for mod in r.modifiers(m.WoundLoss):
        amount = wound_loss_step(amount, mod)
    return amount


def wound_loss_step(amount: int, mod: m.WoundLoss) -> int:
    """Return a WOUND result's SE loss of `amount` after one Passive's change `mod`: its
    amount, to at least its minimum; a reduction never raises a loss."""
    return max(amount + mod.amount, min(amount, mod.minimum))


def passive_loss_steps(r: Resolver, amount: int) -> list[tuple[str, str, m.WoundLoss, int]]:
    """Return each change the Passives in play make to a WOUND result's SE loss of `amount`,
    in `passive_loss`'s order, as (card id, ability name, its modifier, the loss after it)."""
    steps = []
    for src, ability, _ in r.in_play():
        if ability.type != "passive":
            continue
        for mod in (x for x in ability.modifiers if isinstance(x, m.WoundLoss)):
            amount = wound_loss_step(amount, mod)
            steps.append((src, ability.name, mod, amount))
    return steps


def return_set_aside(r: Resolver) -> None:
    if r.state.set_aside:
        r.emit(ev.SetAsideTicked([w.weapon for w in r.state.set_aside], clear=True))


@step(steps.Rewards)
def rewards(r: Resolver, _: steps.Rewards) -> None:
    """R-REWARD-1: the monster's rewards, then (levels 1-3) draw 2 skills, keep 1."""
    s = r.state
    r.enter(_COMBAT, _STEP_REWARDS)
    return_set_aside(r)
    assert s.monster is not None
    monster = r.rules.monsters[s.monster.id]
    r.push(steps.HUNGER)
    if s.level <= m.SKILL_LEVELS:
        r.push(steps.SkillsGain(2))
    r.push_effects(monster.rewards, monster.id)


@step(steps.Hunger)
def hunger(r: Resolver, _: steps.Hunger) -> None:
    """R-HUNGER-1/2: the player chooses how much to eat."""
    r.enter(_COMBAT, _STEP_HUNGER)
    r.wait(_ASK_HUNGER)


@step(steps.LevelEnd)
def level_end(r: Resolver, _: steps.LevelEnd) -> None:
    r.push(steps.LEVEL_ADVANCE)
    fire(r, "level_end")


@step(steps.LevelAdvance)
def level_advance(r: Resolver, _: steps.LevelAdvance) -> None:
    """R-LEVEL-1/2: win after level 4; otherwise set up the next level."""
    s = r.state
    if s.level >= 4:
        r.game_over(True)
        return
    conditions = r.rules.conditions
    discarded = [c.id for c in s.conditions if c.active and not conditions[c.id].permanent]
    activated = [c.id for c in s.conditions if not c.active]
    r.emit(ev.ConditionsAdvanced(discarded, activated))
    end_travel(r)  # R-TRAVEL-8: a reveal bonus gained after the Travel Phase is lost too
    return_set_aside(r)
    if s.monster is not None:
        r.emit(ev.MonsterRemoved(s.monster.id))
    if s.committed:
        r.emit(ev.CommitSet(False))
    r.emit(ev.LevelStarted(s.level + 1))
    uses = s.level + sum(mod.amount for mod in r.modifiers(m.AbilityUses))
    r.emit(ev.AbilityUsesSet(max(0, uses)))
    r.enter(_TRAVEL, _STEP_PREPARATION)
    if s.res.get("time", 0) <= 0:
        r.push(steps.AMBUSH)
    else:
        r.push(steps.PREPARATION)


#: The faces of the die a check rolls (R-EFFECT-4: results are 1..6).
CHECK_FACES = 6


def locks_turns(card: m.Condition, tokens: int) -> bool:
    """Return whether a condition card with `tokens` takes every turn of the player's: a
    check against its tokens before each turn whose failure skips the turn, with no die
    face above the tokens (Paralyzed at 6: no roll is higher, R-COND-2, R-EFFECT-4)."""
    if tokens < CHECK_FACES:
        return False
    for ability in card.abilities:
        if ability.type != "response" or ability.trigger != "before_player_turn":
            continue
        for e in ability.effects:
            if isinstance(e, m.RollCheck) and e.against == "tokens":
                if any(isinstance(x, m.SkipTurn) for x in e.failure):
                    return True
    return False


def turn_lock(rules: Ruleset, state: GameState) -> tuple[str, int] | None:
    """Return the active condition that takes every turn of the player's from now on, and
    its tokens (`locks_turns`); it leaves play only as the Combat Phase ends (R-COND-1).
    None when no condition does, or while the player can pay instead of rolling for it
    (Mirror Shard's metal against Paralyzed at 6): each turn is then bought, not lost."""
    for c in state.conditions:
        card = rules.conditions.get(c.id)
        if card is not None and c.active and locks_turns(card, c.tokens):
            if not payable_instead(Resolver(rules, state), c.id):
                return c.id, c.tokens
    return None
