"""#28 playtest round 33: after `i` the inspector's footer was blank for its first frames
("about a second") before "esc Back  c Side by side/all" appeared: Textual's footer draws
its keys only after the frame that follows the screen's word that they changed."""

from __future__ import annotations

from typing import Any

import pytest
from pilot import played, settle, sync
from textual.app import App
from textual.widgets._footer import FooterKey

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.inspector import InspectorScreen


@pytest.fixture
def frames(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, list[str]]]:
    """Every frame drawn: its screen and the footer's keys on it."""
    drawn: list[tuple[str, list[str]]] = []
    display = App._display

    def kept(app: App[Any], screen: Any, update: Any) -> None:
        keys = [f"{key.key_display} {key.description}" for key in screen.query(FooterKey)]
        drawn.append((type(screen).__name__, keys))
        display(app, screen, update)

    monkeypatch.setattr(App, "_display", kept)
    return drawn


def test_the_inspectors_first_frame_has_its_keys(frames: list[tuple[str, list[str]]]) -> None:
    @sync
    async def run() -> None:
        assert save_settings(Settings(hints=False)) == ""
        game = Scenario("tomu", seed=3).resources(se=20).start()
        async with played(game) as (pilot, _):
            frames.clear()
            await pilot.press("i")
            await settle(pilot)
            assert isinstance(pilot.app.screen, InspectorScreen)

    run()
    inspector = [keys for name, keys in frames if name == "InspectorScreen"]
    assert inspector, frames
    assert "esc Back" in inspector[0], inspector[:3]  # from its first frame
