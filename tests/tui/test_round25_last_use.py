"""Round 25's playtest (#28) on the screens: the detail line under the options says the
level's last ability use apart from the card's words, whole at 80x24; the New game sheet
says an action's timing as its option does in battle."""

from __future__ import annotations

import re

from pilot import opened, option_detail, sync

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.held_words import HeldStatic
from unbroken.tui.newgame import NewGameScreen

RULES = load_ruleset()


@sync
async def test_the_last_use_is_its_own_sentence_and_says_what_it_leaves_nothing_for() -> None:
    # Round 25: Dangerous Idea highlighted with the level's last ability use, the line under
    # the list read "Dangerous Idea [Sage] (1 ability use) Your / last ability use this
    # level: none left for…": run into the card's words and cut before what it leaves
    # without a use (Warding Sign).
    game = Scenario("helena", level=2).resources(cunning=2).ability_uses(1).start()
    _, said = await option_detail(game, act.Use("base:sage", "dangerous-idea"))
    assert "…" not in said, said
    assert said.endswith(" None left for Warding Sign (battle Response)."), said  # round 30
    assert not re.search(r"\(1 ability use\) (Your|Last|None)", said), said


@sync
async def test_the_new_game_sheet_says_cold_logic_takes_the_battle_turn() -> None:
    # Round 25: "Cold Logic (Action, any time): Spend 2 cunning …" on the New game screen,
    # "(pay 2 cunning, 1 ability use; it takes your turn)" in battle.
    from textual.widgets import OptionList

    app = UnbrokenApp(RULES, animate=False, record=False)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await opened(pilot, "enter", NewGameScreen)
        chars = screen.query_one("#characters", OptionList)
        chars.highlighted = chars.get_option_index("base:helena")
        await pilot.pause()
        info = " ".join(screen.query_one("#class-info", HeldStatic).said.split())
    assert "any time" not in info, info
    # Round 30 (30a-8): New game says the ability's whole cost, its ability use too.
    assert (
        "Cold Logic (Action, Preparation or battle; in battle it takes your turn; "
        "1 ability use): " in info
    ), info
