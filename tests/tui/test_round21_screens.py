"""Round 21's playtest (#28): the screens at 80x24 (the time bar, `m`'s pages, the Hand,
`i`'s comparison)."""

from __future__ import annotations

import re
from pathlib import Path

from pilot import game_screen_of, m_pages, settle, sync
from scenes import fought

from unbroken.core import actions as act
from unbroken.core.state import Phase
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, expansions_from_source
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.hand import HandText
from unbroken.tui.inspector import CardView, InspectorScreen
from unbroken.tui.stage import StagePanel
from unbroken.tui.widgets import OPTION_KEYS, DisplayPanel

RULES = load_ruleset()
PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
EXPANSIONS = {"unearthed": "unbroken_unearthed", "gauntlet": "unbroken_gauntlet"}
#: A table row's first line (" 1 MISS …" or "▶1 …").
ROW = re.compile(r"^[ ▶]\d+ \S")


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


def whole_rows(page: str) -> list[str]:
    """Return a page's table rows said over more than one line."""
    lines = page.split("\n")
    rows = [k for k, line in enumerate(lines) if ROW.match(line)]
    return [lines[k] for k in rows if k + 1 < len(lines) and lines[k + 1].startswith("   ")]


@sync
async def test_a_later_page_of_m_shows_what_the_first_did_not() -> None:
    # Round 21: with both expansions the Wererat is picked by a 7-sided die; at a shorter
    # stage its "table 2 of 2" was page 1's six rows again, cut, under "(a 7-sided die)"
    # (round 22: "die [3] of 7 picked the Wererat", a roll of 1 to 7).
    assert save_settings(Settings(hints=False)) == ""
    with expansions_from_source(PLUGINS, EXPANSIONS) as rules:
        pages = [drawn for _, drawn in await m_pages(fought(1, 2, "wererat", rules), (80, 22))]
    assert len(pages) >= 2, pages
    assert any("] of 7 picked the Wererat" in page for page in pages), pages
    for page in pages:
        assert whole_rows(page), (page, pages)  # every page shows some row whole


@sync
async def test_no_page_of_m_has_blank_rows_over_its_table() -> None:
    # Round 21: the Bugbear Warlord's "table 3 of 3" began with two blank rows before
    # "1 MISS" (the page's height kept); the stage keeps it with rows under the table.
    assert save_settings(Settings(hints=False)) == ""
    pages = [drawn for _, drawn in await m_pages(fought(3, 2, "bugbear-warlord"), (80, 24))]
    assert len(pages) >= 3, pages
    for page in pages:
        lines = page.split("\n")
        top = next(k for k, line in enumerate(lines) if ROW.match(line))
        assert all(line.strip() for line in lines[:top]), (page, pages)


@sync
async def test_the_hand_says_the_weapons_kept_under_the_top_one() -> None:
    # Round 21: after the Weapon Rack the Knife was on top of the Maul, and the Hand said
    # only "Knife (basic)": the Maul a downgrade returns to was said nowhere.
    assert save_settings(Settings(hints=False)) == ""
    scene = Scenario("tomu", level=2).resources(se=13, food=3).weapon("maul", "knife")
    game = scene.monster("wererat").start("battle")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = str(game_screen_of(app).query_one(HandText).render()).splitlines()
    assert lines[0] == "Knife (basic; Maul under)", lines
    assert lines[1].startswith(" Pry:"), lines  # on the weapon's own row, nothing pushed
    # Bare Hands, always at the bottom (R-WEAPON-1), goes without saying.
    assert "Bare Hands" not in "\\n".join(lines), lines


@sync
async def test_i_compares_the_weapons_offered_with_the_one_kept() -> None:
    # Round 21: at "take a weapon or none" `i` showed the offered weapons side by side but
    # not the one kept by taking none: it comes first, marked as the one in hand.
    assert save_settings(Settings(hints=False)) == ""
    scene = Scenario("niola", seed=3).weapon("maul")
    game = scene.encounters("weapon-rack", "metal-scraps", "a-safe-place").start("exploration")
    game.apply(act.ChooseEncounter("base:weapon-rack"))
    game.apply(act.Resolve())
    assert any(isinstance(a, act.Pass) for a, _ in game.options())
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InspectorScreen) and screen.comparing
        views = list(screen.query(".inspector-column").results(CardView))
        titles = [str(view.border_title) for view in views]
        assert titles[0].startswith("in hand") and "keep" in titles[0], titles
        assert "Maul" in views[0].lines[0], views[0].lines
        assert len(views) == 3, titles


@sync
async def test_m_pages_start_at_the_first_on_entering_the_battle() -> None:
    # Round 21: the Giant Spider's pages, open from Travel (scouted) on "table 1 of 1",
    # stayed on its table's page into the battle, its trickery (acting now) on the page
    # before. Into the battle the pages start at the first.
    assert save_settings(Settings(hints=False)) == ""
    scene = Scenario("tomu", level=1, seed=1).resources(se=13, food=3, cunning=3)
    game = scene.monster("giant-spider").start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        stage = game_screen_of(app).query_one(StagePanel)
        while not str(stage.border_title).startswith("Stage table"):
            await pilot.press("m")
            await settle(pilot)
        fight = next(i for i, (a, _) in enumerate(game.options()) if isinstance(a, act.Fight))
        while game.state.phase != Phase.COMBAT:
            await pilot.press(OPTION_KEYS[fight])
            await settle(pilot)
        title = str(stage.border_title)
        assert title.startswith("Stage trickery 1 of 1"), title
        assert "trickery: 2 cunning + 1 food" in stage.drawn, stage.drawn
