"""Round 8 of the README-only playtest (#28), at 80x24: the screens say what will happen."""

from __future__ import annotations

import re

from pilot import game_screen_of, sync
from textual.pilot import Pilot

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.stage import StagePanel
from unbroken.tui.widgets import OPTION_KEYS

RULES = load_ruleset()


def table_in_sight(stage: StagePanel) -> None:
    """Check that the stage's last six lines are the monster's six table rows."""
    lines = str(stage.render()).splitlines()
    assert [line[1:3].strip("▶ ") for line in lines[-6:]] == list("123456"), lines


def page_of(stage: StagePanel) -> tuple[int, int]:
    """Return the page of the rules the stage's title says (k, n): "rules 2 of 4" (round
    7 said "m: more 2/4")."""
    found = re.search(r"(\d+)(?: of |/)(\d+)", str(stage.border_title))
    assert found is not None, stage.border_title
    return int(found[1]), int(found[2])


async def read_every_page(app: UnbrokenApp, pilot: Pilot[None]) -> tuple[list[str], int]:
    """Press `m` until the rules fold back; return each page's text and the page count,
    checking at every page that the six table rows are in sight under it."""
    stage = app.screen.query_one(StagePanel)
    pages: list[str] = []
    count = 0
    for _ in range(12):
        await pilot.press("m")
        await pilot.pause()
        if not re.search(r"\d", str(stage.border_title)):
            break
        k, n = page_of(stage)
        assert count in (0, n), f"the page count moved: {count} then {n}"
        count = n
        assert k == len(pages) + 1
        table_in_sight(stage)
        assert stage.region.bottom <= app.screen.query_one("#hand").region.y
        pages.append(" ".join(" ".join(str(stage.render()).splitlines()[2:-6]).split()))
    return pages, count


def paged_game(monster: str) -> Game:
    return (
        Scenario("tomu", level=4, seed=2)
        .resources(se=15, cunning=2)
        .monster(monster)
        .dice(*[6, 1] * 20)
        .start("battle")
    )


@sync
async def test_m_shows_the_rules_in_pages_of_one_size_with_the_six_rows_in_sight() -> None:
    # Round 7: an Expert monster's rules unfolded one line a press, and the page count
    # jumped ("3/8", then "3/4") as the die's words came and went under the numbers. Now
    # the pages keep one size for the stage, their count stays, every rule is read.
    for monster in ("basilisk", "shaman", "vampire"):
        game = paged_game(monster)
        app = UnbrokenApp(RULES, animate=False, game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            pages, count = await read_every_page(app, pilot)
            card = RULES.monsters[f"base:{monster}"]
            whole = " ".join(pages)
            for ability in card.abilities:
                assert f"{ability.name}: {ability.text}" in whole, whole
            assert len(pages) == count


@sync
async def test_the_page_count_stays_when_the_die_shows_a_roll() -> None:
    # The die's words ("die ⚀ 1 (monster's combat roll)", two rows at 80 columns) took
    # the rows of a page: unfolded before a roll, the Basilisk's rules were in 4 pages,
    # after it in more, one line each.
    game = paged_game("basilisk")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen_of(app)
        stage = screen.query_one(StagePanel)
        await pilot.press("m")
        await pilot.pause()
        before = page_of(stage)
        rows = str(stage.render()).count("\n")
        skip = next(i for i, (a, _) in enumerate(screen.offered) if a == act.Skip())
        await pilot.press(OPTION_KEYS[skip])  # the monster rolls: the die shows it
        await pilot.pause()
        assert screen.die, "the die shows the roll"
        assert page_of(stage) == before
        assert str(stage.render()).count("\n") == rows
        table_in_sight(stage)
