"""#28 playtest round 19 (README-only players at 80x24): the highlight started on an
option of no use now, `u` took the "Taken for you" lines out of the log, and Records
kept the layout of the width it opened at after a resize."""

from __future__ import annotations

from pilot import game_screen_of, settle, sync

from unbroken.core import actions as act
from unbroken.core.state import DecisionKind
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.decisions import DecisionPanel
from unbroken.tui.option_rows import OPTION_KEYS
from unbroken.words.actions import NO_USE

RULES = load_ruleset()


@sync
async def test_the_highlight_starts_on_the_first_option_of_use() -> None:
    # Sacred Pool removes a condition, and none is in play: of no use now, and first.
    game = (
        Scenario("tomu", seed=3)
        .resources(se=10)
        .encounters("sacred-pool", "metal-scraps")
        .start("preparation")
    )
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        game.apply(act.Explore())
        screen.refresh_all()
        await settle(pilot)
        assert game.decision is not None and game.decision.kind == DecisionKind.CHOOSE_ENCOUNTER
        panel = screen.query_one(DecisionPanel)
        lines, off = panel.offered_now()
        assert NO_USE in lines[0] and not off[0], lines  # it can be taken, to no use
        assert [a for a, _ in screen.offered][1] == act.ChooseEncounter("base:metal-scraps")
        assert panel.highlighted == 1  # the order kept: the first of use
        assert lines[0].startswith(f"{OPTION_KEYS[0]}.")
