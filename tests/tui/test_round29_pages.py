"""Round 29's playtest (#28): `m` on the Troglodyte (no rules of its own) showed less than
the folded stage had, and nothing said it has no rules (29b-4)."""

from __future__ import annotations

import re

from pilot import game_screen_of, settle, sync
from test_round16_pages import everything

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.hints import HintBox
from unbroken.tui.stage import StagePanel
from unbroken.tui.widgets import DisplayPanel


def whole_rows(drawn: str) -> set[int]:
    """Return the numbers of the table rows drawn whole (not cut with "…")."""
    numbered = re.findall(r"^[ ▶](\d) (.*)$", drawn, flags=re.MULTILINE)
    return {int(i) for i, line in numbered if not line.endswith("…")}


def danger(drawn: str) -> bool:
    return "danger track 4: +1 health" in drawn


@sync
async def test_m_never_shows_less_than_the_folded_stage_did() -> None:
    # 29b-4: the stage showed the Troglodyte's six rows whole and "danger track 4: +1
    # health"; `m` gave "table 1 of 2" with row 3 cut, "2 of 2" without the danger track,
    # and folded back with row 3 cut: the stage had been drawn for more room than the
    # layout then left it (the Display above it grew after the stage's draw).
    assert save_settings(Settings(hints=False)) == ""
    # The case it checks: the DAZE row (row 3) wraps, so the stage shows it whole folded
    # where the Display leaves the room, and cut where it grows (the playtest's printed
    # words took three rows whole; round 28's, "lose 2 SE (you have no ME)", take two).
    folded_whole: list[bool] = []
    with everything() as rules:
        for taller in (0, 1, 2, 3):
            scene = Scenario("helena", difficulty="expert", level=2, ruleset=rules)
            game = scene.resources(se=15, food=3, cunning=3).monster("troglodyte").start("battle")
            app = UnbrokenApp(rules, animate=False, game=game, record=False)
            async with app.run_test(size=(80, 24)) as pilot:
                await settle(pilot)
                screen = game_screen_of(app)
                stage = screen.query_one(StagePanel)
                display = screen.query_one(DisplayPanel)
                display.styles.height = display.outer_size.height + taller
                screen.draw_all()
                await settle(pilot)
                folded = stage.drawn
                assert danger(folded), folded
                folded_whole.append(3 in whole_rows(folded))
                seen: list[str] = []
                for _ in range(4):  # round the pages and back to the folded stage
                    await pilot.press("m")
                    await settle(pilot)
                    seen.append(stage.drawn)
                    if "(m: fold)" not in str(stage.border_title):
                        break
                assert seen[-1] == folded, (taller, folded, seen[-1])
                pages = seen[:-1]
                for page in pages:
                    assert whole_rows(folded) <= whole_rows(page), (taller, folded, page)
                    assert danger(page), (taller, page)
    assert True in folded_whole and False in folded_whole, folded_whole  # both cases seen


@sync
async def test_m_says_a_monster_without_rules_has_none_as_it_unfolds_its_table() -> None:
    # 29b-4: `m` showed the Troglodyte's table's rows in full ("table 1 of 1") and nothing
    # said it has no rules (where its whole table was in sight, `m` said so).
    assert save_settings(Settings(hints=False)) == ""
    with everything() as rules:
        scene = Scenario("helena", difficulty="expert", level=2, ruleset=rules)
        game = scene.resources(se=15, food=3, cunning=3).monster("troglodyte").start("battle")
        app = UnbrokenApp(rules, animate=False, game=game, record=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = game_screen_of(app)
            stage = screen.query_one(StagePanel)
            display = screen.query_one(DisplayPanel)
            display.styles.height = display.outer_size.height + 2  # row 3 cut, folded
            screen.draw_all()
            await settle(pilot)
            assert "(m: table)" in str(stage.border_title), stage.drawn
            await pilot.press("m")
            await settle(pilot)
            assert "table 1 of 1 (m: fold)" in str(stage.border_title), stage.drawn
            said = screen.query_one(HintBox).text
            assert said.startswith("Troglodyte: no battle rules, its table's rows in full; "), said
            assert "ambush: " in said and "trickery: 3 cunning" in said, said
