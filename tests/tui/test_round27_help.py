"""#28 playtest round 27's help: a search's match shown with the start of its table row
(27a-13), the replay viewer's keys headed as a game's are (27b-8)."""

from __future__ import annotations

from pilot import sync
from playing import help_found
from textual.containers import VerticalScroll

from unbroken.plugins import load_ruleset
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.help import HelpScreen, SectionText

RULES = load_ruleset()


def shown(screen: HelpScreen) -> list[str]:
    """Return the lines of the section shown, as the view shows them."""
    section = screen.query_one("#help-section", SectionText)
    text = screen.query_one("#help-text", VerticalScroll)
    lines = section.lines(section.content_size.width)
    top = round(text.scroll_y)
    return [line.text for line in lines[top : top + text.scrollable_content_region.height]]


@sync
async def test_a_match_in_a_table_row_opens_at_the_start_of_that_row() -> None:
    # 27a-13: "/costly" opened Keys at "Fight always: a key marks a" / "costly option,
    # again" / "takes it", the row's key ("2, 2") and first words above the view.
    async with help_found(*"costly") as (_, screen):
        lines = shown(screen)
        assert lines[0].lstrip().startswith("2, 2"), lines[:4]
        assert "new question" in lines[0], lines[:4]
        assert any("costly" in line for line in lines[:4]), lines[:4]


@sync
async def test_the_viewers_keys_are_headed_as_keys_and_read_on_one_row() -> None:
    # 27b-8: the viewer's `?` showed a table headed " in the replay viewer  does", its
    # first row wrapped "← → one decision back" / "or on" (the key column that wide).
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HelpScreen(viewer=True))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        lines = shown(screen)
        assert "In the replay viewer" in [line.strip() for line in lines], lines
        header = next(line for line in lines if "does" in line)
        assert header.split() == ["key", "does"], header
        first = next(i for i, line in enumerate(lines) if "← →" in line)
        assert lines[first].split() == ["←", "→", *"one decision back or on".split()], lines
        source = screen.query_one(SectionText).source
        assert source.index("In the replay viewer") < source.index("### In a game")


@sync
async def test_a_phrase_searched_lists_first_where_it_is_said_and_marks_it() -> None:
    # 27b-8: "next level" listed Keys first (the phrase once, in the viewer's keys at its
    # end) and opened it at "the weapon, phase or level", no "next level" in sight.
    async with help_found(*"next level") as (_, screen):
        titles = [screen.sections[i][0] for i in screen.listed]
        assert titles[0] != "Keys", titles  # the phrase's sections first, by how often
        section = screen.query_one("#help-section", SectionText)
        marked = section.match_line()
        assert marked is not None
        line = section.lines(section.content_size.width)[marked].text
        assert "next" in line and "level" in line, line
        assert any(line == row for row in shown(screen))
