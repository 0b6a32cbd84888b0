"""Shared by the tests of a pane that scrolls: its text keeps a column's gap before its
scrollbar (28b-15: "weapon,██" on New game, "time lost██" in `l`; `i`'s card, 27b-15)."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widget import Widget


def rows(screen: Screen[Any]) -> list[str]:
    """Return the screen's rows as drawn."""
    strips = screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip) for strip in strips]


def gap_before_the_bar(screen: Screen[Any], pane: Widget) -> None:
    """Assert `pane` scrolls (its scrollbar is drawn) and the column before its scrollbar
    is blank on every row of it."""
    assert pane.max_scroll_y > 0, pane  # it scrolls: its scrollbar is drawn
    region = pane.scrollable_content_region  # its rows of text (not its border's)
    before = region.right - 1  # the column before the scrollbar
    drawn = rows(screen)
    assert all(drawn[y][before] == " " for y in range(region.y, region.bottom)), "\n".join(drawn)
