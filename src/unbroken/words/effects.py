"""Cards' records in words, as a card would print them: effects, modifiers, when a
Response happens, an encounter's exchange, a monster's ambush and trickery."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING, Any

from unbroken.core import model as m
from unbroken.words.table import check_complete, words_for
from unbroken.words.vocabulary import TRIGGER_WORDS, amounts, plural

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset

#: The words of each effect type, as a card prints them: fn(effect) -> text.
EFFECT_WORDS: dict[type, Callable[[Any], str]] = {}
#: The words of each modifier type (an always-on rule): fn(modifier) -> text.
MODIFIER_WORDS: dict[type, Callable[[Any], str]] = {}
#: The rules the words being made are of, when the caller gave them (`effect_text(e,
#: rules)`, `naming(rules)`): a card is named by their `card_name` (one name per card), else
#: by `card_words`; a condition they hold says whether it is permanent (`_permanent`).
_RULES: ContextVar[Ruleset | None] = ContextVar("naming_rules", default=None)
#: The level a condition gained "for the next level" is named by, where the words are of
#: a game before its last level (`encounter_text`'s `level`); 0: "the next level".
_NEXT: ContextVar[int] = ContextVar("next_level", default=0)
#: The last level (R-LEVEL-1: the game is won after it).
LAST_LEVEL = 4


def named(card_id: str) -> str:
    """Return a card id as the words being made name it (see `_RULES`)."""
    rules = _RULES.get()
    return rules.card_name(card_id) if rules is not None else card_words(card_id)


#: A condition gained "for the next level" that is permanent (Armored, R-COND-1) stays from
#: then on: said so, not as if it lasted one level (#28 round 10).
PENDING, PENDING_LASTING = "for the next level", "from the next level on"


def pending_words(permanent: bool, level: int = 0) -> str:
    """Return when a condition gained for the next level acts: "for the next level", or
    "from the next level on" for a permanent one; "for level 4" given that `level`."""
    if level:  # #28 round 26: "for the next level" in level 3's travel read as this level
        return f"from level {level} on" if permanent else f"for level {level}"
    return PENDING_LASTING if permanent else PENDING


def _permanent(card_id: str) -> bool:
    """Return whether a condition is permanent, as far as the words being made know: the
    rules they are of (`naming`); False without them."""
    rules = _RULES.get()
    card = rules.conditions.get(card_id) if rules is not None else None
    return card is not None and card.permanent


def trickery_text(monster: m.Monster) -> str:
    """Return what tricking a monster costs, in words ("cannot be tricked" if nothing can)."""
    trick = monster.trickery
    if trick is None:
        return "cannot be tricked"
    cost = amounts(trick.cost) if trick.cost else ""
    if trick.downgrade:
        cost = (cost + " + " if cost else "") + "downgrade your weapon"
    return cost


def ambush_text(monster: m.Monster, rules: Ruleset | None = None) -> str:
    """Return a monster's ambush effect in words ("none" if it has none)."""
    return "; ".join(effect_text(e, rules) for e in monster.ambush) or "none"


def encounter_text(card: m.Encounter, rules: Ruleset | None = None, level: int = 0) -> str:
    """Return an encounter's exchange in words: "1 SE -> 1 food (time 1)"; `rules`: the
    rules in play, for the cards it names ("gain Bone Ward for the next level"); `level`:
    the game's, the next one named before the last ("gain Bone Ward for level 4")."""
    token = _NEXT.set(level + 1 if 0 < level < LAST_LEVEL else 0)
    try:
        return _encounter_text(card, rules)
    finally:
        _NEXT.reset(token)


def _encounter_text(card: m.Encounter, rules: Ruleset | None) -> str:
    spend = "commit to the next encounter" if card.commit else amounts(card.spend)
    if card.commit and card.spend:
        spend = amounts(card.spend) + " + commit"
    gain = amounts(card.gain)
    extra = [effect_text(e, rules) for e in card.effects]
    if extra:
        gain = "; ".join(extra) if gain == "nothing" else gain + "; " + "; ".join(extra)
    return f"{spend} -> {gain} (time {card.time})"


def effect_text(e: m.Effect, rules: Ruleset | None = None, level: int = 0) -> str:
    """Return one effect record in words, as a card would print it, of the `rules` in play
    when given (the cards it names by their `card_name`, one name per card, and a permanent
    condition said so), else as `named` does. `level`: the game's, where one is in play: a
    handler whose words take it says its figure at that level ("lose 2 SE"), not its
    formula ("lose 1 SE per 2 levels"); 0 (card lists, help): the formula."""
    if level and isinstance(e, m.Handler):
        return handler_text(e, level)
    with naming(rules):
        return EFFECT_WORDS[type(e)](e)


def ability_words(ability: m.Ability, rules: Ruleset | None = None) -> str:
    """Return an ability's words as its option says them: an action's deeds in short, its
    cost said once, in the option's bracket ("reveal 3 more cards at the next Exploration";
    #28 round 28: "Delve [Gravedigger] (pay 1 SE, 1 ability use): Spend 1 SE: the next…"
    gave the cost twice); a Response's its card's words (when it happens is in them)."""
    deeds = [effect_text(e, rules) for e in ability.effects] if ability.type == "action" else []
    return "; ".join(deeds) or ability.text


def modifier_text(mod: m.Modifier, rules: Ruleset | None = None) -> str:
    """Return one modifier record (an always-on rule) in words, as a card would print it
    (see `effect_text` for `rules`)."""
    with naming(rules):
        return MODIFIER_WORDS[type(mod)](mod)


@contextmanager
def naming(rules: Ruleset | None) -> Iterator[None]:
    """Make the words inside of `rules`: cards named by their `card_name`, a permanent
    condition said so (None: as the words around already are)."""
    if rules is None:
        yield
        return
    token = _RULES.set(rules)
    try:
        yield
    finally:
        _RULES.reset(token)


@words_for(EFFECT_WORDS, m.Gain)
def _gain(e: m.Gain) -> str:
    return f"gain {amounts(e.amounts)}"


@words_for(EFFECT_WORDS, m.Lose)
def _lose(e: m.Lose) -> str:
    alt = f" ({'; '.join(effect_text(x) for x in e.alt)} if unable)" if e.alt else ""
    return f"lose {amounts(e.amounts)}{alt}"


@words_for(EFFECT_WORDS, m.Reduce)
def _reduce(e: m.Reduce) -> str:
    alt = f" ({'; '.join(effect_text(x) for x in e.alt)} if unable)" if e.alt else ""
    return f"lose exactly {amounts(e.lose)} and gain {amounts(e.gain)}{alt}"


@words_for(EFFECT_WORDS, m.GainCondition)
def _gain_condition(e: m.GainCondition) -> str:
    name = named(e.condition)
    when = "now" if e.timing == "now" else pending_words(_permanent(e.condition), _NEXT.get())
    extra = f" with {plural(e.tokens, 'token')}" if e.tokens else ""
    rounds = f" for {plural(e.rounds, 'round')}" if e.rounds else ""
    return f"gain {name}{extra} {when}{rounds}"


@words_for(EFFECT_WORDS, m.AddTokens)
def _add_tokens(e: m.AddTokens) -> str:
    name = named(e.condition)
    tokens = "token" if abs(e.amount) == 1 else "tokens"  # -1 token, not -1 tokens
    return f"add {e.amount} {tokens} to {name}"


@words_for(EFFECT_WORDS, m.RemoveCondition)
def _remove_condition(e: m.RemoveCondition) -> str:
    if not e.condition:
        return "remove a condition of your choice"
    return f"remove {named(e.condition)}"


@words_for(EFFECT_WORDS, m.Downgrade)
def _downgrade(e: m.Downgrade) -> str:
    if e.turns:  # as the option's forecast says it: "your Club set aside for 2 turns"
        return f"your weapon set aside for {plural(e.turns, 'turn')}"
    return "downgrade your weapon"


@words_for(EFFECT_WORDS, m.GainWeapon)
def _gain_weapon(e: m.GainWeapon) -> str:
    names = " or ".join(named(c) for c in e.choices)
    return f"take a weapon or none: {names}"  # R-REWARD-2: one may be declined


@words_for(EFFECT_WORDS, m.MonsterGain)
def _monster_gain(e: m.MonsterGain) -> str:
    parts = [f"{e.armor} armor" if e.armor else "", f"{e.health} health" if e.health else ""]
    return "the monster gains " + " and ".join(p for p in parts if p)


@words_for(EFFECT_WORDS, m.MonsterHeal)
def _monster_heal(e: m.MonsterHeal) -> str:
    return f"the monster heals {e.amount}"


@words_for(EFFECT_WORDS, m.Defend)
def _defend(e: m.Defend) -> str:
    return "the monster ignores your next weapon attack"


@words_for(EFFECT_WORDS, m.Wound)
def _wound(e: m.Wound) -> str:
    wounds = "wound" if e.amount == 1 else "wounds"
    ignore = " that ignores armor" if e.amount == 1 else " that ignore armor"
    return f"inflict {e.amount} {wounds}" + (ignore if e.ignore_armor else "")


@words_for(EFFECT_WORDS, m.BreakArmor)
def _break_armor(e: m.BreakArmor) -> str:
    return f"break {e.amount} of the monster's armor"


@words_for(EFFECT_WORDS, m.ExtraTurn)
def _extra_turn(e: m.ExtraTurn) -> str:
    return "take another turn"


@words_for(EFFECT_WORDS, m.RevealMore)
def _reveal_more(e: m.RevealMore) -> str:
    cards = "card" if e.amount == 1 else "cards"
    # Said as a deed, as every effect is: "spend 1 SE to reveal 3 more cards at the next
    # Exploration" (#28 round 13: "Spend 1 SE to the next Exploration reveals 3 more").
    return f"reveal {e.amount} more {cards} at the next Exploration"


@words_for(EFFECT_WORDS, m.Commit)
def _commit(e: m.Commit) -> str:
    return "commit to the next encounter"


@words_for(EFFECT_WORDS, m.GainSkill)
def _gain_skill(e: m.GainSkill) -> str:
    return f"draw {e.draw} skills and keep one"


@words_for(EFFECT_WORDS, m.ModifyRoll)
def _modify_roll(e: m.ModifyRoll) -> str:
    way = "raise" if e.amount > 0 else "lower"
    return f"{way} the die result by {abs(e.amount)}"


@words_for(EFFECT_WORDS, m.Reroll)
def _reroll(e: m.Reroll) -> str:
    return "roll again" + (" and keep either result" if e.choose else "")


@words_for(EFFECT_WORDS, m.AttackPower)
def _attack_power(e: m.AttackPower) -> str:
    return f"give this attack {e.amount:+d} power"


@words_for(EFFECT_WORDS, m.ExtraAttack)
def _extra_attack(e: m.ExtraAttack) -> str:
    return "make another weapon attack"


@words_for(EFFECT_WORDS, m.SkipTurn)
def _skip_turn(e: m.SkipTurn) -> str:
    return "skip your coming turn"


@words_for(EFFECT_WORDS, m.MonsterAttack)
def _monster_attack(e: m.MonsterAttack) -> str:
    return "the monster attacks once now" + (f" with {e.bonus:+d} on its roll" if e.bonus else "")


@words_for(EFFECT_WORDS, m.RollCheck)
def _roll_check(e: m.RollCheck) -> str:
    target = {"level": "the level", "tokens": "the number of tokens"}.get(e.against, str(e.beat))
    ok = "; ".join(effect_text(x) for x in e.success)
    bad = "; ".join(effect_text(x) for x in e.failure)
    if not ok:
        return f"roll the die: if it is not above {target}, {bad or 'nothing happens'}"
    if not bad:
        return f"roll the die: if it is above {target}, {ok}"
    return f"roll the die: if it is above {target}, {ok}; otherwise {bad}"


@words_for(EFFECT_WORDS, m.GainLevel)
def _gain_level(e: m.GainLevel) -> str:
    times = f"{e.times} times " if e.times > 1 else ""
    return f"gain {m.RESOURCE_NAMES.get(e.resource, e.resource)} equal to {times}the level"


@words_for(EFFECT_WORDS, m.ReduceLoss)
def _reduce_loss(e: m.ReduceLoss) -> str:
    return f"lose {e.amount} less effort to this WOUND (at least {e.minimum})"


@words_for(EFFECT_WORDS, m.ExtraSkillChoice)
def _extra_skill_choice(e: m.ExtraSkillChoice) -> str:
    cards = "card" if e.amount == 1 else "cards"
    return f"reveal {e.amount} more skill {cards} to choose from"


@words_for(EFFECT_WORDS, m.Handler)
def _handler(e: m.Handler) -> str:
    return handler_text(e)


check_complete(EFFECT_WORDS, m.Effect, "effect types")


def card_words(card_id: str) -> str:
    """Return a card id as a name, as cards print theirs: "base:giant-spider" -> "Giant
    Spider" (each word capitalised: "Bone ward" beside "Bone Ward" was two names)."""
    return " ".join(w.capitalize() for w in card_id.split(":")[-1].split("-"))


def _lose_per_token(params: dict[str, Any]) -> str:
    res = m.RESOURCE_NAMES.get(str(params.get("resource", "se")), "SE")
    return f"lose 1 {res} per token, then remove a token"


#: The words of handlers that say what they do, by the name cards use ("hoard:steal"):
#: params -> text. The built-in handlers' are here; a plugin's (its `EffectType`'s
#: `words()`, or `handler_words`) are added as the plugins load.
HANDLER_WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "lose_per_token": _lose_per_token,
}


def handler_text(e: m.Handler, level: int = 0) -> str:
    """Return a named handler in words (the known ones as sentences), at the game's `level`
    when given and its words take one (`handler_words`: `describe(params, level=None)`)."""
    describe = HANDLER_WORDS.get(e.name)
    if describe is not None:
        try:
            if level and _takes_level(describe):
                return describe(dict(e.params), level=level)  # type: ignore[call-arg]
            return describe(dict(e.params))
        except Exception:  # a plugin's words that fail: the name and params below
            pass
    # A handler without words of its own: its local name and params, as words.
    # A resource reads as the game names it ("1 SE", not "se 1").
    params = ", ".join(
        f"{v} {m.RESOURCE_NAMES[k]}" if k in m.RESOURCE_NAMES else f"{k.replace('_', ' ')} {v}"
        for k, v in sorted(e.params.items())
    )
    words = e.name.split(":")[-1].replace("_", " ").replace("-", " ")
    return f"{words} ({params})" if params else words


@cache
def _takes_level(describe: Callable[..., str]) -> bool:
    """Return whether a handler's words take the game's level (a `level` parameter)."""
    try:
        return "level" in inspect.signature(describe).parameters
    except (TypeError, ValueError):  # a template's format_map: no signature to read
        return False


@words_for(MODIFIER_WORDS, m.WoundPower)
def _wound_power(mod: m.WoundPower) -> str:
    which = f"of power {mod.up_to} or less " if mod.up_to else ""
    return f"wounding weapon attacks {which}have {mod.amount:+d} power"


@words_for(MODIFIER_WORDS, m.WoundCap)
def _wound_cap(mod: m.WoundCap) -> str:
    return f"the monster suffers at most {plural(mod.amount, 'wound')} a round"


@words_for(MODIFIER_WORDS, m.IgnoreResult)
def _ignore_result(mod: m.IgnoreResult) -> str:
    return f"{mod.result} results do nothing"


@words_for(MODIFIER_WORDS, m.RevealDelta)
def _reveal_delta(mod: m.RevealDelta) -> str:
    more = "more" if mod.amount > 0 else "fewer"
    cards = "card" if abs(mod.amount) == 1 else "cards"
    return f"each Exploration reveals {abs(mod.amount)} {more} {cards} (at least 1)"


@words_for(MODIFIER_WORDS, m.AbilityUses)
def _ability_uses(mod: m.AbilityUses) -> str:
    more = "more" if mod.amount > 0 else "fewer"
    uses = "use" if abs(mod.amount) == 1 else "uses"
    return f"{abs(mod.amount)} {more} ability {uses} at the start of each level"


@words_for(MODIFIER_WORDS, m.WeaponAttackCost)
def _weapon_attack_cost(mod: m.WeaponAttackCost) -> str:
    return f"every weapon attack costs {amounts(mod.amounts)} more"


@words_for(MODIFIER_WORDS, m.RollBonus)
def _roll_bonus(mod: m.RollBonus) -> str:
    return f"the monster's combat rolls get {mod.amount:+d}"


@words_for(MODIFIER_WORDS, m.IgnoreArmor)
def _ignore_armor(mod: m.IgnoreArmor) -> str:
    return "wounding weapon attacks ignore armor"


@words_for(MODIFIER_WORDS, m.HungerDelta)
def _hunger_delta(mod: m.HungerDelta) -> str:
    more = "more" if mod.amount > 0 else "less"
    return f"you need {abs(mod.amount)} {more} food in each Hunger step"


@words_for(MODIFIER_WORDS, m.RollInstead)
def _roll_instead(mod: m.RollInstead) -> str:
    return f"pay {amounts(mod.amounts)} instead of rolling for {named(mod.condition)}"


@words_for(MODIFIER_WORDS, m.WoundLoss)
def _wound_loss(mod: m.WoundLoss) -> str:
    more = "more" if mod.amount > 0 else "less"
    return f"WOUND results cost {abs(mod.amount)} {more} effort (at least {mod.minimum})"


check_complete(MODIFIER_WORDS, m.Modifier, "modifier types")


#: How a printed text that already says when it happens begins.
_SAYS_WHEN = ("after ", "when ", "whenever ", "at the ", "before ", "once per ", "each ")


def when_text(ability: m.Ability) -> str:
    """Return an ability's printed text, saying when a Response happens if the text does not.

    "Gain 3 SE." is all Second Wind's card says; offered as a skill it reads
    "When the monster is defeated: gain 3 SE."
    """
    text = ability.text
    if ability.type != "response" or not text:
        return text
    when = TRIGGER_WORDS.get(ability.trigger, ability.trigger.replace("_", " "))
    lowered = text.lower()
    if (
        lowered.startswith(_SAYS_WHEN)
        or " ".join(when.lower().split()[:3]) in lowered
        or ability.trigger in lowered
    ):
        return text
    return f"{when}: {text[0].lower()}{text[1:]}"
