"""Round 24's playtest (#28, 24b-12): help's search for "danger track" listed Score, then
5. Combat Phase, then Expert, the one section whose heading is "Danger track"; and that
heading was drawn as a bullet among its own spaces."""

from __future__ import annotations

import asyncio
from pathlib import Path

from playing import help_searched

from packs import GRITTY
from unbroken.plugins import load_plugins
from unbroken.testing import FolderPlugin, write_pack
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.help import HelpScreen, SectionText, card_body
from unbroken.tui.help_search import ranked


def test_a_heading_holding_the_phrase_comes_before_a_text_holding_it() -> None:
    sections = [
        ("Score", "## Score\n\n- Gauntlet: the danger reached, the track's last space."),
        ("5. Combat Phase", "## 5. Combat Phase\nA difficulty may add a danger track."),
        ("Lore", "## Lore\nThe track is long; the danger is great."),
        ("Expert (difficulty)", "## Expert\n\n- The danger track.\n\n### Danger track:\n"),
        ("Track of danger (term)", "## Track of danger\n\nHow it hardens the monster."),
        ("Danger track (term)", "## Danger track\n\nIts spaces."),
    ]
    order = [sections[i][0] for i in ranked(sections, "danger track")]
    assert order == [
        "Danger track (term)",  # named exactly so
        "Expert (difficulty)",  # a heading holds the phrase
        "Track of danger (term)",  # the title holds the words, not as typed
        "5. Combat Phase",  # the text holds the phrase
        "Score",  # the text holds the words apart, as Lore, which follows it
        "Lore",
    ], order
    # Another form, any case: no name is that, two headings hold it (in the contents' order).
    assert ranked(sections, "danger  TRACKS")[:2] == [3, 5]


def test_a_line_leading_lines_under_it_is_their_heading() -> None:
    body = card_body(["  Hard.", "  Danger track:", "    1  green", "    2  red", "  Moves."])
    assert body == "- Hard.\n\n### Danger track:\n\n- 1  green\n- 2  red\n- Moves.", body
    assert card_body(["  Ends so:", "  and on."]) == "- Ends so:\n- and on."  # nothing under it


def test_danger_track_finds_the_difficulty_first_its_track_under_a_heading(
    tmp_path: Path,
) -> None:
    pack = FolderPlugin(write_pack(tmp_path / "x", {"difficulties.toml": GRITTY}))
    asyncio.run(searched(UnbrokenApp(load_plugins(["base", "x"], extra=[("x", pack)]).ruleset)))


async def searched(app: UnbrokenApp) -> None:
    """Search help for "danger track" in an app whose rules have the difficulty Gritty."""
    async with app.run_test(size=(80, 24)) as pilot:
        screen: HelpScreen = await help_searched(pilot, app, *"danger track")
        found = [screen.sections[i][0] for i in screen.listed]
        # The track's own entry first (30b-20), then the difficulty that has one.
        assert found[:2] == ["Danger track (rule)", "Gritty (difficulty)"], found
        assert "5. Combat Phase" in found[2:], found
        await pilot.press("down", "down")  # to what was found, then to Gritty
        await pilot.pause()
        section = screen.query_one("#help-section", SectionText)
        assert section.source.startswith("## Gritty (difficulty)"), section.source[:40]
        drawn = [line.text.strip() for line in section.lines(section.content_size.width)]
        assert "Danger track (skips green spaces):" in drawn, drawn  # a heading, no bullet
        # Round 26: Gritty skips its green space, which no level lands on: it gives nothing.
        assert "• 1  green: passed over (gives nothing)" in drawn, drawn
        assert "• 2  amber: the monster gains +1 armor" in drawn, drawn
