"""SVG snapshots of the card inspector comparing two weapons (the Weapon Rack), at
80x24, 100x30 and 120x40.

Update them deliberately with `python -m pytest tests/tui/test_inspector_snapshots.py
--snapshot-update` and look at the SVGs before committing.
"""

from __future__ import annotations

from typing import Any

import pytest
from scenes import SIZES, snapshot_settings, weapon_rack  # noqa: F401 (an autouse fixture)

from unbroken.plugins import load_ruleset
from unbroken.tui.app import UnbrokenApp

RULES = load_ruleset()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_inspector_comparing_two_weapons(snap_compare: Any, size: tuple[int, int]) -> None:
    app = UnbrokenApp(RULES, animate=False, game=weapon_rack(), record=False)
    assert snap_compare(app, press=("i",), terminal_size=size)
