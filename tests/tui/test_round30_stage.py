"""Round 30's playtest (#28), the stage's leftovers: 30a-17, a long monster name cut on
`m`'s pages ("Shrieking Fung… armor 0 health 4" at 80x24, a row free under the table),
whole on every page of every monster."""

from __future__ import annotations

from pilot import sync
from test_round16_pages import everything, pages_of

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario


@sync
async def test_the_shrieking_fungus_is_named_whole_on_each_page_of_m() -> None:
    # 30a-17: its Trickery step's page read "Shrieking Fung… armor 0 health 4".
    assert save_settings(Settings(hints=False)) == ""
    with everything() as rules:
        for difficulty in ("normal", "expert"):
            scene = Scenario("tomu", level=1, ruleset=rules, difficulty=difficulty)
            scene = scene.resources(se=15, food=3, cunning=3).weapon("knife")
            game = scene.monster("shrieking-fungus").start("trickery")
            drawn, titles = await pages_of(game)
            paged = [page for page, title in zip(drawn, titles, strict=True) if " of " in title]
            assert paged, titles  # `m` has a page to show
            for page in drawn:
                lines = page.split("\n")
                assert lines[0].startswith("Shrieking Fungus"), (difficulty, page)
                assert "Fung…" not in page, (difficulty, page)
                assert any(line.startswith(" 6 HEAL") for line in lines), page  # six rows
                head = " ".join(lines[:2])  # its numbers whole too, on its line or the next
                assert "armor" in head and "health" in head and "…" not in head, page


@sync
async def test_every_monster_is_named_whole_on_each_page_of_m() -> None:
    # 30a-17 over the base game and both expansions, at the Trickery step (its page says
    # what the trickery costs) and in battle, its name never cut at 80x24.
    assert save_settings(Settings(hints=False)) == ""
    with everything() as rules:
        for mid, card in rules.monsters.items():
            name = rules.card_name(mid)
            for step in ("trickery", "battle"):
                scene = Scenario("tomu", level=card.level, ruleset=rules)
                scene = scene.resources(se=15, food=3, cunning=3).weapon("knife")
                drawn, _ = await pages_of(scene.monster(mid).start(step))
                for page in drawn:
                    assert page.split("\n")[0].startswith(name), (mid, step, page)
