"""The Combat Phase (R-COMBAT-*, R-BATTLE-*, R-REWARD-1, R-HUNGER-*, R-LEVEL-*) as flow steps."""

from __future__ import annotations

from itertools import permutations

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.flow import Run, effective_roll, step


def reset_time(run: Run) -> None:
    """R-COMBAT-3: time goes to the next level's start; at level 4 the track is removed."""
    s = run.s
    starts = run.rules.settings.level_start_time
    if s.level < 4:
        run.emit(ev.TimeSet(starts[s.level], True))
    else:
        run.emit(ev.TimeSet(0, False))


def end_travel(run: Run) -> None:
    """R-TRAVEL-8: the Travel Phase ends; extra cards to reveal that are unused are lost."""
    if run.s.reveal_bonus:
        run.emit(ev.RevealBonus(0))


def monster_first(run: Run) -> bool:
    for d in run.rules.settings.difficulties:
        if d.id == run.s.difficulty:
            return d.monster_first
    return False


@step("combat.ambush")
def ambush(run: Run, _: str) -> None:
    """R-COMBAT-1: reveal, reset time, suffer the ambush effect, then battle.

    R-COMBAT-4: a monster with no ambush effect does not ambush: the step
    passes with nothing in it and nothing that triggers on an ambush fires.
    """
    s = run.s
    end_travel(run)
    run.enter("combat", "ambush")
    if s.monster is None:
        run.reveal_monster()
    reset_time(run)
    monster = run.rules.monsters[s.monster.id]  # type: ignore[union-attr]
    run.push("combat.battle")
    if monster.ambush:
        run.push_effects(monster.ambush, monster.id, "AMBUSH")
        run.fire("ambush")


@step("combat.trickery")
def trickery(run: Run, _: str) -> None:
    """R-COMBAT-2: reveal, reset time, and offer the trick if it can be paid."""
    s = run.s
    end_travel(run)
    run.enter("combat", "trickery")
    if s.monster is None:
        run.reveal_monster()
    reset_time(run)
    trick = run.rules.monsters[s.monster.id].trickery  # type: ignore[union-attr]
    if (
        trick is not None
        and run.can_pay(trick.cost)
        and (not trick.downgrade or len(s.weapons) > 1)
    ):
        run.wait("trickery")
    else:
        run.push("combat.battle")


@step("combat.battle")
def battle(run: Run, _: str) -> None:
    """R-BATTLE-1: the Battle step starts; battle_start Responses fire."""
    run.enter("combat", "battle")
    run.emit(ev.BattleStarted(monster_first(run)))
    run.push("battle.round")
    run.fire("battle_start")


@step("battle.round")
def battle_round(run: Run, _: str) -> None:
    """R-BATTLE-1: player then monster (Hard: monster first, R-SETUP-5)."""
    run.emit(ev.RoundStarted(run.s.round + 1))
    if monster_first(run):
        run.push("battle.monster_turn", "battle.player_turn", "battle.round_end")
    else:
        run.push("battle.player_turn", "battle.monster_turn", "battle.round_end")


@step("battle.round_end")
def round_end(run: Run, _: str) -> None:
    """Conditions that last some rounds count down (R-COND-1)."""
    for c in list(run.s.conditions):
        if c.active and c.rounds > 0 and c.since < run.s.round:
            if c.rounds == 1:
                run.emit(ev.ConditionRemoved(c.id, "rounds over"))
            else:
                run.emit(ev.ConditionChanged(c.id, c.tokens, c.rounds - 1))
    run.push("battle.round")


@step("battle.player_turn")
def player_turn(run: Run, _: str) -> None:
    """R-BATTLE-2: before_player_turn Responses fire, then the player acts."""
    run.emit(ev.TurnStarted("player"))
    run.push("battle.player_act")
    run.fire("before_player_turn")


@step("battle.player_act")
def player_act(run: Run, _: str) -> None:
    if run.s.skip_turn:
        run.emit(ev.TurnSkipped("effect"))
        run.push("battle.player_turn_end")
    else:
        run.wait("player_turn")


@step("battle.player_turn_end")
def player_turn_end(run: Run, _: str) -> None:
    """R-WEAPON-4: set-aside weapons count this turn; extra turns come now."""
    s = run.s
    if s.set_aside:
        back = [w.weapon for w in s.set_aside if w.turns <= 1]
        run.emit(ev.SetAsideTicked(back))
    if s.extra_turns > 0:
        run.emit(ev.ExtraTurnsSet(s.extra_turns - 1))
        run.push("battle.player_turn")


def best_power(run: Run, power: int) -> int:
    """Return the attack power after Passives (R-EFFECT-3).

    The player chooses the order of Passives; a higher power is never worse
    for the player, so the engine takes the order that leaves the most.
    """
    mods = run.modifiers(m.WoundPower)
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


@step("attack.resolve")
def attack_resolve(run: Run, _: str) -> None:
    """R-BATTLE-3/4: apply the chosen attack (a pending Defend swallows it)."""
    s = run.s
    mo = s.monster
    assert mo is not None
    if mo.defend:
        run.monster_changed("defend used", defend=False)
        run.emit(ev.AttackEnded(ignored=True))
        return
    wid, aid = s.attack.split("/")
    option = next(a for a in run.rules.weapons[wid].attacks if a.id == aid)
    if option.type == "break":
        run.monster_changed("armor broken", armor=max(0, mo.armor - s.attack_power))
        run.push("attack.end")
        run.fire("after_armor_break")
        return
    power = best_power(run, s.attack_power)
    if power != s.attack_power:
        run.emit(ev.AttackPowerSet(power, "passives"))
    ignore = option.ignore_armor or bool(run.modifiers(m.IgnoreArmor))
    run.emit(ev.AttackEnded())
    run.wound(power, ignore, wid)


@step("attack.end")
def attack_end(run: Run, _: str) -> None:
    if run.s.attack:
        run.emit(ev.AttackEnded())


@step("attack.extra")
def attack_extra(run: Run, _: str) -> None:
    """Wrecker: another attack now, if one is possible."""
    if run.attacks():
        run.wait("extra_attack")


@step("battle.monster_turn")
def monster_turn(run: Run, _: str) -> None:
    run.emit(ev.TurnStarted("monster"))
    run.push("monster.attack:0", "monster.attack_done")


@step("monster.attack")
def monster_attack(run: Run, arg: str) -> None:
    """R-BATTLE-6: the monster's combat roll, with its bonuses."""
    bonus = int(arg or 0) + sum(mod.amount for mod in run.modifiers(m.RollBonus))
    if bonus != run.s.roll_bonus:
        run.emit(ev.RollBonusSet(bonus))
    run.push("monster.roll")


@step("monster.roll")
def monster_roll(run: Run, _: str) -> None:
    value = run.roll("dice", "combat")
    run.emit(ev.RollSet(value, [], "combat roll"))
    run.push("monster.resolve")
    run.fire("after_monster_roll")


def must_reroll(run: Run, row: m.Row) -> bool:
    """R-BATTLE-6: a row giving a condition already pending (or active, without rounds)."""
    for e in row.effects:
        if isinstance(e, m.GainCondition):
            if e.timing == "next_level" and run.condition(e.condition, active=False):
                return True
            if e.timing == "now" and not e.rounds and run.condition(e.condition):
                return True
    return False


@step("monster.resolve")
def monster_resolve(run: Run, _: str) -> None:
    """Apply the table row of the final roll (R-BATTLE-6, R-EFFECT-4)."""
    s = run.s
    assert s.monster is not None
    monster = run.rules.monsters[s.monster.id]
    roll = effective_roll(s)
    row = monster.table[roll - 1]
    if run.ignores(row.result):
        run.emit(ev.CombatResult(roll, row.result, ignored=True))
        return
    if must_reroll(run, row):
        run.emit(ev.CombatResult(roll, row.result, rerolled=True))
        run.push("monster.roll")
        return
    run.emit(ev.CombatResult(roll, row.result))
    run.push_effects(row.effects, monster.id, row.result)


@step("monster.attack_done")
def monster_attack_done(run: Run, _: str) -> None:
    if run.s.roll_bonus:
        run.emit(ev.RollBonusSet(0))


@step("monster.wound_loss")
def wound_loss(run: Run, _: str) -> None:
    """Lose the (possibly reduced) effort of a WOUND result."""
    s = run.s
    amount = s.pending_loss
    # Passives apply after Responses (R-EFFECT-3); a reduction never raises a loss.
    for mod in run.modifiers(m.WoundLoss):
        amount = max(amount + mod.amount, min(amount, mod.minimum))
    run.emit(ev.PendingLossSet(0))
    if amount > 0:
        assert s.monster is not None
        run.lose({"se": amount}, s.monster.id, cause="wounds")


def return_set_aside(run: Run) -> None:
    if run.s.set_aside:
        run.emit(ev.SetAsideTicked([w.weapon for w in run.s.set_aside], clear=True))


@step("combat.rewards")
def rewards(run: Run, _: str) -> None:
    """R-REWARD-1: the monster's rewards, then (levels 1-3) draw 2 skills, keep 1."""
    s = run.s
    run.enter("combat", "rewards")
    return_set_aside(run)
    assert s.monster is not None
    monster = run.rules.monsters[s.monster.id]
    run.push("combat.hunger")
    if s.level <= 3:
        run.push("skills.gain:2")
    run.push_effects(monster.rewards, monster.id)


@step("combat.hunger")
def hunger(run: Run, _: str) -> None:
    """R-HUNGER-1/2: the player chooses how much to eat."""
    run.enter("combat", "hunger")
    run.wait("hunger")


@step("level.end")
def level_end(run: Run, _: str) -> None:
    run.push("level.advance")
    run.fire("level_end")


@step("level.advance")
def level_advance(run: Run, _: str) -> None:
    """R-LEVEL-1/2: win after level 4; otherwise set up the next level."""
    s = run.s
    if s.level >= 4:
        run.game_over(True)
        return
    conditions = run.rules.conditions
    discarded = [c.id for c in s.conditions if c.active and not conditions[c.id].permanent]
    activated = [c.id for c in s.conditions if not c.active]
    run.emit(ev.ConditionsAdvanced(discarded, activated))
    end_travel(run)  # R-TRAVEL-8: a reveal bonus gained after the Travel Phase is lost too
    return_set_aside(run)
    if s.monster is not None:
        run.emit(ev.MonsterRemoved(s.monster.id))
    if s.committed:
        run.emit(ev.CommitSet(False))
    run.emit(ev.LevelStarted(s.level + 1))
    uses = s.level + sum(mod.amount for mod in run.modifiers(m.AbilityUses))
    run.emit(ev.AbilityUsesSet(max(0, uses)))
    run.enter("travel", "preparation")
    if s.res.get("time", 0) <= 0:
        run.push("combat.ambush")
    else:
        run.push("travel.preparation")
