"""Round 32's playtest (#28), the stage: at the Shrieking Fungus's Trickery step the folded
stage showed its table's row 4 (DAZE) whole, over two lines, and `m`'s page showed it cut
("4 DAZE lose 2 SE (you have no…"). `m` never shows less of a row than the folded stage
did: a row the folded stage shows whole is whole on every page (two lines if it needs
them), over every monster of the base game and both expansions at 80x24."""

from __future__ import annotations

from pilot import sync
from test_round16_pages import everything, pages_of, split_page

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario


def less_of_rows(folded: str, page: str) -> list[str]:
    """Return the table rows `page` (one of `m`'s) shows less of than `folded` (the stage
    folded) does: cut shorter, and not said whole above the table nor "as row" another."""
    _, before = split_page(folded)
    said, rows = split_page(page)
    found = []
    for was, now in zip(before, rows, strict=True):
        number, result = was.split(" ")[:2]
        if f"{number} {result}:" in said or " as row " in now:  # said whole elsewhere
            continue
        if len(now.removesuffix("…")) < len(was.removesuffix("…")):
            found.append(f"{was!r} -> {now!r}")
    return found


@sync
async def test_the_shrieking_fungus_s_daze_row_is_never_cut_by_m() -> None:
    # Round 32: folded, its DAZE row whole over two lines; its Trickery page cut it. Its
    # only rule said whole folded, its rows whole: `m` has nothing to add, and the title
    # offers nothing ("(m: table)" said so while the table was whole).
    assert save_settings(Settings(hints=False)) == ""
    scene = Scenario("tomu", level=1).resources(se=15, food=3, cunning=3).weapon("knife")
    drawn, titles = await pages_of(scene.monster("shrieking-fungus").start("trickery"))
    daze = next(row for row in split_page(drawn[0])[1] if row.startswith("4 DAZE"))
    assert daze == "4 DAZE lose 2 SE (you have no ME)", drawn[0]  # whole, folded
    assert "trickery: 2 cunning" in drawn[0], drawn[0]
    assert titles[0] == "Stage", titles
    for page in drawn:
        assert daze in split_page(page)[1], (daze, page)
        assert not less_of_rows(drawn[0], page), page


@sync
async def test_m_never_shows_less_of_a_row_than_the_folded_stage() -> None:
    assert save_settings(Settings(hints=False)) == ""
    found: list[str] = []
    with everything() as rules:
        for mid, card in rules.monsters.items():
            for step in ("trickery", "battle"):
                scene = Scenario("tomu", level=card.level, ruleset=rules)
                scene = scene.resources(se=15, food=3, cunning=3).weapon("knife")
                drawn, titles = await pages_of(scene.monster(mid).start(step))
                shown = list(zip(drawn, titles, strict=True))
                folded = [d for d, t in shown if " of " not in t and "fewer words" not in d]
                for page in (d for d, t in shown if " of " in t):
                    for before in folded:
                        found += [f"{mid} {step}: {row}" for row in less_of_rows(before, page)]
    assert not found, "\n".join(found)
