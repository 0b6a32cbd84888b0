"""Round 36 (play36b, #28): the replay viewer's progress bar grew and shrank with the words
beside it ("playing"/"paused", the speed "0.25s"/"2.0s", the position 9 or 10): it now
keeps one width for the recording and the screen's size (`replays.progress_line`), at 80
and 120 columns alike."""

from __future__ import annotations

import asyncio

import pytest
from test_chances import viewing
from textual.widgets import Static

from unbroken.tui.replays import SPEEDS, progress_line


def _bar(line: str) -> int:
    """The bar's cells at the start of the progress line."""
    return len(line) - len(line.lstrip("█░"))


def test_the_bar_keeps_its_width_whatever_the_words() -> None:
    for room in (44, 68, 78):
        widths = {
            _bar(progress_line(i, 123, playing, speed, room))
            for i in (0, 9, 10, 99, 100, 123)
            for playing in (True, False)
            for speed in range(len(SPEEDS))
        }
        assert len(widths) == 1, (room, widths)
        # And the line fits its room, words and all.
        assert len(progress_line(123, 123, True, 3, room)) <= room


async def _bar_widths(size: tuple[int, int]) -> dict[str, int]:
    """Play, pause, speed up and down and step through the short game in the viewer at
    `size`: each progress line seen, with its bar's width."""
    async with viewing(size) as (pilot, viewer):
        await pilot.pause()
        position = viewer.query_one("#position", Static)
        seen: dict[str, int] = {}

        async def look(name: str) -> None:
            await pilot.pause()
            line = position.render_line(0).text.rstrip()
            assert line.startswith(("█", "░")), line
            seen[f"{name}: {line}"] = _bar(line)

        await look("paused")
        await pilot.press("space")  # playing
        await look("playing")
        for _ in SPEEDS:
            await pilot.press("plus")
            await look("faster")
        for _ in SPEEDS:
            await pilot.press("minus")
            await look("slower")
        await pilot.press("space")  # paused again
        for _ in range(10):
            await pilot.press("right")
            await look("on")
        await pilot.press("end")
        await look("end")
        return seen


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_viewers_bar_does_not_jump_as_it_plays(size: tuple[int, int]) -> None:
    seen = asyncio.run(_bar_widths(size))
    assert len(set(seen.values())) == 1, seen
