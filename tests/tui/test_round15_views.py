"""Round 15's playtest (#28): the inspector's weapons of choice, the titles of `m`'s pages,
Records uncovered."""

from __future__ import annotations

from pilot import game_screen_of, kept_and_left, settle, sync
from textual.widgets import Static

from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.inspector import cards_in_view, offer_lines
from unbroken.tui.stage import StagePanel
from unbroken.words.cards import describe_card

RULES = load_ruleset()


def weapon_encounters() -> Game:
    """Exploration: the Weapon Rack (a Club or a Knife) and the Smuggler's Cache (an Axe
    or a Maul) on offer."""
    scene = Scenario("niola", seed=3).resources(se=5, treasure=2)
    return scene.encounters("weapon-rack", "smugglers-cache").start("exploration")


def test_the_inspector_lists_the_weapons_an_encounter_offers() -> None:
    # Round 15: neither `i` nor its "All cards" listed the Club, the Axe or the Maul of
    # "take a weapon: Club" and "Axe or Maul"; the player found them with help's search.
    game = weapon_encounters()
    places = dict(cards_in_view(game))
    assert {"base:axe", "base:maul"} <= set(places["Named"])
    in_view = {card for cards in places.values() for card in cards}
    assert {"base:club", "base:knife"} <= in_view


def test_an_encounter_side_by_side_shows_its_weapons_attacks() -> None:
    game = weapon_encounters()
    lines = offer_lines(game, "base:smugglers-cache")
    named = lines[lines.index("  Named:") + 1 :]
    axe = [f"    {line}" for line in describe_card(game.ruleset, "base:axe")]
    maul = [f"    {line}" for line in describe_card(game.ruleset, "base:maul")]
    assert named == [*axe, *maul]


async def page_titles(game: Game, presses: int) -> list[str]:
    """Return the stage's title at 80x24 after each of `presses` presses of `m`."""
    assert save_settings(Settings(hints=False)) == ""
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    titles = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        stage = game_screen_of(app).query_one(StagePanel)
        for _ in range(presses):
            await pilot.press("m")
            await settle(pilot)
            titles.append(str(stage.border_title))
    return titles


@sync
async def test_a_page_of_m_without_rules_is_not_titled_rules() -> None:
    # Round 15: the Abomination (no rules of its own) titled its one page "rules 1 of 1"
    # over its trickery's cost and a table row; the Bugbear Warlord's pages 3 and 4 of
    # "rules" held table rows alone. The title says what the page holds.
    scene = Scenario("tomu", level=2).resources(se=15, food=3, cunning=3).weapon("knife")
    game = scene.monster("abomination").dice(*[3] * 30).start("trickery")
    # 35b-6: its DAZE row whole on a table page after it, not on the trickery's page.
    assert await page_titles(game, 2) == [
        "Stage trickery 1 of 1 (m: table)",
        "Stage table 1 of 1 (m: fold)",
    ]
    scene = Scenario("tomu", level=3).resources(se=15, food=3).weapon("knife")
    game = scene.monster("bugbear-warlord").dice(*[3] * 30).start("trickery")
    titles = await page_titles(game, 6)
    # Round 16: one count mixed "rules 1 of 4" and "table 2 of 4": each kind has its own.
    # Round 19: Thick Hide whole on one page (it went on over two), the pages a row taller
    # for it, so the rows cut take two pages, then `m` folds and opens them again.
    assert titles == [
        "Stage rules 1 of 1 (m: table)",  # Thick Hide
        "Stage table 1 of 2 (m: next)",  # the rows cut, in row order
        "Stage table 2 of 2 (m: fold)",
        "Stage (m: read)",  # folded, its `m` in the title (round 27)
        "Stage rules 1 of 1 (m: table)",
        "Stage table 1 of 2 (m: next)",
    ]


@sync
async def test_records_opens_without_the_game_saved_notice_over_it() -> None:
    # Round 15: "Game saved", said as a game was left for the title, lay over the Records
    # screen's sentence on the game picked, opened at once.
    from unbroken.tui.history import RecordsScreen

    assert save_settings(Settings(hints=False)) == ""
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await kept_and_left(app, pilot)
        # Said on the title, under its menu, since 32a-9 (no notice in the corner).
        note = app.screen.query_one("#title-note", Static)
        assert note.display and str(note.render()).startswith("Game saved")
        app.open_screen("records")
        await settle(pilot)
        assert isinstance(app.screen, RecordsScreen)
        assert [str(n.message) for n in app._notifications] == []
