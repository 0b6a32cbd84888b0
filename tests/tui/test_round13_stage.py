"""#28 playtest round 13 on the monster's stage at 80x24: `m`'s pages (whole words, the
rules first, parts that fill their page)."""

from __future__ import annotations

import asyncio

import pytest
from pilot import game_screen_of, open_pages, played, settle
from scenes import fought

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.tui import taking
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.stage import StagePanel
from unbroken.tui.widgets import OPTION_KEYS

RULES = load_ruleset()


async def pages_of(game: Game) -> tuple[str, list[list[str]]]:
    """Return the die's words and each page `m` shows (its lines under the two-line head,
    the table's six rows left out), at 80x24."""
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    pages: list[list[str]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        stage = game_screen_of(app).query_one(StagePanel)
        die = f"die {stage.die}"
        for _ in range(10):
            await pilot.press("m")
            await settle(pilot)
            if " of " not in str(stage.border_title):
                break
            lines = stage.drawn.splitlines()
            pages.append(lines[:-6])
    return die, pages


def test_m_pages_cut_the_die_between_words_and_show_the_rules_first() -> None:
    # Round 13: the Bugbear Warlord's page 1 held only "…ord" under "die ⚂ 3 picked the
    # Bugbear Warl…", its Thick Hide on page 2; the Crazed Survivor's page 1 held only the
    # die's "…t roll)", its Grab the Weapon on pages 2 and 3.
    assert save_settings(Settings(hints=False)) == ""
    for level, seed, monster in ((3, 2, "bugbear-warlord"), (2, 1, "crazed-survivor")):
        card = RULES.monsters[f"base:{monster}"]
        die, pages = asyncio.run(pages_of(fought(level, seed, monster)))
        assert len(pages) >= 2, (monster, pages)
        head = pages[0][1]
        if " picked the " in die:  # round 25: the name is on the line above: "picked it"
            assert head == f"{die.partition(' picked the ')[0]} picked it", (monster, head)
            assert pages[0][2].startswith(f"{card.abilities[0].name}:"), (monster, pages[0])
            continue
        assert len(head) < len(die), (monster, head)
        # Cut between words: with "…" on both rows, or (round 20) at a clause's end with
        # none ("die ⚀ 1 +1 = 2" / "(monster's combat roll)").
        said = head.removesuffix("…")
        assert die.startswith(said) and die[len(said)] == " ", (monster, head)  # whole words
        tail = die[len(said) + 1 :]
        shown = f"…{tail}" if head.endswith("…") else tail
        rest = [line for page in pages for line in page[2:] if line.endswith(tail)]
        # Said whole where said, on each page with room for it (`lay_out_die`; 35b-6: the
        # Crazed Survivor's table page, its rows whole in place, has room for it too).
        assert rest and set(rest) == {shown}, (monster, pages)
        first = card.abilities[0].name
        # The rule first, under the die's words where page 1 has room for them (round 37:
        # Grab the Weapon in parts as long as each other, page 1 has it).
        ruled = [line for line in pages[0][2:] if line != shown]
        assert ruled[0].startswith(f"{first}:"), (monster, pages[0])


def test_the_page_count_stays_while_the_die_rolls_and_lands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Round 13: after a decision the title went from "rules 4 of 4" to "rules 4 of 6" on
    # its own, a blank row where the die had been: the pages' size followed the rows the
    # die took, its face while it rolled, then its words once it landed, and the words'
    # rest ("…s combat roll)" for the Minotaur's Charge) took a page more as it landed.
    assert save_settings(Settings(hints=False)) == ""
    # A roll far longer than any test: a busy machine must not let the die land before the
    # first look (it did once, in CI); the test lands it, as its timer would.
    monkeypatch.setattr(taking, "ROLL_SECONDS", 600.0)
    asyncio.run(decision_while_reading())


async def decision_while_reading() -> None:
    game = fought(3, 1, "minotaur")
    async with played(game, animate=True) as (pilot, screen):
        stage = await open_pages(pilot, screen)
        attack = next(i for i, (a, _) in enumerate(game.options()) if isinstance(a, act.Attack))
        await pilot.press(OPTION_KEYS[attack])  # the monster rolls
        await pilot.pause()
        assert screen.rolling.rolling, "the die rolls"
        # The page's rows: its lines and the blank rows under its table (round 27: the row
        # kept for the die's words is blank there while it rolls, not over the rules).
        title, rows = str(stage.border_title), len(stage.drawn.splitlines()) + stage.pad
        height = stage.region.height
        assert "" not in stage.drawn.splitlines(), stage.drawn  # no blank row over the table
        assert " 1 of " in title, title
        screen.rolling.land()  # what its timer does when the roll's time is up
        await pilot.pause()
        assert "(monster's combat roll)" in stage.drawn, stage.drawn  # landed
        assert str(stage.border_title) == title, stage.drawn  # read on, as it was
        assert len(stage.drawn.splitlines()) + stage.pad == rows, stage.drawn
        assert stage.region.height == height, stage.drawn
