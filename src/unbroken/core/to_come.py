"""What can still come this level: which Response triggers can still fire, whether the
player can still take an action, before the ability uses refill at the level's end
(R-LEVEL-1, R-ABILITY-1).

One answer for every part that asks: `core.obvious` (a use that no other ability could
want before the refill) and the words' "none left for Dodge" (`words.no_use.last_use`).
Only what the state shows counts; where it cannot tell (a skill drawn in the Travel Phase
by an encounter), a trigger can still fire. The order of a level's Combat Phase
(`core.combat`): the Ambush or Trickery step, the battle (`battle_start` once, then turns
with `before_player_turn`, `after_attack_chosen`, `after_armor_break`,
`after_monster_roll`, `wound_loss`), `monster_defeated` once, the Rewards step
(`before_skill_gain` before the level's skills, levels 1-3, or a reward's), the Hunger
step, then `level_end`.
"""

from __future__ import annotations

from unbroken.core import model as m
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import ConditionState, DecisionKind, GameState, Phase, StepName

#: The Combat Phase's steps before its battle (the ambush's and the trickery's).
_BEFORE_BATTLE = (StepName.AMBUSH, StepName.TRICKERY)
#: The steps after the battle (the monster defeated or tricked).
_AFTER_BATTLE = (StepName.REWARDS, StepName.HUNGER)


def can_still_fire(ruleset: Ruleset, state: GameState, trigger: str) -> bool:
    """Return whether a Response window at `trigger` can still open this level from
    `state`, the window open now counted (its other Responses are offered in it): every
    trigger in the Travel Phase; in the Combat Phase `battle_start` before the battle,
    `ambush` at its step, the battle's triggers and `monster_defeated` until the battle is
    over, `before_skill_gain` before the Hunger step where a skill is still to be drawn
    (levels 1-3, or the monster's reward gives one, R-REWARD-1), `level_end` always."""
    if state.phase == Phase.OVER:
        return False
    if state.decision == DecisionKind.RESPONSE and state.trigger == trigger:
        return True
    if state.phase != Phase.COMBAT or trigger == "level_end":
        return True
    if trigger == "before_skill_gain":
        if state.step == StepName.HUNGER:
            return False
        mo = state.monster
        rewards = ruleset.monsters[mo.id].rewards if mo is not None else []
        return state.level <= m.SKILL_LEVELS or any(isinstance(e, m.GainSkill) for e in rewards)
    if battle_over(state):
        return False
    if trigger == "battle_start":
        return state.step in _BEFORE_BATTLE
    if trigger == "ambush":
        return state.step == StepName.AMBUSH
    return True


def turns_to_come(state: GameState) -> bool:
    """Return whether the player may still take an action this level (the Travel Phase's,
    a turn of the battle): not once the battle is over, nor after the game."""
    return state.phase != Phase.OVER and not battle_over(state)


def battle_over(state: GameState) -> bool:
    """Return whether this level's battle is over: the monster defeated (its window open)
    or the Rewards and Hunger steps reached (after a defeat or a trick)."""
    if state.phase != Phase.COMBAT:
        return False
    if state.decision == DecisionKind.RESPONSE and state.trigger == "monster_defeated":
        return True
    return state.step in _AFTER_BATTLE


def hunger_to_come(state: GameState) -> bool:
    """Return whether this level's Hunger step has still to eat (R-HUNGER-1..3): not once
    its choice is made and its loss paid (the `level_end` window after it), nor after the
    game."""
    if state.phase == Phase.OVER:
        return False
    return state.step != StepName.HUNGER or state.decision == DecisionKind.HUNGER


def acted_for_the_level(ruleset: Ruleset, condition: ConditionState) -> bool:
    """Return whether a condition in play has done all it will: active, not permanent, and
    every ability of it a Passive that only changes the ability uses a level starts with
    (Blessed, Amnesia). Those uses are counted as the level starts (R-ABILITY-1), and the
    card leaves play at the level's end (R-COND-1): removing it now changes nothing."""
    card = ruleset.conditions[condition.id]
    if not condition.active or card.permanent or not card.abilities:
        return False
    return all(
        a.type == "passive"
        and not a.effects
        and a.modifiers
        and all(isinstance(mod, m.AbilityUses) for mod in a.modifiers)
        for a in card.abilities
    )


def still_helps(ruleset: Ruleset, condition: ConditionState) -> bool:
    """Return whether a condition in play still helps the player: a positive card whose
    moment is not past (an active Blessed has given its use: `acted_for_the_level`)."""
    card = ruleset.conditions[condition.id]
    return card.positive and not acted_for_the_level(ruleset, condition)
