"""Help's search finds a word's other forms and lands at the match (#28 playtest round 10:
"starve" found nothing although the game says "⚠ you starve"; only "starv" did, and
Enter opened the section at its top, far from the match)."""

from __future__ import annotations

from pilot import sync
from playing import help_found
from textual.containers import VerticalScroll
from textual.widgets import Input

from unbroken.plugins import load_ruleset
from unbroken.tui.help import SectionText
from unbroken.tui.help_search import holds, patterns, stem

RULES = load_ruleset()


def test_a_typed_word_finds_its_other_forms() -> None:
    for typed in ("starve", "starving", "starved", "starvation", "Starv"):
        assert holds("you die of starvation", patterns(typed)), typed
        assert holds("⚠ you starve at the Hunger step", patterns(typed)), typed
    assert stem("starve") == "starv" and stem("arms") == "arms"  # no stem under 4 letters
    assert not holds("armor 1", patterns("arms"))
    assert not holds("you die of starvation", patterns("starve zzqx"))  # every word typed


@sync
async def test_starve_finds_the_hunger_rules_and_enter_lands_at_the_match() -> None:
    async with help_found(*"starve") as (pilot, screen):
        titles = [screen.sections[i][0] for i in screen.listed]
        # The Hunger rules' section and the rule's term, both holding "starve" as typed
        # (the Combat Phase's since round 28's "⚠ you starve at the Hunger step"), among
        # the first, before the sections holding only its other forms ("Starving Goblins").
        assert titles.index("Hunger step (rule)") < 3 and titles.index("5. Combat Phase") < 3
        assert titles.index("Hunger step (rule)") < titles.index("Starving Goblins (encounter)")
        at = titles.index("5. Combat Phase")
        for _ in range(at):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        section = screen.query_one("#help-section", SectionText)
        marked = section.match_line()
        assert marked is not None
        line = section.lines(section.content_size.width)[marked].text
        assert "starv" in line.lower(), line
        text = screen.query_one("#help-text", VerticalScroll)
        assert text.has_focus
        assert text.scroll_y <= marked < text.scroll_y + text.size.height, (marked, text.scroll_y)
        assert marked > text.size.height  # below the first screen: scrolled there
        assert screen.query_one("#help-search", Input).value == "starve"
