"""Round 25's playtest (#28, 25-6): every page of `m` shows the table's six rows, a rule
longer than a page going on over the next ("…"), and the die's line says what it picked
(the Crazed Survivor's "rules 2 of 2" showed rows 1-4 under "die ⚅ 6 picked")."""

from __future__ import annotations

import re

import pytest
from pilot import game_screen_of, open_pages, played, settle, sync
from test_screen_leftovers import rows_of

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.stage import StagePanel

RULES = load_ruleset()


async def pages_of(die: str) -> list[list[str]]:
    """Return the stage's rows on each of `m`'s pages against the Crazed Survivor."""
    assert save_settings(Settings(hints=False)) == ""
    scene = Scenario("mae-el", level=2).resources(se=12).weapon("knife").skills("daring")
    game = scene.monster("crazed-survivor").dice(*[6] * 30).start("trickery")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    pages = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        stage = screen.query_one(StagePanel)
        if die:
            stage.die = die
            await settle(pilot)
        for _ in range(6):
            await pilot.press("m")
            await settle(pilot)
            title = str(stage.border_title)
            pages.append([title, *rows_of(screen, stage)])
            if "fold)" in title:
                break
    return pages


@pytest.mark.parametrize("die", ["", "⚅ 6 picked the Crazed Survivor"])
def test_every_page_of_m_shows_the_six_rows_and_the_die_whole(die: str) -> None:
    @sync
    async def run() -> None:
        pages = await pages_of(die)
        assert len(pages) > 1 and "fold)" in pages[-1][0], pages
        for page in pages:
            numbers = [m[1] for row in page if (m := re.match(r"^▶?([1-6]) [A-Z]{3,}", row))]
            assert numbers == list("123456"), page
            said = [row for row in page if row.startswith("die ")]
            assert not said or not said[0].endswith("picked"), page
        rule = " ".join(row for page in pages for row in page if "Grab" in row or "roll." in row)
        assert "Grab the Weapon" in rule and "roll." in rule, pages  # all of it, over pages

    run()


@sync
async def test_a_die_that_rolled_to_nothing_in_travel_leaves_no_blank_row_on_m() -> None:
    # Round 24 (24a-6): the Gnoll's page open in Travel, "Gnoll  armor 1/1  health 7/7"
    # then a blank row: the row kept for the words of a die that was rolling when the
    # decision's pages were sized, in Travel, where the die then showed nothing.
    assert save_settings(Settings(hints=False)) == ""
    scene = Scenario("mae-el", level=3, seed=5).resources(se=15, food=5).weapon("knife")
    game = scene.monster("gnoll").dice(*[4] * 40).start("preparation")
    async with played(game) as (pilot, screen):
        stage = await open_pages(pilot, screen)
        assert " of " in str(stage.border_title)  # a page of `m`
        before = rows_of(screen, stage)
        screen.rolled = lambda: "⚃"  # type: ignore[method-assign]  # rolling as it is sized
        focus = next(i for i, (a, _) in enumerate(screen.offered) if type(a).__name__ == "Focus")
        n = screen.game.state.decisions
        while screen.game.state.decisions == n:  # a key marks it first, again takes it
            screen.take(focus)
            await settle(pilot)
        del screen.rolled
        stage.die = ""  # landed: nothing to say in Travel
        await settle(pilot)
        rows = rows_of(screen, stage)
    assert rows[2].strip(), rows  # under the head's line: the rules, no blank row
    assert rows[1:] == before[1:], (before, rows)  # the page as it was
