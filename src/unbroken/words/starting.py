"""What a game starts with for a character on a difficulty, in words: its weapon and
starting figures (#28 round 27: the New game screen said "Same abilities and start as
Caellahan" and never what that start was)."""

from __future__ import annotations

from unbroken.core import model as m
from unbroken.core.game import starting
from unbroken.core.ruleset import Ruleset
from unbroken.words.effects import effect_text
from unbroken.words.vocabulary import plural


def start_sentence(ruleset: Ruleset, card: m.Character, diff: m.Difficulty) -> str:
    """Return what a game starts with, in one sentence: "Starts with Bare Hands as your
    weapon, 13 SE, 7 time and 1 ability use (on Normal)." (and the skills, conditions and
    setup effects the character has)."""
    name = ruleset.card_name
    weapon = name(card.weapon or ruleset.settings.starting_weapon)
    res, uses = starting(ruleset, card, diff)
    parts = [f"{weapon} as your weapon"]
    parts += [f"{res[k]} {m.RESOURCE_NAMES[k]}" for k in m.RESOURCES if res.get(k)]
    parts.append(plural(uses, "ability use"))
    parts += [f"the skill {name(s)}" for s in card.skills]
    parts += [f"the condition {name(c)}" for c in card.conditions]
    parts += [effect_text(e) for e in card.setup]
    listed = ", ".join(parts[:-1]) + f" and {parts[-1]}"
    return f"Starts with {listed} (on {diff.name})."
