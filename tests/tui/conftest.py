"""The game screen's tests press keys as fast as Pilot sends them: the pause after a
decision taken for the player (tui/game.py's settle) is tested on its own
(test_auto_taken.py) and off elsewhere, or a key aimed at the new options would wait."""

from __future__ import annotations

import pytest

from unbroken.tui.game import GameScreen


@pytest.fixture(autouse=True)
def _no_settle(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GameScreen, "settle_seconds", 0.0)
