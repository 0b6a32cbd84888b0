"""Help says what eating does, where its search for "eat" or "food" lands (#28 round 11:
a player looked for it with `?` and found only that food is due, never that each food
eaten gives 1 SE, R-HUNGER-2)."""

from __future__ import annotations

import asyncio

import pytest
from playing import help_searched

from unbroken.plugins import load_ruleset
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.help import HelpScreen, SectionText
from unbroken.tui.help_search import holds, patterns

RULES = load_ruleset()


async def landed(typed: str) -> tuple[str, str]:
    """Return the first section help's search lists for `typed` (its title) and the line
    Enter lands on, marked, with the two after it (what is read there), at 80x24."""
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen: HelpScreen = await help_searched(pilot, app, *typed, "enter")
        section = screen.query_one("#help-section", SectionText)
        marked = section.match_line()
        assert marked is not None, typed
        lines = section.lines(section.content_size.width)[marked : marked + 3]
        line = " ".join(x.text for x in lines)
        return screen.sections[screen.listed[0]][0], " ".join(line.split())


@pytest.mark.parametrize("typed", ["eat", "food", "eating", "Eat food"])
def test_the_search_for_eating_lands_on_what_eating_gives(typed: str) -> None:
    title, line = asyncio.run(landed(typed))
    # Round 24's ranking (a phrase as typed first) lists the Hunger step's rule first for
    # "Eat food": it says it too. Either place, the line found says what eating gives.
    assert title in ("How to play", "Hunger step (rule)"), title
    assert "each food eaten gives 1 se" in line.lower(), line


def test_a_typed_word_is_found_at_a_words_start_only() -> None:
    # "eat" marked "Beat the fourth monster" first: a word inside another is not it.
    for text in ("Beat the fourth monster", "a great deal", "the heat"):
        assert not holds(text, patterns("eat")), text
    for text in ("eat 2 food", "food eaten", "Eating"):
        assert holds(text, patterns("eat")), text
    assert holds("Frightened", patterns("fright"))  # a name's start still finds it
