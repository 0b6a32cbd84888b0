"""Help's rule sections for the words players search (36b-9): "rest" and "armor" had no
section of their own and listed first a card naming the word (Long Rest, Armored) above
the rule; and what each rule section is about, for the search to list it first: "starve"
listed "The screen" (a passing mention) before the Hunger step's rule."""

from __future__ import annotations

import re

from unbroken.tui.rule_terms import TERMS

#: Resting, as R-TRAVEL-5/6/7 say it.
REST = (
    "Rest (rule)",
    "## Rest\n\n"
    "At the Exploration step you keep one of the encounter cards turned over. Then either "
    "resolve it (pay what it asks you to spend, if you can, and take what it gives) or "
    "**rest** instead: gain SE equal to the card's time value. Either way you then lose "
    "the card's time.\n\n"
    "After a card that commits you to the next encounter, that encounter must be resolved: "
    "no rest.\n",
)

#: A monster's armor, as R-BATTLE-3 and R-BATTLE-5 say it.
ARMOR = (
    "Armor (rule)",
    "## Armor\n\n"
    "A monster's **armor** guards its health. An armor-breaking attack may only be used "
    "while the monster has at least 1 armor, and removes armor equal to its attack power, "
    "never below 0. A wounding attack removes health, and may only be used once the "
    "monster has 0 armor, unless the option or one of your skills says it ignores armor. "
    "Attack power beyond what is needed is wasted.\n\n"
    "When a monster gains armor, its maximum goes up too. A difficulty's danger track may "
    "add armor as the monster is revealed.\n",
)

#: Help's own rule sections, after the cards in the search.
RULE_SECTIONS = (REST, ARMOR)


def _about(words: str, ids: tuple[str, ...]) -> re.Pattern[str]:
    """Return what a typed search is about for a rule section: its words (a pattern) or
    one of its rule ids ("R-HUNGER-3", kept for bug reports though never shown)."""
    cited = [re.escape(rule_id) + r"(?!\d)" for rule_id in ids]
    return re.compile("|".join([words, *cited]), re.IGNORECASE)


def about() -> dict[str, re.Pattern[str]]:
    """Return each rule section's title with what a search is about when it is this
    section's subject: the words the screen names the rule by ("starve", "starvation",
    "Starving" are the Hunger step's), or its rule ids."""
    said = {f"{term.name} (rule)": _about(term.word.pattern, term.ids) for term in TERMS}
    said[REST[0]] = _about(r"^rest(?:s|ed|ing)?$", ("R-TRAVEL-5",))
    said[ARMOR[0]] = _about(r"^armou?rs?$", ("R-BATTLE-3",))
    said["Danger track (rule)"] = _about(r"^danger(?: track)?$", ("R-MONSTER-1",))
    return said
