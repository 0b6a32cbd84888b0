"""#28 playtest round 35 (35b-6): `m`'s "table" pages cut rows the rules' pages showed
whole: the Basilisk's "table 1 of 1" read "GAZE add 1 token to Paralyz…", whole only on
"rules 3 of 3" (its rows whole in place went on the last page with room, a rules page).
The table's pages now hold the rows whole in place, each page of them using its free rows
for rows cut: every row is whole on a table page, and where the room is enough for the
whole table (the Basilisk at 80x24 with row 3 "as row 2") one page is the table in full."""

from __future__ import annotations

from pilot import played, settle, sync
from test_round8_screens import table_start

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.stage import StagePanel


async def table_pages(
    mid: str, level: int, size: tuple[int, int], kind: str = " table "
) -> list[list[str]]:
    """Return the table rows of each page of `m` titled `kind` on the monster `mid` in
    battle (Hard, base game), each row's lines joined ("": every page)."""
    scene = Scenario("tomu", level=level, difficulty="hard")
    game = scene.resources(se=15, food=3).weapon("knife").monster(mid).start("battle")
    pages: list[list[str]] = []
    async with played(game, size=size) as (pilot, screen):
        stage = screen.query_one(StagePanel)
        if not kind:  # the stage as it is first, folded
            pages.append(table_rows(stage.drawn))
        await pilot.press("m")
        await settle(pilot)
        seen: list[str] = []
        while stage.drawn not in seen and "(m: read)" not in str(stage.border_title):
            seen.append(stage.drawn)
            if kind in str(stage.border_title):
                pages.append(table_rows(stage.drawn))
            await pilot.press("m")
            await settle(pilot)
    return pages


def table_rows(drawn: str) -> list[str]:
    """Return the stage's table rows, each row's wrapped lines joined."""
    lines = [line for line in drawn.split("\n") if line.strip()]
    rows: list[str] = []
    for line in lines[table_start(lines) :]:
        if line[1:3].strip("▶ "):
            rows.append(line.strip())
        else:
            rows[-1] += " " + line.strip()
    return rows


def whole(rows: list[str]) -> set[int]:
    return {int(row.lstrip("▶")[0]) for row in rows if not row.endswith("…")}


@sync
async def test_every_row_is_whole_on_a_table_page() -> None:
    assert save_settings(Settings(hints=False)) == ""
    for mid, level in (("basilisk", 4), ("bear", 2)):
        for size in ((80, 24), (120, 40)):
            pages = await table_pages(mid, level, size)
            if not pages:  # no table page (120x40): the stage shows the rows whole
                every = await table_pages(mid, level, size, "")
                assert every and all(whole(rows) == set(range(1, 7)) for rows in every)
                continue
            shown = set().union(*(whole(rows) for rows in pages))
            assert shown == set(range(1, 7)), (mid, size, pages)


@sync
async def test_the_basilisks_table_page_is_the_table_in_full_at_80x24() -> None:
    assert save_settings(Settings(hints=False)) == ""
    pages = await table_pages("basilisk", 4, (80, 24))
    assert len(pages) == 1 and whole(pages[0]) == set(range(1, 7)), pages
    assert "3 GAZE  as row 2" in pages[0], pages
