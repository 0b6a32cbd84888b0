"""Round 30's playtest (#28), the stage's leftovers: 30a-17, a long monster name cut on
`m`'s pages ("Shrieking Fung… armor 0 health 4" at 80x24, a row free under the table),
whole on every page of every monster; the folded stage's die line at a re-roll fits its
row at 80 columns."""

from __future__ import annotations

from pilot import key_of, kind, played, settle, sync
from test_round16_pages import everything, pages_of

from unbroken.core import actions as act
from unbroken.core.state import DecisionKind
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.stage import StagePanel


def shown_lines(stage: StagePanel) -> list[str]:
    """Return the stage's rows as drawn (its title's and its padding's too), stripped."""
    rows = stage.render_lines(stage.region.reset_offset)
    return ["".join(s.text for s in row).strip() for row in rows]


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
            # `m` has a page to show, or none where the folded stage says its rule and its
            # rows whole (round 32: no page that says it again, its DAZE row cut).
            assert paged or titles == ["Stage"], titles
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


@sync
async def test_the_folded_stage_s_die_line_at_a_re_roll_fits_its_row() -> None:
    # Round 30: at 80 columns "die ⚃ 4, re-roll ⚁ 2: keep" wrapped its "which?" onto a
    # second row of the folded stage. The Bear's ROAR (4), Lucky re-rolls it: a 2.
    assert save_settings(Settings(hints=False)) == ""
    game = (
        Scenario("caellahan", level=2)
        .resources(se=20)
        .skills("lucky")
        .monster("bear")
        .dice(4, 2, *[3] * 10)
        .start("battle")
    )
    async with played(game) as (pilot, screen):
        await pilot.press(key_of(screen, act.Skip))  # the turn skipped: the Bear rolls
        await settle(pilot)
        lucky = key_of(screen, act.Use, "lucky-reroll")
        await pilot.press(lucky, lucky)  # its ROAR re-rolled (a new question: marked first)
        await settle(pilot)
        assert kind(screen) == DecisionKind.PICK_ROLL, kind(screen)
        stage = screen.query_one(StagePanel)
        assert stage.expanded is not True  # folded, as the playtest saw it
        lines = shown_lines(stage)
        at = next((k for k, line in enumerate(lines) if line.startswith("die ")), -1)
        assert at >= 0, lines
        said = lines[at]
        assert "⚃ 4" in said and "re-roll ⚁ 2" in said, lines
        assert "keep" in said and not said.endswith("…"), lines  # whole, on one row
        assert lines[at + 1].startswith("1 "), lines  # the table right under it
