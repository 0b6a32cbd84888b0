"""Round 31's playtest (#28), the Shrieking Fungus's stage at 80x24: the folded stage's
die line that picked it fits its row, the name whole ("die ⚄ 5: Shrieking Fungus")."""

from __future__ import annotations

from pilot import game_screen_of, settle, sync
from test_round30_stage import shown_lines

from unbroken.core import actions as act
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.stage import StagePanel
from unbroken.tui.widgets import OPTION_KEYS

RULES = load_ruleset()


@sync
async def test_the_die_that_picked_the_shrieking_fungus_fits_its_row_folded() -> None:
    # Round 31: "die ⚄ 5 picked the Shrieking" then "Fungus" on a row of its own.
    assert save_settings(Settings(hints=False)) == ""
    number = next(n for n, c in RULES.monsters_of_level(1).items() if c.id.endswith("fungus"))
    scene = Scenario("tomu").resources(se=15, food=3, cunning=3).weapon("knife")
    game = scene.dice(number, *[1] * 6).start("preparation")
    fight = next(i for i, (a, _) in enumerate(game.options()) if isinstance(a, act.Fight))
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(OPTION_KEYS[fight], OPTION_KEYS[fight])  # Fight marks first
        await settle(pilot)
        stage = game_screen_of(app).query_one(StagePanel)
        assert stage.expanded is not True  # folded, as the playtest saw it
        lines = shown_lines(stage)
        at = next((k for k, line in enumerate(lines) if line.startswith("die ")), -1)
        assert at >= 0, lines
        assert lines[at] == f"die ⚄ {number}: Shrieking Fungus", lines  # one row, name whole
        assert lines[at + 1].startswith("trickery"), lines  # nothing wrapped under it
