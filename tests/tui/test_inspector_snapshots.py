"""SVG snapshots of the card inspector comparing two weapons (the Weapon Rack), at
80x24, 100x30 and 120x40.

Update them deliberately with `python -m pytest tests/tui/test_inspector_snapshots.py
--snapshot-update` and look at the SVGs before committing.
"""

from __future__ import annotations

from typing import Any

import pytest

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp

RULES = load_ruleset()
SIZES = [(80, 24), (100, 30), (120, 40)]


@pytest.fixture(autouse=True)
def _no_blink(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNBROKEN_NO_BLINK", "1")
    from unbroken.settings import Settings, save_settings

    assert save_settings(Settings(hints=False)) == ""


def weapon_rack() -> Game:
    game = (
        Scenario("niola", seed=3)
        .encounters("weapon-rack", "metal-scraps", "a-safe-place")
        .start("exploration")
    )
    game.apply(act.ChooseEncounter("base:weapon-rack"))
    game.apply(act.Resolve())
    return game


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_inspector_comparing_two_weapons(snap_compare: Any, size: tuple[int, int]) -> None:
    app = UnbrokenApp(RULES, animate=False, game=weapon_rack(), record=False)
    assert snap_compare(app, press=("i",), terminal_size=size)
