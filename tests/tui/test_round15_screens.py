"""#28 playtest round 15 on the game screen, at 80x24."""

from __future__ import annotations

from pilot import game_screen_of, settle, sync
from textual.widgets import Static

from unbroken.core import actions as act
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.option_rows import DecisionList

RULES = load_ruleset()


@sync
async def test_a_cut_abilitys_detail_line_keeps_its_no_use_note_in_sight() -> None:
    # Round 15: Take a Peek while committed: the row was cut and the line under it said
    # "Take a Peek [Sneak] (1 ability use): The / next Exploration step reveals 1 more…",
    # the "(no use now: you are committed to 1 card)" cut off. Without the ability's
    # printed text (the inspector has it) the note fits.
    assert save_settings(Settings(hints=False)) == ""
    game = Scenario("mae-el").commit().start()
    peek = act.Use("base:sneak", "take-a-peek")
    index = next(i for i, (a, _) in enumerate(game.options()) if a == peek)
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        decisions = screen.query_one(DecisionList)
        for _ in range(index):
            await pilot.press("down")
        await settle(pilot)
        assert decisions.highlighted == index
        row = " ".join(decisions.row_shown(index).split())
        said = " ".join(str(screen.query_one("#detail", Static).render()).split())
    assert "you are committed to 1 card" in f"{row} {said}".replace("…", ""), (row, said)
    if "committed" not in row:  # cut in the row: the line under it says it whole
        assert "(no use now: you are committed to 1 card)" in said, said
