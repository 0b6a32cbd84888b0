"""Round 19's playtest (#28) at 80x24: the detail line under the options."""

from __future__ import annotations

import textwrap

from pilot import game_screen_of, settle, sync

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.decisions import DecisionPanel
from unbroken.words.effects import ability_words

RULES = load_ruleset()


def hunters_turn() -> Game:
    """A Hunter's first turn against the Troll, one ability use left: Aimed Shot offered."""
    game = (
        Scenario("huckdorf", level=1)
        .resources(se=20)
        .ability_uses(1)
        .weapon("knife")
        .monster("troll")
        .dice(*[1] * 40)
        .start("battle")
    )
    while not any(isinstance(a, act.Attack) for a in game.legal_actions()):
        game.apply(act.Pass())
    return game


@sync
async def test_the_detail_line_says_an_abilitys_whole_rule() -> None:
    # Round 19: Aimed Shot highlighted, the line under the options read "Aimed Shot …
    # inflict 2 wounds that…": its own rule cut. It takes the rows it needs.
    app = UnbrokenApp(RULES, animate=False, game=hunters_turn(), record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        panel = screen.query_one(DecisionPanel)
        aimed = [a for a, _ in screen.offered].index(act.Use("base:hunter", "aimed-shot"))
        panel.highlighted = aimed
        await settle(pilot)
        line = panel.beside("detail")
        shown = str(line.render())
        rule = RULES.ability("base:hunter", "aimed-shot")
        assert rule is not None
        # What it does whole: its deeds in short since round 28 (28b-7: the cost said
        # once), the card's printed words being in `i`.
        deeds = ability_words(rule, RULES)
        assert deeds == "inflict 2 wounds that ignore armor"
        assert deeds in " ".join(shown.split()) and "…" not in shown, shown
        rows = textwrap.wrap(shown, line.content_size.width)
        assert line.content_size.height >= len(rows), (line.content_size, rows)  # none hidden
        # Every option still in sight.
        assert all(panel.row_shown(i) for i in range(len(screen.offered)))
