"""Cards' records in words, as a card would print them: effects, modifiers, when a
Response happens, an encounter's exchange, a monster's ambush and trickery."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from unbroken.core import model as m
from unbroken.words.vocabulary import TRIGGER_WORDS, amounts, plural


def trickery_text(monster: m.Monster) -> str:
    """Return what tricking a monster costs, in words ("cannot be tricked" if nothing can)."""
    trick = monster.trickery
    if trick is None:
        return "cannot be tricked"
    cost = amounts(trick.cost) if trick.cost else ""
    if trick.downgrade:
        cost = (cost + " + " if cost else "") + "downgrade your weapon"
    return cost


def ambush_text(monster: m.Monster) -> str:
    """Return a monster's ambush effect in words ("none" if it has none)."""
    return "; ".join(effect_text(e) for e in monster.ambush) or "none"


def encounter_text(card: m.Encounter) -> str:
    """Return an encounter's exchange in words: "1 SE -> 1 food (time 1)"."""
    spend = "commit to the next encounter" if card.commit else amounts(card.spend)
    if card.commit and card.spend:
        spend = amounts(card.spend) + " + commit"
    gain = amounts(card.gain)
    extra = [effect_text(e) for e in card.effects]
    if extra:
        gain = "; ".join(extra) if gain == "nothing" else gain + "; " + "; ".join(extra)
    return f"{spend} -> {gain} (time {card.time})"


def effect_text(e: m.Effect) -> str:
    """Return one effect record in words, as a card would print it."""
    if isinstance(e, m.Gain):
        return f"gain {amounts(e.amounts)}"
    if isinstance(e, m.Lose):
        alt = f" ({'; '.join(effect_text(x) for x in e.alt)} if unable)" if e.alt else ""
        return f"lose {amounts(e.amounts)}{alt}"
    if isinstance(e, m.Reduce):
        alt = f" ({'; '.join(effect_text(x) for x in e.alt)} if unable)" if e.alt else ""
        return f"lose exactly {amounts(e.lose)} and gain {amounts(e.gain)}{alt}"
    if isinstance(e, m.GainCondition):
        name = card_words(e.condition)
        when = "now" if e.timing == "now" else "for the next level"
        extra = f" with {plural(e.tokens, 'token')}" if e.tokens else ""
        rounds = f" for {plural(e.rounds, 'round')}" if e.rounds else ""
        return f"gain {name}{extra} {when}{rounds}"
    if isinstance(e, m.AddTokens):
        name = card_words(e.condition)
        tokens = "token" if abs(e.amount) == 1 else "tokens"  # -1 token, not -1 tokens
        return f"add {e.amount} {tokens} to {name}"
    if isinstance(e, m.RemoveCondition):
        if not e.condition:
            return "remove a condition of your choice"
        return f"remove {card_words(e.condition)}"
    if isinstance(e, m.Downgrade):
        if e.turns:
            return f"downgrade your weapon for {plural(e.turns, 'turn')}"
        return "downgrade your weapon"
    if isinstance(e, m.GainWeapon):
        names = " or ".join(card_words(c) for c in e.choices)
        return f"take a weapon: {names}"
    if isinstance(e, m.MonsterGain):
        parts = [f"{e.armor} armor" if e.armor else "", f"{e.health} health" if e.health else ""]
        return "the monster gains " + " and ".join(p for p in parts if p)
    if isinstance(e, m.MonsterHeal):
        return f"the monster heals {e.amount}"
    if isinstance(e, m.Defend):
        return "the monster ignores your next weapon attack"
    if isinstance(e, m.Wound):
        wounds = "wound" if e.amount == 1 else "wounds"
        ignore = " that ignores armor" if e.amount == 1 else " that ignore armor"
        return f"inflict {e.amount} {wounds}" + (ignore if e.ignore_armor else "")
    if isinstance(e, m.BreakArmor):
        return f"break {e.amount} of the monster's armor"
    if isinstance(e, m.ExtraTurn):
        return "take another turn"
    if isinstance(e, m.RevealMore):
        cards = "card" if e.amount == 1 else "cards"
        return f"the next Exploration reveals {e.amount} more {cards}"
    if isinstance(e, m.Commit):
        return "commit to the next encounter"
    if isinstance(e, m.GainSkill):
        return f"draw {e.draw} skills and keep one"
    if isinstance(e, m.ModifyRoll):
        way = "raise" if e.amount > 0 else "lower"
        return f"{way} the die result by {abs(e.amount)}"
    if isinstance(e, m.Reroll):
        return "roll again" + (" and keep either result" if e.choose else "")
    if isinstance(e, m.AttackPower):
        return f"give this attack {e.amount:+d} power"
    if isinstance(e, m.ExtraAttack):
        return "make another weapon attack"
    if isinstance(e, m.SkipTurn):
        return "skip your coming turn"
    if isinstance(e, m.MonsterAttack):
        return "the monster attacks once now" + (
            f" with {e.bonus:+d} on its roll" if e.bonus else ""
        )
    if isinstance(e, m.RollCheck):
        target = {"level": "the level", "tokens": "the number of tokens"}.get(
            e.against, str(e.beat)
        )
        ok = "; ".join(effect_text(x) for x in e.success)
        bad = "; ".join(effect_text(x) for x in e.failure)
        if not ok:
            return f"roll the die: if it is not above {target}, {bad or 'nothing happens'}"
        if not bad:
            return f"roll the die: if it is above {target}, {ok}"
        return f"roll the die: if it is above {target}, {ok}; otherwise {bad}"
    if isinstance(e, m.GainLevel):
        times = f"{e.times} times " if e.times > 1 else ""
        return f"gain {m.RESOURCE_NAMES.get(e.resource, e.resource)} equal to {times}the level"
    if isinstance(e, m.ReduceLoss):
        return f"lose {e.amount} less effort to this WOUND (at least {e.minimum})"
    if isinstance(e, m.ExtraSkillChoice):
        cards = "card" if e.amount == 1 else "cards"
        return f"reveal {e.amount} more skill {cards} to choose from"
    if isinstance(e, m.Handler):
        return handler_text(e)
    raise AssertionError(f"no words for {e!r}")


def card_words(card_id: str) -> str:
    """Return a card id as a name: "base:giant-spider" -> "Giant spider"."""
    return card_id.split(":")[-1].replace("-", " ").capitalize()


#: The words of handlers that say what they do (a plugin's `EffectType`), by the name
#: cards use ("hoard:steal"): params -> text. Filled as the plugins load.
HANDLER_WORDS: dict[str, Callable[[dict[str, Any]], str]] = {}


def handler_text(e: m.Handler) -> str:
    """Return a named handler in words (the known ones as sentences)."""
    describe = HANDLER_WORDS.get(e.name)
    if describe is not None:
        try:
            return describe(dict(e.params))
        except Exception:  # a plugin's words that fail: the name and params below
            pass
    if e.name == "lose_per_token":
        res = m.RESOURCE_NAMES.get(str(e.params.get("resource", "se")), "SE")
        return f"lose 1 {res} per token, then remove a token"
    # A handler without words of its own: its local name and params, as words.
    params = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in sorted(e.params.items()))
    words = e.name.split(":")[-1].replace("_", " ").replace("-", " ")
    return f"{words} ({params})" if params else words


def modifier_text(mod: m.Modifier) -> str:
    """Return one modifier record (an always-on rule) in words, as a card would print it."""
    if isinstance(mod, m.WoundPower):
        which = f"of power {mod.up_to} or less " if mod.up_to else ""
        return f"wounding weapon attacks {which}have {mod.amount:+d} power"
    if isinstance(mod, m.WoundCap):
        return f"the monster suffers at most {plural(mod.amount, 'wound')} a round"
    if isinstance(mod, m.IgnoreResult):
        return f"{mod.result} results do nothing"
    if isinstance(mod, m.RevealDelta):
        more = "more" if mod.amount > 0 else "fewer"
        cards = "card" if abs(mod.amount) == 1 else "cards"
        return f"each Exploration reveals {abs(mod.amount)} {more} {cards} (at least 1)"
    if isinstance(mod, m.AbilityUses):
        more = "more" if mod.amount > 0 else "fewer"
        uses = "use" if abs(mod.amount) == 1 else "uses"
        return f"{abs(mod.amount)} {more} ability {uses} at the start of each level"
    if isinstance(mod, m.WeaponAttackCost):
        return f"every weapon attack costs {amounts(mod.amounts)} more"
    if isinstance(mod, m.RollBonus):
        return f"the monster's combat rolls get {mod.amount:+d}"
    if isinstance(mod, m.IgnoreArmor):
        return "wounding weapon attacks ignore armor"
    if isinstance(mod, m.HungerDelta):
        more = "more" if mod.amount > 0 else "less"
        return f"you need {abs(mod.amount)} {more} food in each Hunger step"
    if isinstance(mod, m.RollInstead):
        return f"pay {amounts(mod.amounts)} instead of rolling for {card_words(mod.condition)}"
    if isinstance(mod, m.WoundLoss):
        more = "more" if mod.amount > 0 else "less"
        return f"WOUND results cost {abs(mod.amount)} {more} effort (at least {mod.minimum})"
    raise AssertionError(f"no words for {mod!r}")


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
