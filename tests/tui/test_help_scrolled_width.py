"""Help's search measures a section once, at the width it has when scrolled (k51-3): the
scrollbar a scroll brings narrows the section (48 -> 46 columns at 80x24), and that width
is known before the bar is drawn (`scrolled_width`)."""

from __future__ import annotations

from pilot import sync
from playing import help_found

from unbroken.tui.help_text import scrolled_width


@sync
async def test_the_scrolled_width_is_the_sections_once_the_bar_is_drawn() -> None:
    # "eating short": "The screen", scrolled to its match ("starve" was, until 36b-9 put
    # the Hunger step's rule first).
    async with help_found(*"eating short") as (_, screen):
        pane, section = screen.query_one("#help-text"), screen.query_one("#help-section")
        assert screen.sections[screen.listed[0]][0] == "The screen"
        assert pane.show_vertical_scrollbar
        assert scrolled_width(pane, section) == section.content_size.width == 46


@sync
async def test_a_section_with_no_bar_yet_is_measured_as_it_will_be_scrolled() -> None:
    async with help_found(*"steady nerves") as (_, screen):
        pane, section = screen.query_one("#help-text"), screen.query_one("#help-section")
        assert not pane.show_vertical_scrollbar, section.source[:40]  # a short card
        bar = pane.styles.scrollbar_size_vertical
        assert scrolled_width(pane, section) == section.content_size.width - bar == 46
