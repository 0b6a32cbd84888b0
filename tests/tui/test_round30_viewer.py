"""#28 playtest round 30 (30b-9): the replay viewer kept its 80x24 layout after a resize to
120x40 until the next step: the log wrapped at about 44 columns in a 70-column pane, the
Stage's rows cut, "Hand ↓ more" and 8 blank rows at the bottom; one `→` laid it out again.
It drew the position in the Resize event, before the panels had their new sizes (the
Screen lays itself out after its subclass's handler): what a second Resize, where one
came, drew again. It now draws once the layout is done, as the game screen does."""

from __future__ import annotations

import pytest
from bar_gap import rows
from pilot import settle, sync
from test_chances import viewing
from textual.widgets import RichLog

from unbroken.tui.replays import ReplayViewerScreen


@sync
async def test_the_viewer_draws_a_resize_at_the_new_size_only() -> None:
    monkeypatch = pytest.MonkeyPatch()
    widths: list[int] = []  # the log's width at each drawing of the position
    show = ReplayViewerScreen.show

    def shown(viewer: ReplayViewerScreen) -> None:
        widths.append(viewer.query_one("#log", RichLog).scrollable_content_region.width)
        show(viewer)

    async with viewing() as (pilot, viewer):
        await pilot.press(*["right"] * 8)
        await settle(pilot)
        small = rows(viewer)
        monkeypatch.setattr(ReplayViewerScreen, "show", shown)
        try:
            await pilot.resize_terminal(120, 40)
            await settle(pilot)
        finally:
            monkeypatch.undo()
        resized = rows(viewer)
        wide = viewer.query_one("#log", RichLog).scrollable_content_region.width
        assert wide > 60 and widths and set(widths) == {wide}, (wide, widths)
        await pilot.press("left", "right")  # the same position, drawn again at 120x40
        await settle(pilot)
        assert resized != small[:40] and resized == rows(viewer), "\n".join(resized)
