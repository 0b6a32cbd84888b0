"""The prompts that head decisions, as the menus show them (`prompt_text`).

Most are the engine's own (`Game.decision.prompt`). An extra attack (Wrecker's
Follow Up, the `extra_attack` effect) is worded here: the engine asks twice, as
recorded, a Response ("use Follow Up?"), then the attack to make (`EXTRA_ATTACK`).
The player is told so at the first question (the Response's option ends with
`EXTRA_ATTACK_NOTE`) and the second is headed by the card that gave it, with the
monster's armor left (#28 round 7: "Make another attack?" with a "Pass" came as a
surprise after the Response was used).
"""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.forecast import DECISION, Forecast
from unbroken.core.query import Query, locks_turns
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState, StepName
from unbroken.words.forecast import shown_ability
from unbroken.words.monster import pay_instead
from unbroken.words.vocabulary import sentences

#: What a Response that gives an extra attack (Wrecker's Follow Up) leads to: a second
#: question, the attack to make (two decisions, as recorded; #28 round 7 found it a
#: surprise).
EXTRA_ATTACK_NOTE = "then you choose the extra attack (or none)"


def gives_extra_attack(f: Forecast) -> bool:
    """Return whether a forecast's option is a Response whose next question is the extra
    attack it gives (said with its option: `EXTRA_ATTACK_NOTE`)."""
    return (
        isinstance(f.action, act.Use)
        and f.stops == DECISION
        and f.after.decision == DecisionKind.EXTRA_ATTACK
    )


def prompt_text(prompt: str, state: GameState, ruleset: Ruleset | None = None) -> str:
    """Return a decision's prompt as the menu heads it (`Game.decision.prompt`, but for
    a committed Exploration, which offers no Rest: R-TRAVEL-7, a reroll's results with
    which is the new roll, and, given the ruleset, whose skill is kept and
    an extra attack headed by the card that gave it: "Wrecker (Follow Up): your extra
    attack (armor 1/2 left), or none")."""
    if state.decision == DecisionKind.RESOLVE_OR_REST and state.committed:
        return "Exploration: committed, resolve the encounter"
    if state.decision == DecisionKind.CHOOSE_SKILL and ruleset is not None:
        return skill_prompt(prompt, state, ruleset)
    if state.decision == DecisionKind.PICK_ROLL and len(state.rolls) == 2:
        first, new = state.rolls  # #28 round 16: which was the reroll's was not said
        return sentences(prompt, f"The new roll is the {new} (the {first} came first)")
    if state.decision == DecisionKind.EXTRA_ATTACK and ruleset is not None:
        return extra_attack_prompt(state, ruleset) or prompt
    if state.decision == DecisionKind.ROLL_INSTEAD and ruleset is not None:
        return roll_instead_prompt(state, ruleset) or prompt
    return prompt


def prompt_line(prompt: str, shared: str) -> tuple[str, str]:
    """Return the prompt as the menu heads it (`prompt_text`'s) and what every option
    ends with (`shared_note`), each a sentence where the note follows: "Exploration: keep
    one encounter card.", "Whatever you choose: ⚠ …." (#28 round 19 found the full stop
    missing); ("Keep which result?", "") with no note."""
    if not shared:
        return prompt, ""
    return sentences(prompt), sentences(f"Whatever you choose: {shared}")


def roll_instead_prompt(state: GameState, ruleset: Ruleset) -> str:
    """Return the question of a condition's roll that a payment may replace, naming both
    (#28 round 18: "Roll for the condition, or pay instead?" named neither): "Paralyzed:
    roll (a turn lost unless more than 3), or pay 1 metal (Mirror Shard)?"; "" when
    the condition is not known."""
    cid = state.choices[0] if state.choices else ""
    card = ruleset.conditions.get(cid)
    if card is None:
        return ""
    tokens = next((c.tokens for c in state.conditions if c.id == cid and c.active), 0)
    if locks_turns(card, tokens):
        roll = f"roll (no face is above {tokens}: a turn lost)"
    elif locks_turns(card, max(tokens, 6)):
        roll = f"roll (a turn lost unless more than {tokens})"
    else:
        roll = "roll"
    monster = state.monster.id if state.monster is not None else ""
    pay = pay_instead(ruleset, monster, cid, state) or "instead"
    return f"{ruleset.card_name(cid)}: {roll}, or pay {pay}?"


def skill_prompt(prompt: str, state: GameState, ruleset: Ruleset) -> str:
    """Return "Keep one skill" with whose it is (#28 round 16: a monster's reward, then
    the level's, asked the same): "Keep one skill — the Troll's reward", "— level 2's draw"."""
    source = Query(ruleset, state).skill_from()
    if source in ruleset.monsters:
        return f"{prompt} — the {ruleset.card_name(source)}'s reward"
    if source:
        return f"{prompt} — from {ruleset.card_name(source)}"
    # "— level 1's" read unfinished (#28 round 18): the level's draw.
    return f"{prompt} — level {state.level}'s draw" if state.step == StepName.REWARDS else prompt


def extra_attack_prompt(state: GameState, ruleset: Ruleset) -> str:
    """Return the extra attack's prompt, named by the ability used this turn that gave it
    (a Response, then this second question: the Response's option said it would come,
    `EXTRA_ATTACK_NOTE`); "" when none is found."""
    for key in reversed(state.used_turn):
        source, _, ability_id = key.partition("/")
        ability = ruleset.ability(source, ability_id)
        if ability is not None and any(isinstance(e, m.ExtraAttack) for e in ability.effects):
            name = shown_ability(ruleset, source, ability.name)
            mo = state.monster
            left = f" (armor {mo.armor}/{mo.max_armor} left)" if mo is not None else ""
            return f"{name}: your extra attack{left}, or none"
    return ""
