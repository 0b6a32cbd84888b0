"""Round 24's playtest (#28): every page of `m` at 80x24 shows the six table rows, a rule
longer than the room included (the Basilisk's four-line Petrifying Gaze left row 6 out of
"rules 1 of 3" beside a Display a row taller)."""

from __future__ import annotations

from pilot import played, settle, sync
from test_round8_screens import table_start
from test_round16_pages import everything

from unbroken.core.ruleset import Ruleset
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.stage import StagePanel
from unbroken.tui.widgets import DisplayPanel


async def six_rows_on_every_page(rules: Ruleset, mid: str, level: int, taller: int) -> None:
    """Check each page of `m` on the monster `mid` in battle (Expert, the die rolled) at
    80x24 shows its six table rows in sight, the Display `taller` rows taller; `rules`: the
    base game with both expansions (imported once for the whole test: one import per case
    built the same rules 57 times over)."""
    scene = Scenario("tomu", level=level, ruleset=rules, difficulty="expert")
    game = scene.resources(se=15, food=3).weapon("knife").monster(mid).start("battle")
    async with played(game, rules=rules) as (pilot, screen):
        display = screen.query_one(DisplayPanel)
        display.styles.height = display.outer_size.height + taller
        stage = screen.query_one(StagePanel)
        stage.die = "⚀"
        await pilot.press("m")
        stage.die = "⚀ 1 (monster's combat roll)"
        await settle(pilot)
        seen: list[str] = []
        while stage.drawn not in seen:
            seen.append(stage.drawn)
            lines = [line for line in stage.drawn.split("\n") if line.strip()]
            table = lines[table_start(lines) :]
            numbers = [line[1:3].strip("▶ ") for line in table if line[1:3].strip()]
            assert numbers == list("123456"), (mid, taller, stage.border_title, lines)
            visible = screen.query_one("#hand").region.y - stage.region.y
            assert len(stage.drawn.rstrip("\n").split("\n")) < visible, (mid, lines)
            await pilot.press("m")
            await settle(pilot)


@sync
async def test_every_page_of_m_shows_the_six_table_rows() -> None:
    # Round 24: the Basilisk's "rules 1 of 3" showed rows 1 to 5 under its four-line
    # Petrifying Gaze, row 6 left to the other pages.
    assert save_settings(Settings(hints=False)) == ""
    with everything() as rules:
        for mid, card in rules.monsters.items():
            for taller in (0, 1):
                await six_rows_on_every_page(rules, mid, card.level, taller)
