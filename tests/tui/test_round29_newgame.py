"""Round 29's New game screen: the description's fold at a sentence's end where one is
near (29b-21: "Same abilities and start as" above "… (PgDn: more)", the name below; 29a-18:
the Hunter's "…ignore armor. Patience" above it, read as an ability named Patience)."""

from __future__ import annotations

from pathlib import Path

from pilot import opened, sync
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static

from unbroken.testing import expansions_from_source
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.held_words import NEAR, HeldStatic, sentence_fold
from unbroken.tui.newgame import MORE, NewGameScreen

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
EXPANSIONS = {"unearthed": "unbroken_unearthed", "gauntlet": "unbroken_gauntlet"}


def test_a_fold_gives_up_a_few_rows_to_end_at_a_sentences_end() -> None:
    rows = ["A name", "Starts with 13 SE.", "Same abilities and start as", "Kirilla el Kaer."]
    assert sentence_fold(rows, 3) == 2
    assert sentence_fold(rows, 4) == 4  # all of them fit
    assert sentence_fold(["one", "two", "three", "four", "five"], 4) == 4  # none near
    assert sentence_fold(["One.", "two", "three", "four", "five", "six"], 5) == 5  # too far


@sync
async def test_the_description_is_cut_at_a_sentences_end_at_80x24() -> None:
    with expansions_from_source(PLUGINS, EXPANSIONS) as rules:
        app = UnbrokenApp(rules, animate=False, seed=1)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await opened(pilot, "enter", NewGameScreen)
            chars = screen.query_one("#characters", OptionList)
            diffs = screen.query_one("#difficulties", OptionList)
            info = screen.query_one("#class-info", HeldStatic)
            scroll = screen.query_one("#class-scroll", VerticalScroll)
            cuts = 0
            # Every difficulty (on Easy and Hard, the Sage's "…A calm mind finds strength"
            # has no sentence's end near: it is cut there, as before).
            for diff in range(diffs.option_count):
                diffs.highlighted = diff
                for index in range(chars.option_count):
                    chars.highlighted = index
                    for _ in range(3):
                        await pilot.pause()
                    rows = info.rows
                    shown = scroll.size.height
                    more = str(screen.query_one("#class-more", Static).render())
                    ends = [r.rstrip().endswith(".") for r in rows[shown - 1 - NEAR : shown]]
                    if shown < len(rows) and any(ends):
                        cuts += 1
                        assert more == MORE.plain
                        # Expert's Huckdorf, Niola: "Same abilities and start as" was the
                        # last row shown; the Hunter's "…ignore armor. Patience" on Normal.
                        assert rows[shown - 1].rstrip().endswith("."), (diff, rows[:shown])
            assert cuts > chars.option_count  # Expert's descriptions are all cut
