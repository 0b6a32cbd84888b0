"""#28 playtest round 35 (35a-1): `m` on the Dark Elf said "▌ Dark Elf: no battle rules,
its table's rows in full; ambush: gain Poisoned with 2 / ▌ tokens now; trickery: 3 … (l:
all of it)": a cut left a number without what it counts, and "its table's rows in full"
beside the title's "table 1 of 3 (m: next)" read as rows hidden."""

from __future__ import annotations

import re

from pilot import game_screen_of, settle, sync

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.hints import CUT, HintBox, counted
from unbroken.tui.stage import StagePanel


def test_a_cut_never_ends_on_a_bare_number() -> None:
    said = "Dark Elf: no battle rules; ambush: gain Poisoned with 2 tokens now; trickery: 3"
    assert counted(said) == "Dark Elf: no battle rules; ambush: gain Poisoned with 2 tokens now"
    assert counted("…; trickery: 3 cunning +") == "…; trickery: 3 cunning"
    assert counted("its rows are whole") == "its rows are whole"


@sync
async def test_m_on_the_dark_elf_says_its_page_and_cuts_between_whole_parts() -> None:
    assert save_settings(Settings(hints=False)) == ""
    game = (
        Scenario("maxyn-zenma", level=3)
        .resources(se=15, food=3, cunning=3)
        .monster("dark-elf")
        .start("battle")
    )
    app = UnbrokenApp(game.ruleset, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        stage, box = screen.query_one(StagePanel), screen.query_one(HintBox)
        seen = 0
        for _ in range(4):
            await pilot.press("m")
            await settle(pilot)
            title = str(stage.border_title)
            paged = re.search(r"table (\d) of (\d)", title)
            said = box.text
            if not paged or not said.startswith("Dark Elf: no battle rules"):
                continue  # folded back: the notice said is the last page's
            seen += 1
            if paged[2] != "1":  # the notice says the page the title says
                assert f"rows in full, page {paged[1]} of {paged[2]}" in said, (title, said)
            else:
                assert "page" not in said, (title, said)
            shown = " ".join(str(box.render()).split())
            if shown.endswith(CUT.strip()):  # cut: never after a bare number
                before = shown.removesuffix(CUT.strip()).rstrip(" …")
                assert not re.search(r"(^|\s)[+−-]?\d+$", before), shown
                assert not before.endswith(":"), shown
        assert seen == 3, seen  # the playtest's three pages, each said
