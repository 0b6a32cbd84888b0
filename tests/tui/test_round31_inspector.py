"""Round 31 (#28, 31a-7): on first open, `i` at an Exploration offering Weapon Rack and
Smuggler's Cache showed "─key 1────…" the whole width and no key 2; one `→` then showed
them side by side. The inspector is laid out for the terminal's size from its first frame,
not only once its Resize comes."""

from __future__ import annotations

from typing import Any

import pytest
from pilot import opened, played, settle, sync

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.inspector import InspectorScreen


@pytest.fixture
def late_resize(monkeypatch: pytest.MonkeyPatch) -> None:
    """The inspector's Resize handled late (never, here): what its first frame shows."""

    def never(self: InspectorScreen, event: Any) -> None:
        return None

    monkeypatch.setattr(InspectorScreen, "on_resize", never)


def test_the_offers_are_side_by_side_without_waiting_for_the_resize(late_resize: None) -> None:
    @sync
    async def run() -> None:
        game = Scenario("caellahan", seed=3).encounters("weapon-rack", "smugglers-cache").start()
        game.apply(act.Explore())
        async with played(game) as (pilot, _):
            await settle(pilot)
            inspector = await opened(pilot, "i", InspectorScreen)
            assert inspector.comparing and inspector.fit == 2
            one, two = inspector.query(".inspector-column")
            assert one.display and two.display
            assert one.region.width < 40 and two.region.width < 40, (one.region, two.region)
            assert one.region.y == two.region.y and two.region.x > one.region.right

    run()
