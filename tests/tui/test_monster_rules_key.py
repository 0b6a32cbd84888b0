"""#28 playtest: the first `m` (the monster's rules) in a battle did nothing.

The Gibberling has no keyword or rule to fold: the stage drawn "in full" and
"folded" was the same, so the first `m` (to folded) changed nothing and only
the second unfolded the table's cut rows. The first-game hint on show made it
look like the hint swallowed the key.
"""

from __future__ import annotations

from pilot import sync
from test_round8_screens import read_every_page, rows_read

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.hints import HintBox
from unbroken.tui.stage import StagePanel
from unbroken.tui.widgets import OPTION_KEYS

RULES = load_ruleset()


@sync
async def test_the_first_m_changes_the_stage_even_with_nothing_to_fold() -> None:
    # As played: seed 1's first character fights at once, the Gibberling (the first
    # game: the Battle hint shows).
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # New game, then Enter on a character starts
        screen = app.screen
        assert isinstance(screen, GameScreen)
        fight = next(i for i, (a, _) in enumerate(screen.offered) if a == act.Fight())
        await pilot.press(OPTION_KEYS[fight])
        await pilot.pause()
        assert screen.game.state.monster is not None
        assert screen.game.state.monster.id == "base:gibberling"
        assert screen.query_one(HintBox).text.startswith("Battle")
        stage = screen.query_one(StagePanel)
        first = stage.drawn
        hand = screen.query_one("#hand").region.height
        assert "…" in first  # a table row cut to one line
        # Every row read whole on the pages `m` shows, the Hand keeping its rows (the rows
        # wrapped in place squeezed it to one, #28), and back.
        pages, _ = await read_every_page(app, pilot, hand)
        assert app.screen is screen and pages and pages[0] != first
        card = RULES.monsters["base:gibberling"]
        assert rows_read(card, first, pages) == set(range(1, 7)), pages
        assert stage.drawn == first


@sync
async def test_a_scouted_monster_s_rule_names_stay_in_sight_before_its_long_ambush() -> None:
    # Playtest round 2 (#28): after Scout the Shaman's folded rules showed only its
    # ambush and trickery words; Hex of Heaviness (every attack costs 1 SE more) was
    # cut away. The short names of its rules come first, the ambush after.
    game = Scenario("tomu", level=4).resources(se=10, cunning=2, time=9).dice(4).start()
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        scout = next(i for i, (a, _) in enumerate(screen.offered) if a == act.Scout())
        await pilot.press(OPTION_KEYS[scout])
        await pilot.pause()
        monster = screen.game.state.monster
        assert monster is not None and monster.id == "base:shaman"
        stage = screen.query_one(StagePanel)
        assert "Hex of Heaviness" in stage.drawn, stage.drawn
        assert "ambush:" in stage.drawn, stage.drawn
