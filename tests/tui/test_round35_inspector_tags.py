"""The inspector's panes keep a bracketed tag whole (#28 round 35, 35b-12: side by side
on the weapon choice, "Bare Hands (basic" then "weapon)" on the next line)."""

from __future__ import annotations

import re

import pytest
from pilot import opened, played, settle, sync
from scenes import weapon_rack

from unbroken.tui.inspector import CardView, InspectorScreen, card_text

TAG = re.compile(r"\([^()]*\)")


def broken_tags(lines: list[str], width: int) -> list[str]:
    """Return the bracketed tags of `lines` that fit in a line at `width` (under their
    continuation indent) but `card_text` breaks over two lines."""
    drawn = card_text(lines, width).plain.split("\n")
    broken = []
    for line in lines:
        room = width - (len(line) - len(line.lstrip(" "))) - 2
        for tag in TAG.findall(line):
            if len(tag) <= room and not any(tag in row for row in drawn):
                broken.append(tag)
    return broken


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_side_by_side_a_name_keeps_its_tag_whole(size: tuple[int, int]) -> None:
    @sync
    async def run() -> None:
        async with played(weapon_rack(), size=size) as (pilot, _):
            await settle(pilot)
            inspector = await opened(pilot, "i", InspectorScreen)
            assert inspector.comparing
            await settle(pilot)
            views = [v for v in inspector.query(CardView) if v.display and v.size.width]
            assert len(views) >= 2
            for view in views:
                width = view.content_size.width
                drawn = card_text(view.lines, width).plain.split("\n")
                assert "(basic weapon)" in "\n".join(drawn) or "Bare Hands" not in view.lines[0]
                assert broken_tags(view.lines, width) == [], (width, drawn)

    run()


def test_a_tag_wider_than_the_pane_still_wraps() -> None:
    # Where a tag cannot fit in a line it is wrapped as before, never cut.
    lines = ["Bare Hands (a very long tag that cannot fit anywhere)"]
    drawn = card_text(lines, 20).plain
    assert drawn.replace("\n", " ").split() == lines[0].split()


def test_a_name_keeps_its_tag_whole_at_a_narrow_width() -> None:
    drawn = card_text(["Bare Hands (basic weapon)"], 20).plain.split("\n")
    assert drawn == ["Bare Hands", "  (basic weapon)"]
