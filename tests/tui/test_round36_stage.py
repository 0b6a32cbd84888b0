"""#28 playtest round 36: `m`'s pages on the stage. 36b-2: the page count changed
mid-battle as a table row's words grew or shrank (the Abomination's DAZE row: "the monster
rolls again (you have Poisoned already)", "gain Poisoned with 2 tokens now", "gave you
Poisoned (next time: …)"): the pages are laid out for each row's longest words in the
battle, so the count stays from the battle's start."""

from __future__ import annotations

from pilot import played, settle, sync

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.hints import HintBox
from unbroken.tui.sheet_rows import marked_applied
from unbroken.tui.stage import StagePanel
from unbroken.tui.widgets import OPTION_KEYS, DisplayPanel

RULES = load_ruleset()


def abomination(difficulty: str, *dice: int) -> Game:
    """The Abomination's battle at level 2, the monster's rolls `dice`."""
    rules = load_ruleset()
    scene = Scenario("tomu", level=2, ruleset=rules, difficulty=difficulty)
    scene = scene.resources(se=15, food=3, cunning=3).weapon("knife").monster("abomination")
    return scene.dice(*dice).start("battle")


@sync
async def test_the_page_count_stays_as_the_daze_row_changes_its_words() -> None:
    assert save_settings(Settings(hints=False)) == ""
    # Hard: Poisoned from the start, its DAZE row "the monster rolls again (…)"; a 5 rolls
    # again, a 1 misses, and the row says "gain Poisoned …" once Poisoned is gone.
    for difficulty, grow in (("hard", 1), ("hard", 2), ("normal", 2), ("normal", 3)):
        game = abomination(difficulty, 5, 5, 1, 1, 1, 1)
        async with played(game) as (pilot, screen):
            stage = screen.query_one(StagePanel)
            display = screen.query_one(DisplayPanel)
            display.styles.height = display.outer_size.height + grow
            await settle(pilot)
            await pilot.press("m")
            await settle(pilot)
            title = str(stage.border_title)
            assert "table 1 of" in title, (difficulty, grow, title, stage.drawn)
            seen = [stage.drawn]
            while game.state.round < 3:
                offered = [a for a, _ in screen.offered]
                screen.take(next(i for i, a in enumerate(offered) if a in (act.Skip(), act.Pass())))
                await settle(pilot)
                seen.append(stage.drawn)
                assert str(stage.border_title) == title, (difficulty, grow, title, seen)
            # The DAZE row's words changed: from "rolls again" (Poisoned held) to "gain
            # Poisoned" (hard), from "gain Poisoned" to "gave you Poisoned" (normal).
            said = " ".join(" ".join(drawn.split()) for drawn in seen)
            grown = "gain Poisoned" if difficulty == "hard" else "▶5 DAZE gave you Poisoned"
            assert grown in said, seen


@sync
async def test_the_page_notice_names_the_rows_it_cuts_and_goes_with_the_fold() -> None:
    # Round 36: "its table's rows in full, page 1 of 2" beside a row cut on that page; and
    # after `m m m` folded the stage, the notice "… page 2 of 2 …" stayed up (36b-3).
    assert save_settings(Settings(hints=False)) == ""
    app = UnbrokenApp(RULES, animate=False, seed=1)  # seed 1: the Gibberling at once
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        fight = next(i for i, (a, _) in enumerate(screen.offered) if a == act.Fight())
        await pilot.press(OPTION_KEYS[fight], OPTION_KEYS[fight])
        await settle(pilot)
        stage, box = screen.query_one(StagePanel), screen.query_one(HintBox)
        pages: list[tuple[str, str]] = []
        await pilot.press("m")
        await settle(pilot)
        while " of " in str(stage.border_title):
            pages.append((stage.drawn, box.text))
            await pilot.press("m")
            await settle(pilot)
        assert len(pages) == 2, pages
        for k, (drawn, said) in enumerate(pages):
            assert f"page {k + 1} of 2" in said, said
            other = " ".join(pages[1 - k][0].split())
            cut = [line for line in drawn.splitlines() if line.endswith("…")]
            for line in cut:  # each row cut here is whole on the other page, and said so
                number = line.split()[0].lstrip("▶")
                assert f"row {number} " in said or f" {number} whole" in said, (said, drawn)
                assert line.rstrip("…").split(maxsplit=2)[2] in other, (line, other)
            if not cut:
                assert "whole on another page" not in said, said
        assert any("whole on another page" in said for _, said in pages), pages
        # Folded again: the page's notice went with its page.
        assert " of " not in str(stage.border_title)
        assert "page 2 of 2" not in box.text, box.text


def test_u_keeps_the_rolled_row_marked() -> None:
    # Round 36: after `u` the ▶ on the row the last roll applied was gone, the die still
    # showing that roll (r52 held it through Response windows). `u` draws a new screen with
    # no decision of its own yet (`last` empty) at the decision before the one taken back:
    # here the player's turn after the WOUND row's window was passed.
    game = abomination("normal", 2, 3, 3, 3)
    game.apply(act.Skip())
    while game.decision is not None and game.decision.kind == "response":
        game.apply(act.Pass())
    assert marked_applied([], game.events, taken_back=True) == 2
    assert marked_applied([], game.events) == 0  # a screen that began here: none held
