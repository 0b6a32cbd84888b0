"""Round 29's playtest (#28): the options' rows at 80x24 say what a class ability does,
cut with "…" (29a-6, 29b-2: "8. Dangerous Idea [Sage] (1 ability use)" read as whole)."""

from __future__ import annotations

from pilot import played, sync

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.tui.option_rows import (
    DecisionList,
    cut_own_words,
    fit_options,
    without_own_words,
)

RULES = load_ruleset()
IDEA = (
    "8. Dangerous Idea [Sage] (1 ability use): roll the die: if it is above the level, gain 1 time"
)


@sync
async def test_dangerous_ideas_row_says_what_it_does_at_80x24() -> None:
    """Tomu (Sage) on Hard, the first Preparation, hints on as a new player has them: the
    row said "8. Dangerous Idea [Sage] (1 ability use)", nothing of the die it rolls."""
    assert save_settings(Settings()) == ""
    game = Game.new(RULES, "tomu", difficulty="hard", seed=7855111943350237865)
    async with played(game) as (_, screen):
        row = next(r for r in screen.query_one(DecisionList).row_shown_all() if "Idea" in r)
    assert row.startswith("8. Dangerous Idea [Sage] ("), row
    assert "roll the die" in row and row.endswith("…"), row


def test_an_abilitys_row_with_no_room_for_its_deeds_says_it_was_cut() -> None:
    assert cut_own_words(IDEA, without_own_words(IDEA), 44) == (
        "8. Dangerous Idea [Sage] (…): roll the die…"
    )
    assert cut_own_words(IDEA, without_own_words(IDEA), 41) == (
        "8. Dangerous Idea [Sage] (…): roll the…"
    )
    # No room for a word of it even with "(…)": its cost's bracket kept, "…" after it.
    long = "8. Dangerous Idea of the Old Ones [Sage] (pay 1): roll the die"
    assert cut_own_words(long, without_own_words(long), 49) == (
        "8. Dangerous Idea of the Old Ones [Sage] (pay 1)…"
    )


@sync
async def test_an_abilitys_row_cut_keeps_the_rows_left_free() -> None:
    """29b-11: the list cut rows while rows under it stayed free. Tomu after two Focuses,
    hints off: Plan's row grew a row ("paid as 2 SE + 2 ME"), Dangerous Idea's three
    were cut to one over a free row; it keeps two at least, "…" at the end where cut (as
    the detail line reads it), and no row is left free."""
    assert save_settings(Settings(hints=False)) == ""
    game = Game.new(RULES, "tomu", difficulty="hard", seed=7855111943350237865)
    game.apply(act.Focus())
    game.apply(act.Focus())
    async with played(game) as (pilot, screen):
        options = screen.query_one(DecisionList)
        index = next(i for i, r in enumerate(options.row_shown_all()) if "Idea" in r)
        row = options.row_shown(index)
        used = sum(r.count("\n") + 1 for r in options.row_shown_all())
        cut = options.is_cut(index)  # the detail line says it as of a row cut
    assert used == options.room, (used, options.room)
    # It keeps two rows at least, whole or "…" at the end (since round 37 the fit gives a
    # row held for one word up first: the Idea is whole, Scout's and the Crafts' cut).
    assert row.startswith(
        "8. Dangerous Idea [Sage] (1 ability use):\n   roll the die: if it is above the level"
    ), row
    assert cut == row.endswith("…"), (cut, row)


def test_the_last_option_cut_keeps_the_rows_it_freed_beyond_the_need() -> None:
    lines = ["1. Explore", "2. " + "word " * 16, IDEA]
    shown = fit_options(lines, 44, 5, wordy=[False, False, True])
    assert shown[2] == (
        "8. Dangerous Idea [Sage] (1 ability use):\n   roll the die: if it is above the level…"
    ), shown
