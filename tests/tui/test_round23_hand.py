"""Round 23's playtest (#28): at 120x40 during Exploration the Hand listed the skills by
name only over some twelve blank rows (at Preparation it gave their words): it gives the
skills' words wherever they fit, leaving out the weapon's text and the class's first."""

from __future__ import annotations

from pilot import game_screen_of, settle, sync

from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.hand import HandPanel, HandText

SKILLS = "base:brute-force", "base:lucky", "base:steady-nerves"


def game_at(step: str) -> Game:
    scene = Scenario("caellahan", level=2, ruleset=load_ruleset()).resources(se=10, me=3)
    return scene.skills(*SKILLS).weapon("base:sword").start(step)


@sync
async def test_the_hand_gives_the_skills_words_where_they_fit_at_every_step() -> None:
    assert save_settings(Settings(hints=False)) == ""
    for step in ("preparation", "exploration"):
        game = game_at(step)
        app = UnbrokenApp(game.ruleset, animate=False, game=game, record=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            screen = game_screen_of(app)
            hand = " ".join(str(screen.query_one(HandText).render()).split())
            panel = screen.query_one(HandPanel)
            assert panel.max_scroll_y == 0, (step, hand)  # all of it in sight
        for words in (
            "Brute Force: After choosing a wounding attack, spend 1 ME",
            "Lucky: Once per battle, after the monster's combat roll",
            "Steady Nerves: Blows to the head no longer rattle you",
        ):
            assert words in hand, (step, hand)
        assert "Skills: Brute Force, Lucky" not in hand, (step, hand)
