"""#28 playtest round 34 (34a-7): `m`'s page of a monster's ambush and trickery was titled
"Stage ambush 1 of 1 (m: table)" (the Kobold: named by its first rule) where the same two
over two pages were "Stage rules 1 of 2" (the Orc). A page is titled by the one kind of
rule it holds, else "rules" (the `m` key's own name, Rules), the same for every monster,
on one page or over several."""

from __future__ import annotations

from pilot import game_screen_of, settle, sync
from rich.text import Text

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.rule_pages import lay_out
from unbroken.tui.stage import StagePanel

RULES = load_ruleset()
AMBUSH = [Text("ambush: lose 3 SE; gain Bleeding"), Text("  now")]
TRICKERY = [Text("trickery: 4 cunning")]


def titles(rows: int, rules: list[list[Text]], kinds: list[str]) -> list[str]:
    """Return the titles of `m`'s pages of these rules laid out `rows` lines a page."""
    laid = lay_out(rules, kinds, [], [], rows)
    return [laid.title(k, "m") for k in range(len(laid.used))]


def test_an_ambush_and_a_trickery_are_rules_on_one_page_or_two() -> None:
    both = [AMBUSH, TRICKERY], ["ambush", "trickery"]
    assert titles(3, *both) == ["rules 1 of 1 (m: fold)"]
    assert titles(2, *both) == ["rules 1 of 2 (m: next)", "rules 2 of 2 (m: fold)"]


def test_one_kind_alone_is_named() -> None:
    assert titles(3, [TRICKERY], ["trickery"]) == ["trickery 1 of 1 (m: fold)"]
    assert titles(3, [AMBUSH], ["ambush"]) == ["ambush 1 of 1 (m: fold)"]


@sync
async def test_the_kobolds_page_of_its_ambush_and_trickery_is_titled_rules() -> None:
    assert save_settings(Settings(hints=False)) == ""
    game = Scenario("tomu").resources(se=20, food=3).monster("kobold").start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    said = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        stage = game_screen_of(app).query_one(StagePanel)
        for _ in range(2):
            await pilot.press("m")
            await settle(pilot)
            said.append((str(stage.border_title), stage.drawn))
    (first, page), (second, _) = said
    assert "ambush: lose 2 SE" in page and "trickery: 2 cunning" in page, page
    assert [first, second] == ["Stage rules 1 of 1 (m: table)", "Stage table 1 of 1 (m: fold)"]
