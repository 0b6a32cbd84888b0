"""29b-6: help's search for "time track" listed "Curious Tracks (encounter)" first, above
the sections holding "time track" as typed: its card's heading, "Curious Tracks
(encounter, time 5)", holds the two words apart."""

from __future__ import annotations

from unbroken.tui.help_search import ranked


def test_a_text_holding_the_phrase_comes_before_a_cards_heading_holding_its_words() -> None:
    sections = [
        ("4. Travel Phase", "## 4. Travel Phase\nMove the marker down the time track."),
        ("Curious Tracks (encounter)", "## Curious Tracks (encounter, time 5)\n\n- Resolve."),
        ("Time and tracks (term)", "## Time and tracks\n\nWhat they are."),
    ]
    order = [sections[i][0] for i in ranked(sections, "time track")]
    assert order == [
        "Time and tracks (term)",  # its name holds the words (round 24's order)
        "4. Travel Phase",  # the text holds the phrase as typed
        "Curious Tracks (encounter)",  # a heading under the name holds the words apart
    ], order
