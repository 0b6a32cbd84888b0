"""Round 16's playtest (#28): `m`'s pages over every monster of the base game and both
expansions at 80x24: each table row readable whole on some page, in row order after the
rules, and no page that adds nothing."""

from __future__ import annotations

import re
from contextlib import AbstractContextManager
from pathlib import Path

from pilot import game_screen_of, settle, sync

from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario, expansions_from_source
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.sheet_rows import table_lines
from unbroken.tui.stage import StagePanel

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
EXPANSIONS = {"unearthed": "unbroken_unearthed", "gauntlet": "unbroken_gauntlet"}
#: Where the table starts on a page: its first row (" 1 MISS …" or "▶1 …").
FIRST_ROW = re.compile(r"^[ ▶]1 \S")
ROW = re.compile(r"^[ ▶]\d+ \S")


def everything() -> AbstractContextManager[Ruleset]:
    """The base game with both expansions, imported from plugins/*/src (not installed)."""
    return expansions_from_source(PLUGINS, EXPANSIONS)


def words(text: str) -> str:
    """Return `text` with its runs of white space one space (wrapping undone)."""
    return " ".join(text.split())


def split_page(drawn: str) -> tuple[str, list[str]]:
    """Return a page's words above its table (the rules said, the parts' "…" taken out)
    and its table rows, each row's wrapped lines joined."""
    lines = drawn.split("\n")
    top = max(k for k, line in enumerate(lines) if FIRST_ROW.match(line))
    rows: list[str] = []
    for line in lines[top:]:
        if ROW.match(line):
            rows.append(line)
        else:
            rows[-1] += " " + line
    said = words(" ".join(lines[2:top])).replace(" … ", " ").removeprefix("… ")
    return said.removesuffix(" …"), [words(row.replace("▶", " ")) for row in rows]


async def pages_of(game: Game) -> tuple[list[str], list[str]]:
    """Return the stage's text at 80x24 on each of `m`'s pages (the folded one first)
    and their titles."""
    app = UnbrokenApp(game.ruleset, animate=False, game=game, record=False)
    drawn, titles = [], []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        stage = game_screen_of(app).query_one(StagePanel)
        while stage.drawn not in drawn:
            drawn.append(stage.drawn)
            titles.append(str(stage.border_title))
            await pilot.press("m")
            await settle(pilot)
    return drawn, titles


async def every_row_readable(step: str) -> None:
    """Check `m`'s pages of every monster at `step` (see the module's docstring)."""
    assert save_settings(Settings(hints=False)) == ""
    with everything() as rules:
        for mid, card in rules.monsters.items():
            scene = Scenario("tomu", level=card.level, ruleset=rules)
            game = scene.resources(se=15, food=3).weapon("knife").monster(mid).start(step)
            drawn, titles = await pages_of(game)
            pages = [split_page(page) for page in drawn]
            said = " ".join(top for top, _ in pages)
            shown = {row for _, rows in pages for row in rows}
            for i, (line, _) in enumerate(table_lines(game.state, rules, card, 0), 1):
                row = words(line)
                head = f"{i} {card.table[i - 1].result}"
                told = said.replace(f"{head}:", head)  # said as a rule: "3 WOUND: lose …"
                assert row in shown or row in told, (mid, row, drawn)
            for k, (top, rows) in enumerate(pages):
                others = [p for n, p in enumerate(pages) if n != k]
                new = (top and all(top != o for o, _ in others)) or any(
                    all(row not in o for _, o in others) for row in rows
                )
                assert new, (mid, titles[k], drawn)


@sync
async def test_every_row_of_every_monster_is_readable_on_a_page_of_m_in_battle() -> None:
    # Round 16: the Bugbear's pages unfolded rows 4, 3, 6 in that order and left the
    # DISARM and CONFUSE rows cut; the Lich's "table 1 of 3" unfolded nothing. Before
    # the fix the Gutter Wolf's last page showed its STEAL row whole as folded did.
    await every_row_readable("battle")


@sync
async def test_every_row_of_every_monster_is_readable_on_a_page_of_m_at_trickery() -> None:
    await every_row_readable("trickery")


@sync
async def test_the_folded_hint_says_what_m_adds_where_the_rules_are_said_whole() -> None:
    # Round 16: the Abomination (no keyword, no rule of its own) said its trickery whole
    # folded, "(m: read)", and `m` added one table row: the hint says it is the table's.
    from unbroken.plugins import load_ruleset

    assert save_settings(Settings(hints=False)) == ""
    rules = load_ruleset()
    scene = Scenario("tomu", level=2, ruleset=rules).resources(se=15, food=3, cunning=3)
    game = scene.weapon("knife").monster("abomination").start("trickery")
    drawn, titles = await pages_of(game)
    folded = " ".join(drawn[0].split())
    assert "trickery: 3 cunning + 1 food (m: table)" in folded, drawn[0]
    assert "5 DAZE gain Poisoned with 2 tokens now" in " ".join(drawn[1].split())
    # A monster with a rule of its own still offers its words: the Bugbear's Thick Hide.
    scene = Scenario("tomu", level=3, ruleset=rules).resources(se=15, food=3)
    drawn, _ = await pages_of(scene.weapon("knife").monster("bugbear-warlord").start("battle"))
    assert "Thick Hide (m: read)" in drawn[0]
