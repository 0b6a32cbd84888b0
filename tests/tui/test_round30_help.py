"""#28 playtest round 30's help (30b-13): a section's text ran into its scrollbar ("monster
and survive the meal after it, and you██" in How to play, "(green spaces██" in Expert's
card): the pane's right padding was beyond the bar. Every section keeps a column's gap
before it, at 80x24 and 120x40, the expansions' and every card's (what the search finds)."""

from __future__ import annotations

import pytest
from bar_gap import rows
from pilot import sync
from textual.containers import VerticalScroll

from unbroken.plugins import load_plugins
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.help import HelpScreen, SectionText, card_sections
from unbroken.tui.rule_terms import term_sections


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
    loaded = load_plugins(["base", "gauntlet", "unearthed"])

    async def check() -> None:
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
            assert scrolled >= 5, scrolled  # How to play, Keys, rules; at 80x24 cards too
            assert not any(touched.values()), {k: v[:2] for k, v in touched.items() if v}

    sync(check)()
