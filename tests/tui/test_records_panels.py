"""The Records screen's plugin panels (unbroken_records_panels): `c` opens them."""

from __future__ import annotations

from typing import Any

import pytest
from pilot import sync

from unbroken.plugins import load_ruleset
from unbroken.plugins.hookspecs import RecordsPanel
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.history import RecordsScreen
from unbroken.tui.panels import PanelsScreen, panel_lines

RULES = load_ruleset()


class FakePlugins:
    """What the Records screen reads of the plugins on: their panels."""

    def __init__(self, panels: list[RecordsPanel]) -> None:
        self.records_panels = panels


def broken(ruleset: Any) -> list[str]:
    raise ValueError("no file")


def test_a_panel_that_raises_is_a_line_naming_it() -> None:
    panel = RecordsPanel("x:run", "Runs", broken)
    assert panel_lines(panel, RULES) == [
        "Runs",
        "plugin 'x': panel 'x:run' raised ValueError: no file",
    ]


@pytest.mark.parametrize("panels", [[], [RecordsPanel("x:run", "Runs", lambda r: ["one run"])]])
def test_c_opens_the_panels_only_when_a_plugin_adds_one(
    panels: list[RecordsPanel], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("unbroken.plugins.current_plugins", lambda: FakePlugins(panels))

    @sync
    async def run() -> None:
        app = UnbrokenApp(RULES, animate=False)
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(RecordsScreen())
            await pilot.pause()
            active = app.screen.active_bindings.items()
            shown = [key for key, b in active if b.enabled and b.binding.show]
            assert ("p" in shown) == bool(panels)
            await pilot.press("p")
            await pilot.pause()
            if not panels:
                assert isinstance(app.screen, RecordsScreen)
                return
            assert isinstance(app.screen, PanelsScreen)
            text = str(app.screen.query_one(".panel").render())
            assert "Runs\none run" in text

    run()
