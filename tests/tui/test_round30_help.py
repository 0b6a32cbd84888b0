"""#28 playtest round 30's help. 30b-13: a section's text ran into its scrollbar ("monster
and survive the meal after it, and you██" in How to play, "(green spaces██" in Expert's
card): the pane's right padding was beyond the bar. Every section keeps a column's gap
before it, at 80x24 and 120x40, the expansions' and every card's (what the search finds).
30b-20: the search for "danger" had no entry for the danger track, and listed the cards
naming "Dangerous Idea" among those saying "danger"."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from bar_gap import rows
from pilot import sync
from playing import help_found
from textual.containers import VerticalScroll

from unbroken.plugins import Plugins, load_plugins
from unbroken.testing import expansions_from_source
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.help import HelpScreen, SectionText, card_sections, danger_section
from unbroken.tui.help_search import ranked
from unbroken.tui.rule_terms import term_sections

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
EXPANSIONS = {"gauntlet": "unbroken_gauntlet", "unearthed": "unbroken_unearthed"}


@contextmanager
def both_expansions() -> Iterator[Plugins]:
    """Yield the plugins of the base game and both expansions, imported from plugins/*/src
    (not installed): their help sections and cards (Gauntlet's Expert) with the base's."""
    with expansions_from_source(PLUGINS, EXPANSIONS):
        extra = [(name, importlib.import_module(pkg)) for name, pkg in EXPANSIONS.items()]
        yield load_plugins(["base", *EXPANSIONS], extra=extra)


def touching(screen: HelpScreen, pane: VerticalScroll) -> list[str]:
    """Return the section's rows drawn with text in the column before the pane's scrollbar,
    the section scrolled a page at a time from its top to its end."""
    before = pane.scrollable_content_region.right - 1  # the column before the scrollbar
    region, found = pane.region, []
    for top in range(0, pane.max_scroll_y + region.height, region.height):
        pane.scroll_to(y=min(top, pane.max_scroll_y), animate=False, immediate=True)
        drawn = rows(screen)
        found += [drawn[y] for y in range(region.y, region.bottom) if drawn[y][before] != " "]
    return found


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_no_section_of_help_runs_into_its_scrollbar(size: tuple[int, int]) -> None:
    async def check(loaded: Plugins) -> None:
        app = UnbrokenApp(loaded.ruleset, animate=False, seed=1)
        app._plugins = loaded
        async with app.run_test(size=size) as pilot:
            app.push_screen(HelpScreen())
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, HelpScreen)
            screen.sections += card_sections(loaded.ruleset) + term_sections()
            pane = screen.query_one("#help-text", VerticalScroll)
            scrolled, touched = 0, {}
            for title, text in screen.sections:
                screen.query_one(SectionText).show(text)  # as the contents open it
                await pilot.pause()
                if pane.max_scroll_y > 0:  # its scrollbar is drawn
                    scrolled += 1
                    touched[title] = touching(screen, pane)
            if size == (80, 24):  # 30b-13's card scrolls there
                assert "Expert (difficulty)" in touched, list(touched)
            assert scrolled >= 5, scrolled  # How to play, Keys, rules; at 80x24 cards too
            assert not any(touched.values()), {k: v[:2] for k, v in touched.items() if v}

    with both_expansions() as loaded:
        sync(lambda: check(loaded))()


def test_a_word_whole_ranks_before_a_word_starting_another() -> None:
    # 30b-20: "danger" listed Sage, Tomu and Helena (their "Dangerous Idea") in the
    # contents' order among the sections that say "danger" whole.
    sections = [
        ("Sage (class)", "## Sage (class)\n\n- 8. Dangerous Idea: roll the die."),
        ("5. Combat Phase", "## 5. Combat Phase\n\nThe danger track's space is added."),
        ("Daring (skill)", "## Daring (skill)\n\n- Danger wakes you up."),
    ]
    order = [sections[i][0] for i in ranked(sections, "danger")]
    assert order == ["5. Combat Phase", "Daring (skill)", "Sage (class)"], order
    assert [sections[i][0] for i in ranked(sections, "dangerous")] == ["Sage (class)"]


def test_the_danger_track_has_its_own_entry_first_in_a_search_for_danger() -> None:
    # 30b-20: no entry for the track; Expert's card held it (under "Danger track").
    with both_expansions() as loaded:
        title, text = danger_section(loaded.ruleset)
        assert title == "Danger track (rule)"
        assert "In this game Expert has one: Expert (difficulty)" in " ".join(text.split())
        sections = [(title, text), *card_sections(loaded.ruleset)]
        order = [sections[i][0] for i in ranked(sections, "danger")]
        assert order[:2] == ["Danger track (rule)", "Expert (difficulty)"], order
        assert order.index("Daring (skill)") < order.index("Sage (class)"), order
    _, text = danger_section(load_plugins(["base"]).ruleset)  # the base game alone
    said = " ".join(text.split())
    assert "moves one space each level as the monster is revealed" in said, said
    assert "No difficulty in this game has one: the Gauntlet expansion's **Expert** does" in said


@sync
async def test_helps_search_for_danger_opens_the_danger_track() -> None:
    async with help_found(*"danger") as (_, screen):
        found = [screen.sections[i][0] for i in screen.listed]
        assert found[0] == "Danger track (rule)", found
        shown = screen.query_one(SectionText).source
        assert shown.startswith("## Danger track\n\nA difficulty may add a **danger track**")
