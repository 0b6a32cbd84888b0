"""Round 21's playtest (#28): the screens at 80x24 (the time bar, `m`'s pages, the Hand,
`i`'s comparison)."""

from __future__ import annotations

from pilot import sync

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.widgets import DisplayPanel

RULES = load_ruleset()


@sync
async def test_the_time_bar_keeps_its_cells_while_a_card_is_kept() -> None:
    # Round 21: "time      ██  5 left, −2 to come": the bar gave four of its six cells to
    # the time to come. It keeps them; the time to come is said under it.
    game = Scenario("caellahan").encounters("weapon-rack").start("exploration")
    game.apply(act.ChooseEncounter("base:weapon-rack"))
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        lines = str(app.screen.query_one(DisplayPanel).render()).splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith("time"))
        bar = lines[at].count("█") + lines[at].count("░")
        assert bar == 6, lines
        assert lines[at].rstrip().endswith("7 left"), lines
        assert lines[at + 1].strip() == "−2 to come", lines
