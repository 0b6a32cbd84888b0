"""#28 round 27 (27a-17): while the die still rolled ("die ⚀"), the monster's table
already marked the row the roll pointed at ("▶4 WOUND lose 1 SE"): in the Response
window after the monster's roll the pending row was marked whatever the die showed. No
row is marked until the die lands."""

from __future__ import annotations

import pytest
from pilot import game_screen_of, sync

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui import taking
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.option_rows import OPTION_KEYS

RULES = load_ruleset()


def test_the_pending_row_waits_for_the_die_to_land(monkeypatch: pytest.MonkeyPatch) -> None:
    # A roll far longer than any test: the test lands it (as its timer would).
    monkeypatch.setattr(taking, "ROLL_SECONDS", 600.0)
    pending_row_after_landing()


@sync
async def pending_row_after_landing() -> None:
    # Maxyn-Zenma's Dodge may change the Kobold's 6 (1 ME held): the Response window
    # after the roll is asked, the roll's row pending (test_die.py's set-up).
    game = Scenario("maxyn-zenma", level=1).resources(se=10, me=1).monster("kobold").dice(6)
    played = game.start("battle")
    app = UnbrokenApp(RULES, animate=True, game=played, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen_of(app)
        skip = next(i for i, (a, _) in enumerate(played.options()) if isinstance(a, act.Skip))
        await pilot.press(OPTION_KEYS[skip])
        await pilot.pause()
        assert played.state.trigger == "after_monster_roll"
        assert screen.rolling.rolling  # still rolling
        stage = str(screen.query_one("#stage").render())
        assert "▶" not in stage, stage  # the mark would tell the number
        screen.rolling.land()  # what its timer does when the roll's time is up
        await pilot.pause()
        stage = str(screen.query_one("#stage").render())
        assert "▶6 " in stage, stage
