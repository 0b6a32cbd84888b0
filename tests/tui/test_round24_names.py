"""Round 24's playtest (#28): a hyphenated name wraps whole ("Clear-" then "Headed" in
the Hand's skills)."""

from __future__ import annotations

from pilot import game_screen_of, settle, sync

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.hand import HandText

RULES = load_ruleset()


@sync
async def test_a_hyphenated_name_wraps_whole_in_the_hand() -> None:
    # Round 24: " Skills: Iron Stomach, Clear-" then "    Headed".
    assert save_settings(Settings(hints=False)) == ""
    scene = Scenario("tomu", level=1).resources(se=10).skills("iron-stomach", "clear-headed")
    game = scene.start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        drawn = str(game_screen_of(app).query_one(HandText).render())
    lines = [line.strip() for line in drawn.split("\n")]
    assert not any(line.endswith("Clear-") for line in lines), drawn
    assert any("Clear-Headed" in line for line in lines), drawn
