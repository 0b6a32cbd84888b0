"""Round 25's playtest (#28, 25-12): the Hand's craft line wraps at a "+", each amount
whole on its row ("Knife ← 1 metal + 1" at the Hand's last row lost "time" unmarked)."""

from __future__ import annotations

from pilot import game_screen_of, settle, sync

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.hand import HandText

RULES = load_ruleset()


@sync
async def test_a_craft_line_wraps_between_amounts_never_inside_one() -> None:
    assert save_settings(Settings(hints=False)) == ""
    for width in (80, 100):  # the Hand scrolls: a column fewer for its lines at 80
        scene = Scenario("mae-el", level=2).resources(se=10).weapon("bare-hands")
        game = scene.skills("daring", "wrecker").condition("paranoid").start("exploration")
        app = UnbrokenApp(RULES, animate=False, game=game, record=False)
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(pilot)
            hand = game_screen_of(app).query_one(HandText)
            rows = str(hand.render()).split("\n")
            crafts = rows[next(i for i, row in enumerate(rows) if "Crafts:" in row) :]
            said = " ".join(" ".join(crafts).split())
            assert "Knife ← 1 metal + 1 time" in said, crafts
            assert "\u00a0" not in "".join(rows)  # drawn as spaces
            for row in crafts:  # a row ends with an amount whole, "+" or "←"
                assert not row.rstrip()[-1:].isdigit(), crafts
