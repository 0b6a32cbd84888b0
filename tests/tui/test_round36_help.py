"""#28 playtest round 36 (36b-9): help's search for "starve" listed "The screen" (a
passing mention, its "you would starve") before the Hunger step's rule. A section whose
name is the word, or whose subject it is (its rule's words, its rule id), comes first.
What a player means by each word was written down before the change was run."""

from __future__ import annotations

import re

from pilot import sync
from playing import help_found
from textual.widgets import Input

from unbroken.tui.help_rules import about
from unbroken.tui.help_search import ranked

#: The words players search, with the section a player means (written before running).
MEANT = {
    "starve": "Hunger step (rule)",
    "starvation": "Hunger step (rule)",
    "Starving": "Hunger step (rule)",  # before "Starving Goblins (encounter)"
    "hunger": "Hunger step (rule)",  # before "Hunger Pangs (encounter)"
    "ambush": "Ambush (rule)",
    "Frightened": "Frightened (condition)",
    "Fright": "Frightened (condition)",
    "armor": "Armor (rule)",  # the monster's armor, not the Armored condition
    "rest": "Rest (rule)",  # not "Long Rest (encounter)"
    "resting": "Rest (rule)",
    "undo": "Keys",  # `u` takes back the last decision
    "R-HUNGER-3": "Hunger step (rule)",  # a rule id, as bug reports cite it
}


@sync
async def test_the_first_section_found_is_the_one_a_player_means() -> None:
    async with help_found() as (pilot, screen):
        search = screen.query_one("#help-search", Input)
        first = {}
        for word in MEANT:
            search.value = word
            await pilot.pause()
            first[word] = screen.sections[screen.listed[0]][0]
        assert first == MEANT


def test_a_rule_whose_subject_the_word_is_comes_before_a_passing_mention() -> None:
    sections = [
        ("The screen", "## The screen\n\nIn red when you could not pay it: you would starve."),
        ("Starving Goblins (encounter)", "## Starving Goblins (encounter, time 2)\n\n- Fight."),
        ("Hunger step (rule)", "## Hunger step\n\nIf you cannot pay, you starve."),
    ]
    subject = {"Hunger step (rule)": re.compile(r"\bstarv", re.IGNORECASE)}
    for word in ("starve", "starving", "Starving"):
        order = [sections[i][0] for i in ranked(sections, word, subject)]
        assert order[0] == "Hunger step (rule)", (word, order)
    # Without its subject, the old order: the passing mention first.
    assert [sections[i][0] for i in ranked(sections, "starve")][0] == "The screen"


def test_a_name_said_exactly_comes_before_a_rule_about_it() -> None:
    # "ambusher" is the Ambush rule's subject too (its word is "ambush…"), but the card
    # named so is meant.
    sections = [
        ("Ambush (rule)", "## Ambush\n\nThe monster ambushes."),
        ("Ambusher (skill)", "## Ambusher\n\n- Ambusher: an ambush."),
    ]
    assert [sections[i][0] for i in ranked(sections, "ambusher", about())] == [
        "Ambusher (skill)",
        "Ambush (rule)",
    ]
