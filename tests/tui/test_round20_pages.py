"""Round 20's playtest (#28): `m`'s pages of a monster with no rules of its own (the
Troglodyte on Expert: its danger track's gains and a table row cut) are the table's; the
page shown stays on what it holds while the stage changes without a key (the Shaman)."""

from __future__ import annotations

import pytest
from pilot import game_screen_of, settle, sync
from rich.text import Text
from test_round16_pages import everything

from unbroken.core.model import Monster
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui import sheet, sheet_rows
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.rule_pages import lay_out
from unbroken.tui.stage import StagePanel


def test_a_monster_without_rules_has_no_rules_page() -> None:
    # Round 20: the Troglodyte (no rules) showed "rules 1 of 1 (m: table)", a page of its
    # danger track's gains and a blank row over the table with its DAZE row still cut.
    for die in ("", "…combat roll)"):  # while the die rolls (a row kept), once it lands
        heads = [[Text(die)], [Text("danger track 4: +1 health")]]
        laid = lay_out([], [], heads, [(3, 2, -1)], 2)
        titles = [laid.title(k, "m") for k in range(len(laid.used))]
        assert all(title.startswith("table ") for title in titles), titles
        # The danger track atop the first page, the cut row whole on the next (round 27:
        # the Wight's "table 1 of 2" had no danger track; it was after the rows).
        assert laid.shows[-1] == {3}, titles
        assert "danger track 4: +1 health" in [line.plain for line in laid.tops[0]], titles
        for k, used in enumerate(laid.used):  # none of blank rows alone
            shown = [line.plain for line in laid.tops[k] + laid.lines[k]]
            assert laid.shows[k] or any(shown), (titles, k, shown, used)
        said = [line.plain for top in laid.tops for line in top]
        assert "danger track 4: +1 health" in said, said


async def titles_as_the_die_shows(mid: str, presses: int, dice: tuple[str, ...]) -> list[str]:
    """Return the stage's titles with `m` pressed `presses` times, then as the die shows
    each of `dice` in turn (no key pressed)."""
    with everything() as rules:
        scene = Scenario("tomu", level=4, ruleset=rules).resources(se=15, food=3, cunning=3)
        game = scene.weapon("knife").monster(mid).start("battle")
        app = UnbrokenApp(rules, animate=False, game=game, record=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            stage = game_screen_of(app).query_one(StagePanel)
            for _ in range(presses):
                await pilot.press("m")
                await settle(pilot)
            titles = [str(stage.border_title)]
            for die in dice:
                stage.die = die
                await settle(pilot)
                titles.append(str(stage.border_title))
    return titles


@sync
async def test_the_page_shown_stays_as_the_die_shows_its_words() -> None:
    # Round 20: the Shaman's "table 1 of 2" turned to "rules 2 of 2 (m: table)" (blank rows
    # where its rule had been) without a key, as the die's words took a row more, then
    # back: the page shown was the same index of pages laid out anew.
    assert save_settings(Settings(hints=False)) == ""
    dice = ("⚄", "⚄ 5, re-roll ⚅ 6: keep which one of the two?", "⚄ 5 (monster's combat roll)")
    for presses in (2, 3):  # the table's pages
        titles = await titles_as_the_die_shows("shaman", presses, dice)
        assert len({title.split(" (")[0] for title in titles}) == 1, titles


@sync
async def test_the_pages_keep_a_row_for_the_die_s_words_where_the_rows_fit_just_so() -> None:
    # Round 28: with the Shaman's CONFUSE row saying what it takes now ("lose 3 SE (you
    # have no LE)", shorter), its rows whole filled "table 1 of 1" just so; "keep which?"
    # then took a row no page had kept: "table 1 of 2", then back to "1 of 1". The die's
    # row is laid out in its place whether it says words or none.
    assert save_settings(Settings(hints=False)) == ""
    said = sheet_rows.row_texts

    def shorter(state: GameState, rules: Ruleset, card: Monster) -> list[str]:
        texts = said(state, rules, card)
        return [t if "if unable" not in t else "lose 3 SE (you have no LE)" for t in texts]

    dice = ("⚄", "⚄ 5, re-roll ⚅ 6: keep which one of the two?", "⚄ 5 (monster's combat roll)")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sheet_rows, "row_texts", shorter)
        patch.setattr(sheet, "row_texts", shorter)
        for presses in (1, 2):  # the rules' page, the table's
            titles = await titles_as_the_die_shows("shaman", presses, dice)
            assert len(set(titles)) == 1, titles
