"""How a game ends, in words: the steps' names, a death and its cause, a win's standing."""

from __future__ import annotations

from collections.abc import Callable

from unbroken.core.ruleset import Ruleset
from unbroken.core.state import StepName

#: Each step's name as the log and the records show it.
STEP_NAMES: dict[str, str] = {
    StepName.SETUP: "Setup",
    StepName.PREPARATION: "Preparation",
    StepName.DECISION: "Decision",
    StepName.EXPLORATION: "Exploration",
    StepName.AMBUSH: "Ambush",
    StepName.TRICKERY: "Trickery",
    StepName.BATTLE: "Battle",
    StepName.REWARDS: "Rewards",
    StepName.HUNGER: "Hunger",
}


def death(level: int, step: str, cause: str, killer: str = "", past: bool = False) -> str:
    """Return the sentence of a death: where it came and what caused it.

    `cause` is "wounds", "starvation", or the name of the card whose loss
    could not be paid; `killer` names the monster behind the wounds.
    """
    where = f"at level {level} ({STEP_NAMES.get(step, step)} step)"
    if cause == "wounds":
        source = f" from the {killer}" if killer else ""
        return f"You {'died' if past else 'die'} of your wounds{source}, {where}."
    if cause == "starvation":
        return f"You {'starved' if past else 'starve'} {where}."
    could = "could not" if past else "cannot"
    return f"You {'died' if past else 'die'} {where}: {cause} took effort you {could} pay."


def killer(source: str, card_name: Callable[[str], str]) -> str:
    """Return the printed name of the card a death came from, or "" ("hunger" is no card).

    A card's id is namespaced ("base:goblin"); other sources are not.
    """
    return card_name(source) if ":" in source else ""


def cause_of_death(cause: str, source: str, card_name: Callable[[str], str]) -> str:
    """Return a death's cause in a few words: "wounds (Goblin)", "starvation", "Troglodyte"."""
    by = killer(source, card_name)
    return f"{cause} ({by})" if by and by != cause else cause


def standing(ruleset: Ruleset, cls: str, difficulty: str, score: int, before: int | None) -> str:
    """Return how a win's score stands against the best before it, for its class and difficulty.

    "Your first win with the Brawler on Normal.", "A new best for …: 34 (it
    was 32).", or "Your best for … is 32."
    """
    which = f"the {ruleset.card_name(cls)} on {ruleset.difficulty_name(difficulty)}"
    if before is None:
        return f"Your first win with {which}."
    if score > before:
        return f"A new best for {which}: {score} (it was {before})."
    return f"Your best for {which} is {before}."
