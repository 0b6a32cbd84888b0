"""The unbroken_records_panels hook: a plugin's panels for the Records screen."""

from __future__ import annotations

from typing import Any

import pytest

from unbroken import hookimpl
from unbroken.plugins import PluginError, load_plugins
from unbroken.plugins.hookspecs import RecordsPanel


def test_hook_unbroken_records_panels() -> None:
    class Panels:
        @hookimpl
        def unbroken_records_panels(self) -> list[RecordsPanel]:
            """Return one panel."""
            return [RecordsPanel("runs", "My runs", lambda ruleset: ["none yet"])]

    loaded = load_plugins(["base", "p"], extra=[("p", Panels())])
    [panel] = loaded.records_panels
    assert (panel.name, panel.title) == ("p:runs", "My runs")
    assert panel.lines(loaded.ruleset) == ["none yet"]
    [info] = [i for i in loaded.infos if i.name == "p"]
    assert info.records_panels == ["p:runs"]


def test_a_panel_hook_of_the_wrong_shape_skips_the_plugin_naming_it() -> None:
    class Wrong:
        @hookimpl
        def unbroken_records_panels(self) -> Any:
            """Return a title, not a panel."""
            return ["My runs"]

    with pytest.raises(PluginError) as caught:
        load_plugins(["base", "w"], strict=["w"], extra=[("w", Wrong())])
    message = str(caught.value)
    assert "plugin 'w'" in message and "unbroken_records_panels" in message
    assert "expected a list of unbroken.plugins.hookspecs.RecordsPanel" in message
